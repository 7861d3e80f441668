import { afterEach, describe, expect, it } from 'vitest';
import { applyColorScheme, withReadableColorsAfter } from '../color-scheme';

const root = document.documentElement;
const readableLink = () => root.style.getPropertyValue('--readable-link');

/** The stylesheet's theme colours as global.css resolves them (jsdom loads no stylesheet). */
function giveTheme() {
  const theme = {
    bg: '#ffffff',
    text: '#000000',
    'secondary-bg': '#efeff3',
    'section-bg': '#ffffff',
    link: '#3390ec',
  };
  for (const [name, value] of Object.entries(theme)) root.style.setProperty(`--theme-${name}`, value);
}

afterEach(() => {
  root.removeAttribute('style');
  delete root.dataset.theme;
});

describe('the palette applied as the app starts', () => {
  it('sets the scheme at once and the readable colours in the task after, then says so', async () => {
    giveTheme();
    const { result, readableColors } = withReadableColorsAfter(() => {
      applyColorScheme('light');
      return 'started';
    });
    expect(result).toBe('started');
    expect(root.dataset.theme).toBe('light');
    expect(readableLink()).toBe('');
    await readableColors;
    // Telegram's #3390ec reads 3.3:1 on white: moved until it reads 4.5:1.
    expect(readableLink()).toMatch(/^#[0-9a-f]{6}$/);
    expect(readableLink()).not.toBe('#3390ec');
  });

  it('derives nothing after a start that applied no palette', async () => {
    giveTheme();
    const { readableColors } = withReadableColorsAfter(() => 'outside');
    await readableColors;
    expect(readableLink()).toBe('');
  });

  it('derives them at once for a palette applied later (a theme Telegram changes)', () => {
    giveTheme();
    withReadableColorsAfter(() => 'started');
    applyColorScheme('dark');
    expect(readableLink()).not.toBe('');
  });
});
