import { Launcher } from 'chrome-launcher';
import { describe, expect, it } from 'vitest';
import { lighthouseChromeFlags } from './web-load.ts';

const disabledFeatures = (flags: string[]) =>
  flags
    .filter((flag) => flag.startsWith('--disable-features='))
    .map((flag) => flag.split('=')[1]?.split(','));

describe("Lighthouse's Chromium", () => {
  it('keeps every feature chrome-launcher turns off and turns the desktop interface off too, in the one list Chromium reads', () => {
    const flags = lighthouseChromeFlags(['--headless=new']);
    const [launcherOff = []] = disabledFeatures(Launcher.defaultFlags());
    expect(launcherOff.length).toBeGreaterThan(0);
    const lists = disabledFeatures(flags);
    expect(lists).toHaveLength(1);
    expect(lists[0]).toEqual(
      expect.arrayContaining([...launcherOff, 'PreloadTopChromeWebUI', 'WebUIOmniboxPopup']),
    );
  });

  it("keeps chrome-launcher's other flags and puts the caller's last", () => {
    const flags = lighthouseChromeFlags(['--headless=new', '--no-sandbox']);
    const others = Launcher.defaultFlags().filter((flag) => !flag.startsWith('--disable-features='));
    expect(flags).toEqual(expect.arrayContaining([...others, '--disable-setuid-sandbox']));
    expect(flags.slice(-2)).toEqual(['--headless=new', '--no-sandbox']);
  });
});
