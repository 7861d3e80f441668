import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E_FIRST_PORT, E2E_WORKERS } from './support/constants.ts';

/**
 * Debian's Chromium: its headless shell (`apt-get install -y chromium-headless-shell`), the browser
 * Playwright itself runs headless tests in, when present, else the whole browser run headless. The
 * shell draws no browser UI of its own: over two specs, 149 against 248 CPU seconds on two cores.
 */
const debianChromium = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find((path) =>
  existsSync(path),
);

export default defineConfig({
  testDir: './specs',
  // One folder per server port: runs on different ports do not trip over each other's traces.
  outputDir: `../test-results/e2e-${E2E_FIRST_PORT}`,
  // A spec file's tests run in order, one after another, in one worker; files run side by side.
  fullyParallel: false,
  workers: E2E_WORKERS,
  // A test that fails once and passes on its retry is reported as flaky, with its first failure
  // printed in full at the end of the run: CI lands, and the flake is there to be read.
  retries: process.env.CI ? 1 : 0,
  // Bounds on waiting, not claims about speed: a loaded 2-core runner is several times slower than
  // a quiet one, and every wait for what the page shows is a web-first assertion under these.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  globalSetup: './support/global-setup.ts',
  use: {
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    browserName: 'chromium',
    launchOptions: {
      executablePath: debianChromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    // Recording a trace (a screencast and a DOM snapshot at every step) costs about a tenth of the
    // CPU (146 against 160 s over two specs), and on two cores that is time. CI records only the
    // retry of a test that failed once, the run a person reads; elsewhere a failure keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
  },
});
