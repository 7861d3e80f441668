import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      unstubGlobals: true,
      restoreMocks: true,
      sequence: { groupOrder: 1 },
      // Generous limits: on a busy 2-core machine typing into a form can take seconds. They bound
      // waiting, they claim nothing about speed.
      testTimeout: 15_000,
    },
  }),
);
