import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');
const biome = path.join(repo, 'node_modules/.bin/biome');
const features = readdirSync(path.join(repo, 'web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A file of the fixture: where it would sit in the repository, and what it imports. */
interface Probe {
  file: string;
  imports: string;
}

/**
 * Every feature gets files at each depth importing another feature (by alias and by a relative
 * climb out of its folder), a page and the app, and files importing their own feature's files; the
 * repository's biome.json lints them in a folder of their own, so the fixture never meets the code.
 */
function probesOf(feature: string): { refused: Probe[]; allowed: Probe[] } {
  const other = features.find((name) => name !== feature) as string;
  const at = (file: string) => `web/src/features/${feature}/${file}`;
  return {
    refused: [
      { file: at('by-alias.ts'), imports: `@/features/${other}/texts` },
      { file: at('climbs-one.ts'), imports: `../${other}/texts` },
      { file: at('api/climbs-two.ts'), imports: `../../${other}/api/thing` },
      { file: at('offline/__tests__/climbs-three.ts'), imports: `../../../${other}/texts` },
      { file: at('components/page.tsx'), imports: '@/pages/home/home-page' },
      { file: at('api/app.ts'), imports: '@/app/routes' },
    ],
    allowed: [
      { file: at('own.ts'), imports: './texts' },
      { file: at('api/own.ts'), imports: '../texts' },
      { file: at('offline/__tests__/own.ts'), imports: '../../api/thing' },
      { file: at('shared.ts'), imports: '@/lib/api' },
    ],
  };
}

const layerProbes = {
  refused: [
    { file: 'web/src/lib/telegram.ts', imports: '@/features/session/texts' },
    { file: 'web/src/lib/launch.ts', imports: '@/telegram/launch-params' },
    { file: 'web/src/lib/router/launch.ts', imports: '../../telegram/launch-params' },
    { file: 'server/src/telegram/module.ts', imports: '../modules/gifts/gifts.service.ts' },
  ],
  allowed: [
    { file: 'web/src/pages/home/uses-feature.tsx', imports: '@/features/session/texts' },
    { file: 'web/src/components/ui/main-button.tsx', imports: '@/telegram/use-main-button' },
  ],
};

let folder: string;
let flagged: Set<string>;

beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'kss-lint-'));
  copyFileSync(path.join(repo, 'biome.json'), path.join(folder, 'biome.json'));
  const all = [
    ...features.flatMap((feature) => Object.values(probesOf(feature)).flat()),
    ...Object.values(layerProbes).flat(),
  ];
  for (const probe of all) {
    mkdirSync(path.dirname(path.join(folder, probe.file)), { recursive: true });
    writeFileSync(
      path.join(folder, probe.file),
      `import { thing } from '${probe.imports}';\n\nexport const used = thing;\n`,
    );
  }
  let report: string;
  try {
    report = execFileSync(biome, ['lint', '--reporter=json', '--max-diagnostics=none', '.'], {
      cwd: folder,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    // Biome exits 1 when it found errors, which is what most of the fixture is for.
    report = (error as { stdout: string }).stdout;
  }
  const diagnostics = (
    JSON.parse(report) as { diagnostics: { category: string; location: { path: string } }[] }
  ).diagnostics;
  flagged = new Set(
    diagnostics
      .filter((diagnostic) => diagnostic.category === 'lint/style/noRestrictedImports')
      .map((diagnostic) => diagnostic.location.path),
  );
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('npm run lint holds the import boundaries', () => {
  it.each(features)('in the feature %s: no other feature, page or app; its own files, yes', (feature) => {
    const { refused, allowed } = probesOf(feature);
    expect(refused.filter((probe) => !flagged.has(probe.file))).toEqual([]);
    expect(allowed.filter((probe) => flagged.has(probe.file))).toEqual([]);
  });

  it('between layers: shared code and the server’s Telegram leaf import nothing above them', () => {
    expect(layerProbes.refused.filter((probe) => !flagged.has(probe.file))).toEqual([]);
    expect(layerProbes.allowed.filter((probe) => flagged.has(probe.file))).toEqual([]);
  });
});
