import { spawn } from 'node:child_process';
import { getPriority, setPriority } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepRendererFirst } from './renderer-first.ts';

/**
 * A stand-in for Chromium's zygote: a process that forks a «renderer» (its command line names
 * `--type=renderer`, as Chromium's do) and a utility, prints their process ids, and stays.
 */
const ZYGOTE = `
  const { spawn } = require('node:child_process');
  const stay = ['-e', 'setInterval(() => {}, 1e3)', '--'];
  const renderer = spawn(process.execPath, [...stay, '--type=renderer'], { stdio: 'ignore' });
  const utility = spawn(process.execPath, [...stay, '--type=utility'], { stdio: 'ignore' });
  console.log(JSON.stringify({ renderer: renderer.pid, utility: utility.pid }));
  setInterval(() => {}, 1e3);
`;

const started: number[] = [];
const keepers: Array<ReturnType<typeof keepRendererFirst>> = [];
afterEach(() => {
  for (const keeper of keepers.splice(0)) keeper.stop();
  for (const pid of started.splice(0)) process.kill(pid);
});

function keeper() {
  const made = keepRendererFirst(process.pid);
  keepers.push(made);
  return made;
}

async function startZygote() {
  const zygote = spawn(process.execPath, ['-e', ZYGOTE], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve) =>
    zygote.stdout.once('data', (data) => resolve(String(data))),
  );
  const pids = JSON.parse(line) as { renderer: number; utility: number };
  started.push(zygote.pid ?? 0, pids.renderer, pids.utility);
  return { zygote: zygote.pid ?? 0, ...pids };
}

// Raising a priority needs root (CAP_SYS_NICE), which the bench and CI run as on this machine kind.
describe.skipIf(process.getuid?.() !== 0)('the page renderer first on the cores', () => {
  it('raises a renderer its browser forked through a zygote, and nothing else', async () => {
    const { zygote, renderer, utility } = await startZygote();
    const first = keeper();
    first.start();
    await vi.waitFor(() => expect(getPriority(renderer)).toBe(-20));
    expect(getPriority(utility)).toBe(0);
    expect(getPriority(zygote)).toBe(0);
    const { time, refused } = first.stop();
    expect(refused).toBeUndefined();
    expect(time?.onCoreMs).toBeGreaterThanOrEqual(0);
    expect(time?.waitingMs).toBeGreaterThanOrEqual(0);
  });

  it('raises a renderer again when its nice value was set back', async () => {
    const { renderer } = await startZygote();
    const first = keeper();
    first.start();
    await vi.waitFor(() => expect(getPriority(renderer)).toBe(-20));
    // Chromium sets a renderer's main thread to 0 or 5 when it comes to the front or goes behind.
    setPriority(renderer, 5);
    await vi.waitFor(() => expect(getPriority(renderer)).toBe(-20));
  });

  it('leaves renderers alone until it is started, and then tells no time', async () => {
    const first = keeper();
    const { renderer } = await startZygote();
    expect(getPriority(renderer)).toBe(0);
    expect(first.stop()).toEqual({});
  });
});
