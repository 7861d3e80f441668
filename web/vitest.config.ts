import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/**
 * The web tests in two environments: components and whatever touches the page (`*.test.tsx`,
 * `*.dom.test.ts`) in jsdom, whose set-up costs about a second a file; the rest in plain Node.
 */
export const webProjects = [
  mergeConfig(
    viteConfig,
    defineProject({
      test: {
        name: 'web',
        environment: 'jsdom',
        include: ['src/**/*.test.tsx', 'src/**/*.dom.test.ts'],
        setupFiles: ['src/test/setup.ts'],
        unstubGlobals: true,
        restoreMocks: true,
        // One worker a core (vitest's default keeps one for itself); the two projects share them.
        maxWorkers: 2,
        // Generous limits: on a busy 2-core machine typing into a form can take seconds. They bound
        // waiting, they claim nothing about speed.
        testTimeout: 60_000,
      },
    }),
  ),
  mergeConfig(
    viteConfig,
    defineProject({
      test: {
        name: 'web-logic',
        environment: 'node',
        include: ['src/**/*.test.ts'],
        exclude: ['src/**/*.dom.test.ts'],
        restoreMocks: true,
        maxWorkers: 2,
      },
    }),
  ),
];
