import { describe, expect, it } from 'vitest';
import { contrast, parseColor, readableFill, readableText, TEXT_CONTRAST, toHex } from '../readable-colors';

const color = (value: string) => {
  const parsed = parseColor(value);
  if (!parsed) throw new Error(`not a colour: ${value}`);
  return parsed;
};

const WHITE = color('#ffffff');
const BLACK = color('#000000');
const LIGHT_GREY = color('#f4f4f5');
const DARK = color('#212121');
const DARKER = color('#0f0f0f');

describe('readable variants of a theme', () => {
  it('darkens light Telegram’s link until it reads on white and on the grey sections', () => {
    const link = color('#3390ec');
    expect(contrast(link, WHITE)).toBeLessThan(TEXT_CONTRAST);
    const readable = readableText(link, [WHITE, LIGHT_GREY], BLACK);
    expect(contrast(readable, WHITE)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrast(readable, LIGHT_GREY)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    // Only as far as it must: still a blue, not the text's black.
    expect(contrast(readable, LIGHT_GREY)).toBeLessThan(6);
  });

  it('lightens dark Telegram’s violet toward its white text', () => {
    const violet = color('#8774e1');
    const readable = readableText(violet, [DARK, DARKER], WHITE);
    expect(contrast(readable, DARK)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrast(readable, DARKER)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('keeps a colour that already reads well', () => {
    expect(toHex(readableText(color('#1c5fa8'), [WHITE], BLACK))).toBe('#1c5fa8');
  });

  it('moves on toward black where even the theme’s text colour does not read on its background', () => {
    const readable = readableText(color('#ffff00'), [WHITE], color('#ffffff'));
    expect(contrast(readable, WHITE)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('judges a colour as drawn, rounded to whole channels', () => {
    // Telegram macOS's button: its unrounded mix met 4.5:1 and was drawn at 4.48:1.
    const button = readableFill(color('#2481cc'), WHITE);
    expect(contrast(color(toHex(button)), WHITE)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('darkens a fill under a light-grey label, which no lightening could make readable', () => {
    const label = color('#999999');
    const fill = readableFill(color('#8a8a8a'), label);
    expect(contrast(fill, label)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('reads on a notice tinted with the text’s own colour', () => {
    const readable = readableText(color('#2e9e4f'), [WHITE], BLACK);
    const [r, g, b] = readable.map((channel) => 255 + (channel - 255) * 0.12) as [number, number, number];
    const tint = [r, g, b] as const;
    expect(contrast(readable, tint)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('darkens a button under white text, and lightens one under dark text', () => {
    const light = readableFill(color('#3390ec'), WHITE);
    expect(contrast(light, WHITE)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    const underDark = readableFill(color('#3390ec'), BLACK);
    expect(toHex(underDark)).toBe('#3390ec');
    const weak = readableFill(color('#8774e1'), color('#222222'));
    expect(contrast(weak, color('#222222'))).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('reads the colours a stylesheet resolves', () => {
    expect(parseColor(' #3390EC')).toEqual([0x33, 0x90, 0xec]);
    expect(parseColor('#fff')).toEqual([255, 255, 255]);
    expect(parseColor('rgb(33, 33, 33)')).toEqual([33, 33, 33]);
    expect(parseColor('color-mix(in srgb, red, blue)')).toBeUndefined();
  });
});
