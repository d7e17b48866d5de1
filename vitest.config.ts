import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

// Two projects: Worker code runs inside workerd with real local KV (miniflare);
// the build, CLI, shim and end-to-end tests run in Node against real processes.
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [cloudflareTest({ wrangler: { configPath: './wrangler.toml' } })],
        test: { name: 'worker', include: ['test/worker/**/*.test.ts'] },
      },
      {
        test: {
          name: 'node',
          include: ['test/node/**/*.test.ts', 'test/shim/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
