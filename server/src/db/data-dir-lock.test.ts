import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
      // The holder named is this process: the one to stop, or to back up through.
      await expect(openDatabase({ dataDir })).rejects.toThrow(`open in process ${process.pid} `);
    } finally {
      await first.close();
    }
    const second = await openDatabase({ dataDir });
    await second.close();
  });

  it('takes over a folder whose holder is gone (a server killed)', async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    const holderFile = path.join(dataDir, 'pglite.pid');
    writeFileSync(holderFile, String(gone));
    const database = await openDatabase({ dataDir });
    try {
      expect(readFileSync(holderFile, 'utf8')).toBe(String(process.pid));
    } finally {
      await database.close();
    }
    expect(existsSync(holderFile)).toBe(false);
  });
});
