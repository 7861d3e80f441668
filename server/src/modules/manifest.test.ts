import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULES, REFUSALS } from '../app.ts';
import type { Refusal } from '../http/errors.ts';
import { ModuleList, manifest } from './manifest.ts';

const modulesDir = import.meta.dirname;

/** What app.ts imports from modules/, type-only imports too. */
const importsFromModules = (source: string) =>
  [...source.matchAll(/(?:from|import)\s*\(?\s*['"](\.\/modules\/[^'"]+)['"]/g)].map(
    ([, from]) => from as string,
  );

/** A table of texts.ts that maps codes to refusals: every value has a status and a message. */
const isRefusalTable = (value: unknown): value is Record<string, Refusal> =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).length > 0 &&
  Object.values(value).every(
    (row) => typeof row === 'object' && row !== null && 'status' in row && 'message' in row,
  );

async function refusalTablesOfTexts() {
  const tables: { name: string; table: unknown }[] = [];
  for (const entry of readdirSync(modulesDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    if (!readdirSync(path.join(modulesDir, entry.name)).includes('texts.ts')) continue;
    for (const [name, table] of Object.entries(await import(path.join(modulesDir, entry.name, 'texts.ts')))) {
      if (isRefusalTable(table)) tables.push({ name: `${entry.name}/texts.ts ${name}`, table });
    }
  }
  return tables;
}

describe('the modules app.ts plugs in', () => {
  it('hand the error handler every refusal table a texts.ts declares (else its codes answer 500)', async () => {
    const tables = await refusalTablesOfTexts();
    expect(tables.length).toBeGreaterThan(15);
    const unregistered = tables
      .filter(({ table }) => !REFUSALS.includes(table as never))
      .map(({ name }) => name);
    expect(unregistered).toEqual([]);
  });

  it('are each named after a folder of modules/, and every folder with routes is among them', () => {
    const folders = readdirSync(modulesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const withRoutes = folders.filter((folder) =>
      readdirSync(path.join(modulesDir, folder)).some((file) => file.endsWith('.routes.ts')),
    );
    expect(MODULES.names.filter((name) => !folders.includes(name))).toEqual([]);
    expect(withRoutes.filter((folder) => !MODULES.names.includes(folder))).toEqual([]);
  });

  it('name each service once: a second module giving the same name stops the app', async () => {
    const first = manifest({ name: 'first', make: () => ({ gives: { clock: 1 } }) });
    const second = manifest({ name: 'second', make: () => ({ gives: { clock: 2 } }) });
    await expect(ModuleList.startingFrom<object>().add(first).add(second).make({})).rejects.toThrow(
      'second gives clock, which first gave already',
    );
  });

  it('declare every sweep, each under its own name, and name each once', async () => {
    const sweep = { name: 'tidy', every: 1, run: async () => 1 };
    const first = manifest({ name: 'first', make: () => ({ sweeps: { tidy: sweep } }) });
    const second = manifest({ name: 'second', make: () => ({ sweeps: { tidy: sweep } }) });
    const { sweeps } = await ModuleList.startingFrom<object>().add(first).make({});
    expect(await sweeps.tidy.run()).toBe(1);
    await expect(ModuleList.startingFrom<object>().add(first).add(second).make({})).rejects.toThrow(
      'second gives tidy, which first gave already',
    );
  });

  it('reach app.ts through their manifests alone: it imports nothing else of modules/', () => {
    const imports = importsFromModules(readFileSync(path.join(modulesDir, '../app.ts'), 'utf8'));
    expect(imports.length).toBeGreaterThan(20);
    const manifestOnly = /^\.\/modules\/(manifest\.ts|([a-z-]+)\/\2\.manifest\.ts)$/;
    expect(imports.filter((from) => !manifestOnly.test(from))).toEqual([]);
    // What the check refuses: a service, a type of one, a manifest of another folder's name.
    expect(
      importsFromModules(
        [
          "import { deleteExpiredData } from './modules/privacy/privacy.service.ts';",
          "import type { QrImages } from './modules/purchased-coupons/qr-images.ts';",
          "type Inbox = import('./modules/telegram-webhook/update-inbox.ts').UpdateInbox;",
          "import { giftsManifest } from './modules/gifts/users.manifest.ts';",
        ].join('\n'),
      ).filter((from) => !manifestOnly.test(from)),
    ).toHaveLength(4);
  });

  it('leave app.ts the derivation alone: wiring of its own goes to a manifest or core.ts, under 220 lines', () => {
    const lines = readFileSync(path.join(modulesDir, '../app.ts'), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThan(220);
  });

  it('hand each module what the modules before it gave, and refuse in the typecheck what comes later', async () => {
    const clock = manifest({ name: 'clock', make: () => ({ gives: { now: () => 7 } }) });
    const reader = manifest({
      name: 'reader',
      make: ({ now }: { now: () => number }) => ({ gives: { read: () => `at ${now()}` } }),
    });
    const { made } = await ModuleList.startingFrom<object>().add(clock).add(reader).make({});
    expect(made.read()).toBe('at 7');
    // @ts-expect-error: the reader needs `now`, which no module before it gives.
    ModuleList.startingFrom<object>().add(reader);
  });
});
