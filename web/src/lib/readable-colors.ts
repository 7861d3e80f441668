/**
 * Readable variants of a theme's colours (WCAG 2.2 AA: 4.5:1 for text). A Telegram theme's own
 * link, hint or button colour may be too weak for small text on its own background (the default
 * light theme's #3390ec on white is 3.3:1): each is moved toward a colour that contrasts more, in
 * steps, only as far as it must, so a theme that already reads well keeps its colours.
 */

type Rgb = readonly [number, number, number];

/** WCAG's minimum contrast for text under 24 px (18.66 px bold). */
export const TEXT_CONTRAST = 4.5;

const STEP = 0.05;

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

function luminance(color: Rgb): number {
  const [r, g, b] = color.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Moves `color` toward `toward` until `meets` holds; `toward` itself when nothing short of it does. */
function movedUntil(color: Rgb, toward: Rgb, meets: (candidate: Rgb) => boolean): Rgb {
  for (let t = 0; t < 1; t += STEP) {
    const candidate = mix(color, toward, t);
    if (meets(candidate)) return candidate;
  }
  return toward;
}

/**
 * A text colour readable on every one of `backgrounds`, and on each of them tinted with the text's
 * own colour (a notice's background is 12% of its text colour), moved toward `toward` (the theme's
 * text colour) only as far as it must.
 */
export function readableText(color: Rgb, backgrounds: readonly Rgb[], toward: Rgb): Rgb {
  return movedUntil(color, toward, (candidate) =>
    backgrounds.every(
      (background) =>
        contrast(candidate, background) >= TEXT_CONTRAST &&
        contrast(candidate, mix(background, candidate, 0.12)) >= TEXT_CONTRAST,
    ),
  );
}

/** A fill under `text` (a button's colour under its label), darkened or lightened away from it. */
export function readableFill(fill: Rgb, text: Rgb): Rgb {
  const away: Rgb = luminance(text) > 0.5 ? [0, 0, 0] : [255, 255, 255];
  return movedUntil(fill, away, (candidate) => contrast(candidate, text) >= TEXT_CONTRAST);
}

/** The colours the styles use as text on the page's backgrounds: `--readable-<name>` from `--theme-<name>`. */
const TEXT_COLORS = ['hint', 'link', 'accent', 'section-header', 'destructive', 'success'] as const;
/** Fills under light text, with the text they carry. */
const FILLS = [
  { name: 'button', fill: 'button', text: 'button-text' },
  { name: 'destructive-fill', fill: 'destructive', text: undefined },
] as const;
const WHITE: Rgb = [255, 255, 255];

/**
 * Sets the readable variants of the theme the stylesheet resolves now (global.css's --theme-*),
 * as `--readable-*` on the root element; without the stylesheet's colours it sets nothing, and the
 * styles use the theme's own.
 */
export function applyReadableColors(root: HTMLElement = document.documentElement): void {
  const resolved = getComputedStyle(root);
  const theme = (name: string) => parseColor(resolved.getPropertyValue(`--theme-${name}`));
  const text = theme('text');
  const backgrounds = [theme('bg'), theme('secondary-bg'), theme('section-bg')];
  if (!text || !backgrounds.every((background) => background !== undefined)) return;
  for (const name of TEXT_COLORS) {
    const color = theme(name);
    if (color) root.style.setProperty(`--readable-${name}`, toHex(readableText(color, backgrounds, text)));
  }
  for (const { name, fill, text: label } of FILLS) {
    const color = theme(fill);
    const over = label ? theme(label) : WHITE;
    if (color && over) root.style.setProperty(`--readable-${name}`, toHex(readableFill(color, over)));
  }
}
