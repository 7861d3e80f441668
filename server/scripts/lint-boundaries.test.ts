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
    { file: 'web/src/lib/routes.ts', imports: '@/app/routes' },
    { file: 'web/src/components/ui/routes.tsx', imports: '@/app/routes' },
    { file: 'web/src/hooks/providers.ts', imports: '../app/providers' },
    { file: 'web/src/config/screens.ts', imports: '@/app/routes' },
  ],
  allowed: [{ file: 'web/src/pages/home/uses-feature.tsx', imports: '@/features/session/texts' }],
};

/**
 * The messenger (ADR 0019): screens, features and shared code speak to it through messenger/, the
 * interface, never an adapter (telegram/, max/); messenger/ and the launch (app/) import the adapters.
 */
const messengerProbes = {
  refused: [
    { file: 'web/src/pages/home/adapter.tsx', imports: '@/telegram/page' },
    { file: 'web/src/pages/check-coupon/components/adapter.tsx', imports: '@/telegram/qr-popup' },
    { file: 'web/src/features/purchases/hooks/adapter.ts', imports: '@/telegram/open-invoice' },
    { file: 'web/src/features/gifts/adapter.ts', imports: '@/telegram/bridge' },
    { file: 'web/src/components/ui/main-button.tsx', imports: '@/telegram/bottom-buttons' },
    { file: 'web/src/hooks/climbs.ts', imports: '../telegram/haptics' },
    { file: 'web/src/config/adapter.ts', imports: '@/telegram/launch-params' },
    { file: 'web/src/lib/messenger.ts', imports: '@/messenger/launch' },
    { file: 'web/src/pages/home/max.tsx', imports: '@/max/adapter' },
    { file: 'web/src/features/gifts/max.ts', imports: '@/max/bridge' },
    { file: 'web/src/components/ui/max.tsx', imports: '@/max/adapter' },
    { file: 'web/src/lib/max.ts', imports: '../max/launch-params' },
  ],
  allowed: [
    { file: 'web/src/pages/home/messenger.tsx', imports: '@/messenger/page' },
    { file: 'web/src/features/purchases/hooks/messenger.ts', imports: '@/messenger/payment-sheet' },
    { file: 'web/src/components/ui/messenger.tsx', imports: '@/messenger/use-main-button' },
    { file: 'web/src/messenger/adapter.ts', imports: '@/telegram/bridge' },
    { file: 'web/src/messenger/max.ts', imports: '@/max/launch' },
    { file: 'web/src/app/launch.tsx', imports: '@/telegram/stand-in' },
  ],
};

/** Pages: no other page (by alias or by climbing out of the folder) and not the app. */
const pageProbes = {
  refused: [
    { file: 'web/src/pages/buy-coupons/other-page.tsx', imports: '@/pages/home/home-page' },
    { file: 'web/src/pages/buy-coupons/climbs.tsx', imports: '../home/home-page' },
    { file: 'web/src/pages/buy-coupons/__tests__/climbs.tsx', imports: '../../home/texts' },
    { file: 'web/src/pages/buy-coupons/components/deep/climbs.tsx', imports: '../../../home/texts' },
    { file: 'web/src/pages/buy-coupons/app.tsx', imports: '@/app/routes' },
  ],
  allowed: [
    { file: 'web/src/pages/buy-coupons/own.tsx', imports: './texts' },
    { file: 'web/src/pages/buy-coupons/__tests__/own.tsx', imports: '../buy-coupons-page' },
    { file: 'web/src/pages/buy-coupons/feature.tsx', imports: '@/features/purchases/api/get-coupons' },
    { file: 'web/src/pages/buy-coupons/shared.tsx', imports: '@/components/ui/button' },
  ],
};

/** messenger/, its adapters (telegram/, max/) and early/ sit below the screens: no feature, page or app. */
const belowScreensProbes = {
  refused: [
    { file: 'web/src/messenger/feature.ts', imports: '@/features/session/texts' },
    { file: 'web/src/messenger/page.tsx', imports: '@/pages/home/home-page' },
    { file: 'web/src/telegram/feature.ts', imports: '@/features/session/texts' },
    { file: 'web/src/telegram/climbs.ts', imports: '../features/session/texts' },
    { file: 'web/src/telegram/dev-login/page.tsx', imports: '@/pages/home/home-page' },
    { file: 'web/src/telegram/dev-login/api/app.ts', imports: '../../../app/routes' },
    { file: 'web/src/max/feature.ts', imports: '@/features/session/texts' },
    { file: 'web/src/max/climbs.ts', imports: '../pages/home/home-page' },
    { file: 'web/src/early/feature.ts', imports: '@/features/my-coupons/api/early-answer' },
    { file: 'web/src/early/app.ts', imports: '@/app/routes' },
  ],
  allowed: [
    { file: 'web/src/telegram/shared.ts', imports: '@/lib/color-scheme' },
    { file: 'web/src/telegram/own.ts', imports: './bridge' },
    { file: 'web/src/max/own.ts', imports: './bridge' },
    { file: 'web/src/max/shared.ts', imports: '@/lib/color-scheme' },
    { file: 'web/src/early/own.ts', imports: './early-types' },
  ],
};

/**
 * The server's layers, each importing only those below it: domain ← queueing ← db ← http ← jobs, telegram,
 * payments ← modules ← plugins ← app.ts. Tests build the whole app, so they may import anything.
 */
const serverProbes = {
  refused: [
    { file: 'server/src/domain/db.ts', imports: '../db/client.ts' },
    { file: 'server/src/db/http.ts', imports: '../http/errors.ts' },
    { file: 'server/src/db/seed/module.ts', imports: '../../modules/users/users.service.ts' },
    { file: 'server/src/http/module.ts', imports: '../modules/users/caller.ts' },
    { file: 'server/src/http/payments.ts', imports: '../payments/provider.ts' },
    { file: 'server/src/jobs/module.ts', imports: '../modules/gifts/gifts.service.ts' },
    { file: 'server/src/telegram/module.ts', imports: '../modules/gifts/gifts.service.ts' },
    { file: 'server/src/messenger/module.ts', imports: '../modules/users/users.service.ts' },
    { file: 'server/src/modules/gifts/bot.ts', imports: 'grammy' },
    { file: 'server/src/modules/offers/bot.ts', imports: 'grammy/types' },
    { file: 'server/src/telegram/payments.ts', imports: '../payments/provider.ts' },
    { file: 'server/src/payments/telegram.ts', imports: '../telegram/bot.ts' },
    { file: 'server/src/payments/module.ts', imports: '../modules/purchases/checkout.service.ts' },
    { file: 'server/src/modules/gifts/plugin.ts', imports: '../../plugins/auth.ts' },
    { file: 'server/src/modules/gifts/app.ts', imports: '../../app.ts' },
    { file: 'server/src/plugins/app.ts', imports: '../app.ts' },
    { file: 'server/src/queueing/db.ts', imports: '../db/client.ts' },
    { file: 'server/src/queueing/http.ts', imports: '../http/errors.ts' },
    { file: 'server/src/queueing/module.ts', imports: '../modules/offers/offers.api.ts' },
  ],
  allowed: [
    { file: 'server/src/http/db.ts', imports: '../db/errors.ts' },
    { file: 'server/src/modules/telegram-webhook/bot.ts', imports: 'grammy' },
    { file: 'server/src/messenger/domain.ts', imports: '../domain/messenger.ts' },
    { file: 'server/src/queueing/domain.ts', imports: '../domain/domain-error.ts' },
    { file: 'server/src/db/queueing.ts', imports: '../queueing/arrival-order.ts' },
    { file: 'server/src/payments/domain.ts', imports: '../domain/domain-error.ts' },
    { file: 'server/src/modules/gifts/layers.ts', imports: '../../payments/provider.ts' },
    { file: 'server/src/modules/gifts/other-module.ts', imports: '../users/users.service.ts' },
    { file: 'server/src/plugins/module.ts', imports: '../modules/users/caller.ts' },
    { file: 'server/src/http/whole-app.test.ts', imports: '../modules/users/users.service.ts' },
  ],
};

/**
 * The offer is one aggregate: another module reaches it through offers/offers.api.ts alone (and still
 * never climbs above modules/); the offer's own files and any test reach anything of it.
 */
const offerProbes = {
  refused: [
    { file: 'server/src/modules/purchases/holds.ts', imports: '../offers/holds.ts' },
    { file: 'server/src/modules/privacy/line.ts', imports: '../offers/line.ts' },
    { file: 'server/src/modules/catalogue/stock.ts', imports: '../offers/stock.ts' },
    { file: 'server/src/modules/admin-purchases/deep/gate.ts', imports: '../../offers/gate.ts' },
    { file: 'server/src/modules/reports/manifest.ts', imports: '../offers/offers.manifest.ts' },
    { file: 'server/src/modules/purchases/plugin.ts', imports: '../../plugins/auth.ts' },
  ],
  allowed: [
    { file: 'server/src/modules/purchases/door.ts', imports: '../offers/offers.api.ts' },
    { file: 'server/src/modules/offers/own.ts', imports: './holds.ts' },
    { file: 'server/src/modules/offers/other-module.ts', imports: '../users/caller.ts' },
    { file: 'server/src/modules/purchases/inside.test.ts', imports: '../offers/holds.ts' },
    { file: 'server/src/app-manifest.ts', imports: './modules/offers/offers.manifest.ts' },
  ],
};

/** Two files importing each other, as the web writes imports (no extension) and as the server does. */
const cycles: { file: string; source: string }[] = [
  { file: 'web/src/lib/cycle-a.ts', source: "import { b } from './cycle-b';\n\nexport const a = () => b;\n" },
  { file: 'web/src/lib/cycle-b.ts', source: "import { a } from './cycle-a';\n\nexport const b = () => a;\n" },
  {
    file: 'server/src/http/cycle-a.ts',
    source: "import { b } from './cycle-b.ts';\n\nexport const a = () => b;\n",
  },
  {
    file: 'server/src/http/cycle-b.ts',
    source: "import { a } from './cycle-a.ts';\n\nexport const b = () => a;\n",
  },
];

/**
 * The query cache: a page reaches it only through its features' hooks (types alone it may import),
 * and a key is never written out where it is used, only in lib/query-keys/.
 */
const queryProbes = {
  refused: [
    {
      file: 'web/src/pages/my-coupons/refresh.tsx',
      source:
        "import { useQueryClient } from '@tanstack/react-query';\n\nexport const useRefresh = () => useQueryClient();\n",
    },
    {
      file: 'web/src/pages/home/components/reads.tsx',
      source: "import { useQuery } from '@tanstack/react-query';\n\nexport const read = useQuery;\n",
    },
  ],
  allowed: [
    {
      file: 'web/src/pages/community-links/types.ts',
      source:
        "import type { UseQueryResult } from '@tanstack/react-query';\n\nexport type Read = UseQueryResult<string[]>;\n",
    },
    {
      file: 'web/src/features/gifts/api/invalidates.ts',
      source:
        "import { useQueryClient } from '@tanstack/react-query';\n\nexport const useClient = () => useQueryClient();\n",
    },
  ],
};
const keyProbes = {
  refused: [
    {
      file: 'web/src/features/gifts/api/literal-key.ts',
      source: "export const options = { queryKey: ['held-gifts'], queryFn: () => 1 };\n",
    },
    {
      file: 'web/src/features/public-offer/hooks/spread-key.ts',
      source:
        "import { publicOfferKeys } from '@/lib/query-keys';\n\nexport const key = { queryKey: [...publicOfferKeys.terms, 1] };\n",
    },
    {
      file: 'web/src/telegram/dev-login/literal-key.ts',
      source: "export const options = { queryKey: ['dev-users'] };\n",
    },
  ],
  allowed: [
    {
      file: 'web/src/features/gifts/api/named-key.ts',
      source:
        "import { giftKeys } from '@/lib/query-keys';\n\nexport const options = { queryKey: giftKeys.held };\n",
    },
    {
      file: 'web/src/lib/query-keys/gifts.ts',
      source: "export const options = { queryKey: ['held-gifts'] };\n",
    },
  ],
};

let folder: string;
let flagged: Set<string>;
let inCycles: Set<string>;
let keyed: Set<string>;

beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'kss-lint-'));
  copyFileSync(path.join(repo, 'biome.json'), path.join(folder, 'biome.json'));
  mkdirSync(path.join(folder, 'web/lint'), { recursive: true });
  copyFileSync(
    path.join(repo, 'web/lint/literal-query-keys.grit'),
    path.join(folder, 'web/lint/literal-query-keys.grit'),
  );
  const all = [
    ...features.flatMap((feature) => Object.values(probesOf(feature)).flat()),
    ...[layerProbes, messengerProbes, pageProbes, belowScreensProbes, serverProbes, offerProbes].flatMap(
      (probes) => Object.values(probes).flat(),
    ),
  ];
  for (const probe of all) {
    mkdirSync(path.dirname(path.join(folder, probe.file)), { recursive: true });
    writeFileSync(
      path.join(folder, probe.file),
      `import { thing } from '${probe.imports}';\n\nexport const used = thing;\n`,
    );
  }
  for (const { file, source } of [
    ...cycles,
    ...Object.values(queryProbes).flat(),
    ...Object.values(keyProbes).flat(),
  ]) {
    mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    writeFileSync(path.join(folder, file), source);
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
  const pathsOf = (category: string) =>
    new Set(diagnostics.filter((d) => d.category === category).map((d) => d.location.path));
  flagged = pathsOf('lint/style/noRestrictedImports');
  inCycles = pathsOf('lint/suspicious/noImportCycles');
  keyed = pathsOf('plugin');
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('npm run lint holds the import boundaries', () => {
  it.each(features)('in the feature %s: no other feature, page or app; its own files, yes', (feature) => {
    const { refused, allowed } = probesOf(feature);
    expect(refused.filter((probe) => !flagged.has(probe.file))).toEqual([]);
    expect(allowed.filter((probe) => flagged.has(probe.file))).toEqual([]);
  });

  it('shared code and the server’s Telegram leaf import nothing above them; shared code not the app', () => {
    expect(layerProbes.refused.filter((probe) => !flagged.has(probe.file))).toEqual([]);
    expect(layerProbes.allowed.filter((probe) => flagged.has(probe.file))).toEqual([]);
  });

  it('screens, features and shared code reach the messenger through messenger/ only, never its adapter', () => {
    expect(messengerProbes.refused.filter((probe) => !flagged.has(probe.file))).toEqual([]);
    expect(messengerProbes.allowed.filter((probe) => flagged.has(probe.file))).toEqual([]);
  });

  it('a page imports no other page and not the app; features and shared code, yes', () => {
    expect(pageProbes.refused.filter((probe) => !flagged.has(probe.file))).toEqual([]);
    expect(pageProbes.allowed.filter((probe) => flagged.has(probe.file))).toEqual([]);
  });

  it('messenger/, telegram/ and early/ import no feature, page or app', () => {
    expect(belowScreensProbes.refused.filter((probe) => !flagged.has(probe.file))).toEqual([]);
    expect(belowScreensProbes.allowed.filter((probe) => flagged.has(probe.file))).toEqual([]);
  });

  it('the server’s layers import downwards only, and its tests anything', () => {
    expect(serverProbes.refused.filter((probe) => !flagged.has(probe.file))).toEqual([]);
    expect(serverProbes.allowed.filter((probe) => flagged.has(probe.file))).toEqual([]);
  });

  it('a module reaches the offer only through offers/offers.api.ts; the offer and tests anything of it', () => {
    expect(offerProbes.refused.filter((probe) => !flagged.has(probe.file))).toEqual([]);
    expect(offerProbes.allowed.filter((probe) => flagged.has(probe.file))).toEqual([]);
  });

  it('a page reaches the query cache only through its features’ hooks; types it may import', () => {
    expect(queryProbes.refused.filter(({ file }) => !flagged.has(file)).map(({ file }) => file)).toEqual([]);
    expect(queryProbes.allowed.filter(({ file }) => flagged.has(file)).map(({ file }) => file)).toEqual([]);
  });

  it('a query key is written out in lib/query-keys/ only', () => {
    expect(keyProbes.refused.filter(({ file }) => !keyed.has(file)).map(({ file }) => file)).toEqual([]);
    expect(keyProbes.allowed.filter(({ file }) => keyed.has(file)).map(({ file }) => file)).toEqual([]);
  });

  it('no two files import each other, on either side', () => {
    expect(cycles.filter(({ file }) => !inCycles.has(file)).map(({ file }) => file)).toEqual([]);
  });
});
