import { defineConfig } from 'vitest/config';
import { webProjects } from './web/vitest.config.ts';

export default defineConfig({
  test: { projects: ['server/vitest.config.ts', ...webProjects] },
});
