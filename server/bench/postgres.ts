import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function onServer(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A database of the bench's own beside the one BENCH_DATABASE_URL names (which is left as it is),
 * so every run starts from the same empty database and seeds the same demo data; dropped after.
 */
export async function temporaryDatabase(base: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await onServer(base, `CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
