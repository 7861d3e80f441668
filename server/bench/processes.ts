import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A port nobody listens on now, on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A TypeScript file of this repository run by Node in a process of its own (as `npm start` runs the
 * server); its stdout piped to us, or to a file descriptor (a log file).
 */
export function runTs(
  file: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; nodeFlags?: string[]; stdout?: number } = {},
) {
  return spawn(process.execPath, [...(options.nodeFlags ?? []), '--import', 'tsx', file, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...options.env },
    stdio: ['ignore', options.stdout ?? 'pipe', 'inherit'],
  });
}

/** Everything a process writes to stdout, once it exits 0. */
export function outputOf(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${child.spawnargs.join(' ')} exited with ${code}`)),
    );
  });
}

/** The first line a process prints (where a server says it listens). */
export function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.setEncoding('utf8').on('data', function onData(chunk: string) {
      out += chunk;
      const end = out.indexOf('\n');
      if (end === -1) return;
      child.stdout?.off('data', onData);
      child.stdout?.resume();
      resolve(out.slice(0, end).trim());
    });
    child.once('exit', (code) => reject(new Error(`${child.spawnargs.join(' ')} exited with ${code}`)));
  });
}

/** Ends a process this bench started, and waits for it to go. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await gone;
  clearTimeout(force);
}

/** CPU seconds a process has used so far (Linux: /proc/<pid>/stat, user + system). */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}
