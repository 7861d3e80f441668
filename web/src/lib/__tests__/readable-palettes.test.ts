import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { namedPalettes, type TelegramPalette } from '#test-support/telegram-palettes';
import {
  CHOSEN_TINT,
  contrast,
  parseColor,
  type Rgb,
  readableVariants,
  TEXT_CONTRAST,
} from '../readable-colors';

const stylesheet = readFileSync(new URL('../../app/styles/global.css', import.meta.url), 'utf8');

/** The `--theme-*` declarations of the stylesheet's block for `selector`, by name. */
function themeDeclarations(selector: string): Record<string, string> {
  const block = stylesheet.slice(stylesheet.indexOf(`${selector} {`)).split('\n}')[0] ?? '';
  return Object.fromEntries(
    [...block.matchAll(/--theme-([a-z-]+): ([^;]+);/g)].map(([, name, value]) => [name, value]),
  );
}
const LIGHT_DECLARATIONS = themeDeclarations(':root');
const DARK_DECLARATIONS = { ...LIGHT_DECLARATIONS, ...themeDeclarations(':root[data-theme="dark"]') };

/** A `--theme-*` value as the browser resolves it under `palette`: Telegram's colour, else the fallback. */
function resolve(value: string, palette: TelegramPalette, declarations: Record<string, string>): string {
  const fromTelegram = /^var\(--tg-theme-([a-z-]+), (.+)\)$/.exec(value);
  if (fromTelegram)
    return (
      palette[fromTelegram[1]?.replaceAll('-', '_') ?? ''] ||
      resolve(fromTelegram[2] ?? '', palette, declarations)
    );
  const fromTheme = /^var\(--theme-([a-z-]+)\)$/.exec(value)?.[1];
  return fromTheme ? resolve(declarations[fromTheme] ?? '', palette, declarations) : value;
}

/** `color-mix(in srgb, a share, b)`. */
const colorMix = (a: Rgb, share: number, b: Rgb): Rgb =>
  a.map((channel, i) => channel * share + (b[i] as number) * (1 - share)) as unknown as Rgb;

const WHITE: Rgb = [255, 255, 255];

/**
 * Every pair of text and background colours the styles draw, as `--color-*` resolves under a
 * palette (global.css: the readable variant where one is set, else the theme's own colour).
 */
function drawnPairs(palette: TelegramPalette, scheme: 'light' | 'dark') {
  const declarations = scheme === 'dark' ? DARK_DECLARATIONS : LIGHT_DECLARATIONS;
  const theme = (name: string) => {
    const declared = declarations[name];
    return declared === undefined ? undefined : parseColor(resolve(declared, palette, declarations));
  };
  const readable = readableVariants(theme);
  const color = (name: string): Rgb => {
    const found = readable[name] ?? theme(name);
    if (!found) throw new Error(`the stylesheet resolves no colour for --theme-${name}`);
    return found;
  };
  const backgrounds = {
    bg: color('bg'),
    'secondary-bg': color('secondary-bg'),
    'section-bg': color('section-bg'),
  };
  const texts = ['text', 'hint', 'link', 'accent', 'section-header', 'destructive', 'success'];
  const pairs: { text: string; on: string; ratio: number }[] = [];
  const add = (text: string, foreground: Rgb, on: string, background: Rgb) =>
    pairs.push({ text, on, ratio: contrast(foreground, background) });
  for (const name of texts)
    for (const [on, background] of Object.entries(backgrounds)) {
      add(name, color(name), on, background);
      // notice.css: a notice is tinted with 12% of its own text colour.
      add(name, color(name), `${on} tinted 12% with it`, colorMix(color(name), 0.12, background));
    }
  // buy-coupons-page.css: the chosen offer, 14% of the button's colour over the secondary background.
  for (const name of ['text', 'link', 'destructive'])
    add(name, color(name), 'the chosen offer', colorMix(color('button'), CHOSEN_TINT, color('secondary-bg')));
  // button.css and rate-visit.css: a primary button's label.
  add('button-text', color('button-text'), 'button', color('button'));
  // toast.css: a toast is the page inverted; an error toast is white on the destructive fill.
  add('bg', color('bg'), 'text (toast)', color('text'));
  add('white', WHITE, 'destructive-fill (error toast)', color('destructive-fill'));
  return pairs;
}

describe('every palette Telegram’s clients send reads well', () => {
  for (const { name, scheme, palette } of namedPalettes())
    it(`${name}: every text the styles draw meets ${TEXT_CONTRAST}:1`, () => {
      const weak = drawnPairs(palette, scheme)
        .filter(({ ratio }) => ratio < TEXT_CONTRAST)
        .map(({ text, on, ratio }) => `${text} on ${on}: ${ratio.toFixed(2)}`);
      expect(weak).toEqual([]);
    });

  it('darkens macOS’s #2481cc button under its white label to a drawn 4.5:1', () => {
    const macos = namedPalettes().find(({ name }) => name === 'macos-light');
    if (!macos) throw new Error('no macOS palette');
    const label = drawnPairs(macos.palette, 'light').find(({ text }) => text === 'button-text');
    expect(label?.ratio).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });
});
