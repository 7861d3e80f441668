import { defineConfig } from '@playwright/test';
import e2e from './playwright.config.ts';

/** `npm run screens` (screens/every-screen.ts): pictures for a person, on the e2e servers; not in `npm test`. */
export default defineConfig({ ...e2e, testDir: './screens', testMatch: 'every-screen.ts' });
