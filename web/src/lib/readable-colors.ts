/**
 * Readable variants of a theme's colours (WCAG 2.2 AA: 4.5:1 for text). A Telegram theme's own
 * link, hint or button colour may be too weak for small text on its own background (the default
 * light theme's #3390ec on white is 3.3:1): each is moved toward a colour that contrasts more, in
 * steps, only as far as it must, so a theme that already reads well keeps its colours.
 */

export type Rgb = readonly [number, number, number];

/** WCAG's minimum contrast for text under 24 px (18.66 px bold). */
export const TEXT_CONTRAST = 4.5;

/** How finely a colour is moved: in fiftieths of the way, so it stops close to where it first reads. */
const STEPS = 50;

export function parseColor(value: string): Rgb | undefined {
  const text = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(text)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16)) as unknown as Rgb;
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/.exec(text);
  return rgb ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])] : undefined;
}

export const toHex = (color: Rgb) =>
  `#${color.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;

/** `color-mix(in srgb, from, toward t)`: t of `toward`, the rest of `from`. */
const mix = (from: Rgb, toward: Rgb, t: number): Rgb =>
  from.map((channel, i) => channel + ((toward[i] as number) - channel) * t) as unknown as Rgb;

/** A channel's share of the light, as WCAG counts it. */
function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/**
 * The whole channels' shares worked out once: every candidate is drawn in whole channels, and the
 * search below asks for thousands of them as the app starts (its first task after the first paint).
 */
const LINEAR = Array.from({ length: 256 }, (_, channel) => linear(channel));

const linearOf = (channel: number) => LINEAR[channel] ?? linear(channel);

const luminance = (color: Rgb): number =>
  0.2126 * linearOf(color[0]) + 0.7152 * linearOf(color[1]) + 0.0722 * linearOf(color[2]);

/** The contrast of two luminances. */
const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

export const contrast = (a: Rgb, b: Rgb): number => ratio(luminance(a), luminance(b));

/** The colour as the page will be given it: `toHex` rounds each channel to a whole 0–255. */
const drawn = (color: Rgb): Rgb => color.map((channel) => Math.round(channel)) as unknown as Rgb;

/**
 * Moves `color` toward each of `towards` in turn until `meets` holds; the last of them when nothing
 * short of it does. Each candidate is judged as drawn, rounded to whole channels: the unrounded mix
 * of Telegram's #2481cc button met 4.5:1 and was drawn at 4.48:1.
 */
function movedUntil(color: Rgb, towards: readonly Rgb[], meets: (candidate: Rgb) => boolean): Rgb {
  for (const toward of towards)
    for (let step = 0; step <= STEPS; step++) {
      const candidate = drawn(mix(color, toward, step / STEPS));
      if (meets(candidate)) return candidate;
    }
  return towards.at(-1) as Rgb;
}

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];

/** Black or white, whichever contrasts more with the weakest of `others`. */
const starkestAgainst = (others: readonly Rgb[]): Rgb =>
  Math.min(...others.map((other) => contrast(BLACK, other))) >=
  Math.min(...others.map((other) => contrast(WHITE, other)))
    ? BLACK
    : WHITE;

/**
 * A text colour readable on every one of `backgrounds`, and on each of them tinted with the text's
 * own colour (a notice's background is 12% of its text colour), moved toward `toward` (the theme's
 * text colour) only as far as it must, and on toward black or white where the theme's text itself
 * falls short.
 */
export function readableText(color: Rgb, backgrounds: readonly Rgb[], toward: Rgb): Rgb {
  const lights = backgrounds.map(luminance);
  return movedUntil(color, [toward, starkestAgainst(backgrounds)], (candidate) => {
    const light = luminance(candidate);
    return backgrounds.every(
      (background, i) =>
        ratio(light, lights[i] as number) >= TEXT_CONTRAST &&
        ratio(light, luminance(mix(background, candidate, 0.12))) >= TEXT_CONTRAST,
    );
  });
}

/**
 * A fill under `text` (a button's colour under its label), darkened or lightened away from it:
 * toward black or white, whichever contrasts more with the text, which one of them always does
 * by at least 4.58:1 (the square root of 21:1).
 */
export function readableFill(fill: Rgb, text: Rgb): Rgb {
  return movedUntil(
    fill,
    [starkestAgainst([text])],
    (candidate) => contrast(candidate, text) >= TEXT_CONTRAST,
  );
}

/** The colours the styles use as text on the page's backgrounds: `--readable-<name>` from `--theme-<name>`. */
const TEXT_COLORS = ['hint', 'link', 'accent', 'section-header', 'destructive', 'success'] as const;
/** Fills under light text, with the text they carry. */
const FILLS = [
  { name: 'button', fill: 'button', text: 'button-text' },
  { name: 'destructive-fill', fill: 'destructive', text: undefined },
] as const;

/** How much of the button's colour tints a chosen option's background (buy-coupons-page.css). */
export const CHOSEN_TINT = 0.14;

/** A palette's colour by the stylesheet's name for it (`text`, `bg`, `button` ...), if it has one. */
export type ThemeColor = (name: string) => Rgb | undefined;

/**
 * The readable variants of a palette, by the name of the `--readable-*` variable each sets; none
 * without the palette's text and background colours.
 */
export function readableVariants(theme: ThemeColor): Record<string, Rgb> {
  const text = theme('text');
  const [bg, secondaryBg, sectionBg] = [theme('bg'), theme('secondary-bg'), theme('section-bg')];
  if (!text || !bg || !secondaryBg || !sectionBg) return {};
  const variants: Record<string, Rgb> = {};
  for (const { name, fill, text: label } of FILLS) {
    const color = theme(fill);
    const over = label ? theme(label) : WHITE;
    if (color && over) variants[name] = readableFill(color, over);
  }
  const button = variants.button ?? theme('button');
  // A chosen option (an offer on the buy screen) is the secondary background tinted with the button's colour.
  const chosen = button && mix(secondaryBg, button, CHOSEN_TINT);
  const backgrounds = chosen ? [bg, secondaryBg, sectionBg, chosen] : [bg, secondaryBg, sectionBg];
  for (const name of TEXT_COLORS) {
    const color = theme(name);
    if (color) variants[name] = readableText(color, backgrounds, text);
  }
  return variants;
}

/**
 * Sets the readable variants of the theme the stylesheet resolves now (global.css's --theme-*),
 * as `--readable-*` on the root element; without the stylesheet's colours it sets nothing, and the
 * styles use the theme's own.
 */
export function applyReadableColors(root: HTMLElement = document.documentElement): void {
  const resolved = getComputedStyle(root);
  const variants = readableVariants((name) => parseColor(resolved.getPropertyValue(`--theme-${name}`)));
  for (const [name, color] of Object.entries(variants))
    root.style.setProperty(`--readable-${name}`, toHex(color));
}
