import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL, E2E_PORT } from './support/constants.ts';

const debianChromium = '/usr/bin/chromium';

export default defineConfig({
  testDir: './specs',
  // One folder per server port: runs on different ports do not trip over each other's traces.
  outputDir: `../test-results/e2e-${E2E_PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? 'list' : [['list']],
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: E2E_BASE_URL,
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    browserName: 'chromium',
    launchOptions: {
      executablePath: existsSync(debianChromium) ? debianChromium : undefined,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
  },
});
