import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'kss-lock-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('one holder of the embedded database’s folder', () => {
  it('refuses a second open while the first holds the folder, and allows it once closed', async () => {
    const first = await openDatabase({ dataDir });
    try {
      await expect(openDatabase({ dataDir })).rejects.toThrow(/open in process \d+/);
    } finally {
      await first.close();
    }
    const second = await openDatabase({ dataDir });
    await second.close();
  });

  it('takes over a folder whose holder is gone (a server killed)', async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(path.join(dataDir, 'pglite.pid'), String(gone));
    const database = await openDatabase({ dataDir });
    await database.close();
  });
});
