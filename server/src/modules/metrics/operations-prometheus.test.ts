import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { notifications } from '../../db/schema.ts';

/**
 * The operator's book's Prometheus configuration and alert rules (docs/operations.md), as pasted, against a running server:
 * Debian's Prometheus scrapes it and must find the target up and the six rules loaded, and the
 * rules about Telegram must go pending while it is out of reach. Both YAML blocks are read from
 * docs/operations.md, so the test follows what a reader copies.
 */
const TOKEN = 'operations-scrape-token-0123456789';
const book = readFileSync(path.join(import.meta.dirname, '../../../../docs/operations.md'), 'utf8');
const metricsSection = book.slice(
  book.indexOf('## Metrics'),
  book.indexOf('\n## ', book.indexOf('## Metrics') + 1),
);
const yamlBlocks = [...metricsSection.matchAll(/```yaml\n([\s\S]*?)```/g)].map(
  ([, block]) => block as string,
);
const scrapeConfig = yamlBlocks.find((block) => block.startsWith('scrape_configs:'));
const alertRules = yamlBlocks.find((block) => block.startsWith('groups:'));

const run = promisify(execFile);
const installed = async (command: string) =>
  run('sh', ['-c', `command -v ${command}`]).then(
    () => true,
    () => false,
  );
const prometheusInstalled = await installed('prometheus');

/** A port no one listens on now, for Prometheus's own web server. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

/** Asks `read` every 200 ms until it gives what `until` wants, for at most a minute (a loaded CI machine). */
async function pollUntil<T>(read: () => Promise<T>, until: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 60_000;
  let last: T | undefined;
  let failure: unknown;
  while (Date.now() < deadline) {
    try {
      last = await read();
      if (until(last)) return last;
    } catch (error) {
      failure = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what}: still ${JSON.stringify(last)} after a minute${failure ? ` (${failure})` : ''}`);
}

describe('the operator’s book’s Prometheus snippet, as pasted', () => {
  let t: TestApp;
  let dir: string;
  let prometheus: ReturnType<typeof spawn> | undefined;
  let api: string;

  beforeAll(async () => {
    if (!prometheusInstalled) return;
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const server = await t.app.listen({ host: '127.0.0.1', port: 0 });
    dir = mkdtempSync(path.join(tmpdir(), 'kss-prometheus-'));
    writeFileSync(path.join(dir, 'token'), TOKEN);
    writeFileSync(path.join(dir, 'rules.yml'), alertRules ?? '');
    // The book's scrape job, aimed at this server and this token file, scraped every second.
    const job = (scrapeConfig ?? '')
      .replace(/targets: \[[^\]]*\]/, `targets: ["${new URL(server).host}"]`)
      .replace(/credentials_file: \S+ \}/, `credentials_file: ${path.join(dir, 'token')} }`);
    writeFileSync(
      path.join(dir, 'prometheus.yml'),
      `global: { scrape_interval: 1s, evaluation_interval: 1s }\nrule_files: [rules.yml]\n${job}`,
    );
    const port = await freePort();
    api = `http://127.0.0.1:${port}`;
    prometheus = spawn(
      'prometheus',
      [
        `--config.file=${path.join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${path.join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: 'ignore' },
    );
  });

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((resolve) => prometheus?.once('exit', resolve));
      prometheus.kill();
      await exited;
    }
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('finds the scrape job and the alert rules in docs/operations.md', () => {
    expect(scrapeConfig).toContain('job_name:');
    expect(alertRules).toContain('alert:');
  });

  it('scrapes the server’s metrics (the target is up) and loads the six alert rules', async (context) => {
    if (!prometheusInstalled) {
      if (process.env.CI) throw new Error('prometheus is not installed; .ci/run installs it from Debian');
      context.skip('prometheus is not installed (apt-get install prometheus); CI installs it');
    }
    const { stdout } = await run('promtool', ['check', 'rules', path.join(dir, 'rules.yml')]);
    expect(stdout).toContain('SUCCESS: 6 rules found');
    await run('promtool', ['check', 'config', path.join(dir, 'prometheus.yml')]);

    type Target = { health: string; lastError: string; scrapeUrl: string };
    const [target] = await pollUntil(
      async () => {
        const answer = (await (await fetch(`${api}/api/v1/targets`)).json()) as {
          data: { activeTargets: Target[] };
        };
        return answer.data.activeTargets;
      },
      (targets) => targets[0]?.health !== undefined && targets[0].health !== 'unknown',
      'the first scrape',
    );
    expect(target).toMatchObject({ health: 'up', lastError: '' });
    expect(target?.scrapeUrl).toMatch(/\/api\/metrics$/);

    const rules = await pollUntil(
      async () => {
        const answer = (await (await fetch(`${api}/api/v1/rules`)).json()) as {
          data: { groups: { name: string; rules: { name: string; health: string }[] }[] };
        };
        return answer.data.groups.flatMap(({ rules }) => rules);
      },
      (loaded) => loaded.length > 0 && loaded.every(({ health }) => health !== 'unknown'),
      'the rules evaluated',
    );
    expect(rules.map(({ name, health }) => `${name}: ${health}`)).toEqual([
      'ServerErrors: ok',
      'SlowAnswers: ok',
      'TelegramUnreachable: ok',
      'OutboxStuck: ok',
      'TelegramRateLimited: ok',
      'SweepStalled: ok',
    ]);
  });

  it('has the rules about Telegram pending while it is out of reach and a message waits, inactive once it answers', async (context) => {
    if (!prometheusInstalled) {
      if (process.env.CI) throw new Error('prometheus is not installed; .ci/run installs it from Debian');
      context.skip('prometheus is not installed (apt-get install prometheus); CI installs it');
    }
    type Rule = { name: string; state: string };
    const statesOf = async () => {
      const answer = (await (await fetch(`${api}/api/v1/rules`)).json()) as {
        data: { groups: { rules: Rule[] }[] };
      };
      const rules = answer.data.groups.flatMap(({ rules }) => rules);
      return ['TelegramUnreachable', 'OutboxStuck'].map(
        (name) => `${name}: ${rules.find((rule) => rule.name === name)?.state}`,
      );
    };

    // The relay answers 502 for an hour of the fake's clock; a message has waited 15 minutes.
    let clock = 0;
    t.botApi.setClock(() => clock);
    t.botApi.addOutage({ fromMs: 0, untilMs: 3_600_000, status: 502 });
    await t.database.db.insert(notifications).values({
      kind: 'GIFT_RECEIVED',
      eventKey: 'operations-stuck',
      chatId: 4242,
      text: 'Вам подарили купон',
      createdAt: new Date(Date.now() - 15 * 60_000),
    });
    await t.deliverNotifications();
    // Pending, not firing: each rule waits its `for: 5m` first.
    const pending = ['TelegramUnreachable: pending', 'OutboxStuck: pending'];
    expect(
      await pollUntil(statesOf, (states) => states.join() === pending.join(), 'the rules pending'),
    ).toEqual(pending);

    clock = 3_600_000;
    await t.deliverNotifications(new Date(Date.now() + 10 * 60_000));
    const inactive = ['TelegramUnreachable: inactive', 'OutboxStuck: inactive'];
    expect(
      await pollUntil(statesOf, (states) => states.join() === inactive.join(), 'the rules inactive again'),
    ).toEqual(inactive);
  });
});
