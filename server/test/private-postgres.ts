import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL cluster and a PgBouncer of a test's own, which it may restart and kill: the shared
 * server at TEST_DATABASE_URL serves every other test file at the same time, so no test stops that
 * one. Made from Debian's binaries (PostgreSQL's, and PgBouncer's, which `.ci/start-pgbouncer`
 * installs); both refuse to run as root, so as root they run as `postgres`.
 */
const PG_BIN = (() => {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const version = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  return version && path.join(root, version, 'bin');
})();
const PGBOUNCER = '/usr/sbin/pgbouncer';

/** Why the private servers cannot be made on this machine, or undefined when they can. */
export const privateServersMissing: string | undefined = !PG_BIN
  ? 'no PostgreSQL binaries under /usr/lib/postgresql'
  : !existsSync(PGBOUNCER)
    ? 'no PgBouncer (.ci/start-pgbouncer installs it)'
    : undefined;

const asRoot = process.getuid?.() === 0;

/** Runs a server binary as `postgres` when the test runs as root. */
function run(command: string, args: string[]): void {
  const [file, argv] = asRoot
    ? ['su', ['postgres', '-s', '/bin/sh', '-c', shell(command, args)]]
    : [command, args];
  const result = spawnSync(file, argv as string[], { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
}

const shell = (command: string, args: string[]) =>
  [command, ...args].map((part) => `'${part.replaceAll("'", `'\\''`)}'`).join(' ');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface PrivateServers {
  /** Straight to PostgreSQL. */
  directUrl: string;
  /** Through PgBouncer in transaction mode. */
  bouncerUrl: string;
  /** Stops PostgreSQL as a failover does (every connection cut at once) and starts it again. */
  restartPostgres(): void;
  /** Kills PgBouncer outright and starts it again on the same port. */
  restartPgbouncer(): Promise<void>;
  close(): Promise<void>;
}

/** A cluster with one database, `kss`, and a PgBouncer in front of it. */
export async function startPrivateServers(): Promise<PrivateServers> {
  if (!PG_BIN) throw new Error(privateServersMissing);
  const dir = mkdtempSync(path.join(tmpdir(), 'kss-private-pg-'));
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const data = path.join(dir, 'data');
  const [pgPort, bouncerPort] = [await freePort(), await freePort()];
  run(path.join(PG_BIN, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const pgCtl = (...args: string[]) => run(path.join(PG_BIN, 'pg_ctl'), ['-D', data, ...args]);
  const options = `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const startPostgres = () => pgCtl('-o', options, '-l', path.join(dir, 'postgres.log'), '-w', 'start');
  startPostgres();
  run(path.join(PG_BIN, 'createdb'), ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'postgres', 'kss']);

  const ini = path.join(dir, 'pgbouncer.ini');
  writeFileSync(path.join(dir, 'users.txt'), '"postgres" ""\n');
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=127.0.0.1 port=${pgPort}`,
      '[pgbouncer]',
      'pool_mode = transaction',
      'listen_addr = 127.0.0.1',
      `listen_port = ${bouncerPort}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'ignore_startup_parameters = extra_float_digits',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  if (asRoot) execFileSync('chown', ['-R', 'postgres', dir]);
  const startPgbouncer = () => run(PGBOUNCER, ['-d', ini]);
  const pidFile = path.join(dir, 'pgbouncer.pid');
  const killPgbouncer = async () => {
    if (!existsSync(pidFile)) return;
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    rmSync(pidFile, { force: true });
    if (!alive(pid)) return;
    process.kill(pid, 'SIGKILL');
    // Gone, so its port is free for the one started next.
    while (alive(pid)) await new Promise((resolve) => setTimeout(resolve, 10));
  };
  startPgbouncer();

  return {
    directUrl: `postgres://postgres@127.0.0.1:${pgPort}/kss`,
    bouncerUrl: `postgres://postgres@127.0.0.1:${bouncerPort}/kss`,
    restartPostgres() {
      pgCtl('-m', 'immediate', '-w', 'stop');
      startPostgres();
    },
    async restartPgbouncer() {
      await killPgbouncer();
      startPgbouncer();
    },
    async close() {
      await killPgbouncer();
      try {
        pgCtl('-m', 'immediate', '-w', 'stop');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
