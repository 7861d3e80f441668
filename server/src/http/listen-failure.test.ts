import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const main = fileURLToPath(new URL('../main.ts', import.meta.url));

describe('a server started on a port another program holds', () => {
  it('says in Russian which port is taken and how to choose another, with no stack', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as { port: number };
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kss-busy-port-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', main], {
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'test',
          PORT: String(port),
          DATA_DIR: dataDir,
          DEMO_DATA: '0',
        },
      });
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));

      expect(code).toBe(1);
      expect(stderr.trim()).toBe(
        `Порт ${port} уже занят другой программой (может быть, сервер уже запущен). Остановите ее или выберите другой порт: PORT=3000 npm start`,
      );
    } finally {
      holder.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
