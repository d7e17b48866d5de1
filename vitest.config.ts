import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { configDefaults, defineConfig } from 'vitest/config';
import WorkerProjectFirst from './test/worker-project-first.ts';
import { quietDependencySourcemaps } from './test/quiet-dependency-sourcemaps.ts';
import { dropRefusedConnectionLogs } from './test/workerd-refused-connection-logs.ts';

if (process.env.PRAXIS_TEST_LOGS !== '1') dropRefusedConnectionLogs();

// Every build the tests run (global setups, test files, the `praxis` processes they start, which
// inherit it) takes this day as today, so whether a document is stale — a build warning — does not
// depend on the day the suite runs (scripts/compile/build-clock.ts).
process.env.PRAXIS_BUILD_NOW ??= '2026-12-01';

// Two projects: Worker code runs inside workerd with real local KV (miniflare);
// the build, CLI, shim and end-to-end tests run in Node against real processes.
const quiet = process.env.PRAXIS_TEST_LOGS === '1' ? [] : [quietDependencySourcemaps()];
// The insights database's schema (migrations/), applied to the test D1 by the setup of the files
// that use it (test/helpers/workerd/fresh-per-file.ts), as `praxis dev` and `praxis deploy` apply it.
const insightsMigrations = await readD1Migrations(
  new URL('./migrations', import.meta.url).pathname,
);

export default defineConfig({
  // Inline projects extend this file, its plugins included.
  plugins: quiet,
  test: {
    // vitest's default on a 2-core machine is one worker, which runs every file in turn. Most files
    // wait on processes they spawn (git, workerd, wrangler, praxis itself), so three files at a time
    // keep both cores busy.
    maxWorkers: 3,
    sequence: { sequencer: WorkerProjectFirst },
    // The Worker logs an audit line per request and tests send thousands: print the console output
    // of failing tests only. PRAXIS_TEST_LOGS=1 npm test prints all of it.
    silent: process.env.PRAXIS_TEST_LOGS === '1' ? false : 'passed-only',
    // A dot per test, then failures and the summary: a line per file and per slow test was 500 lines on
    // success. PRAXIS_TEST_LOGS=1 (or --reporter=default) lists every file and test again.
    reporters: process.env.PRAXIS_TEST_LOGS === '1' ? ['default'] : ['dot'],
    projects: [
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              bindings: {
                PRAXIS_AUTH_MODE: 'local',
                PRAXIS_LOCAL_SECRET: 'test-secret-for-workerd-tests-0123456789abcdef',
                PRAXIS_POINTER_TTL_MS: '0',
                // Tests send thousands of requests per subject; rate-limit*.test.ts turns limiting on with the small limiter below.
                PRAXIS_RATE_LIMIT: 'off',
                // Insights off but in the files about them (a folder named insights/), which the setup
                // turns on with the schema applied: writing usage events in every file cost the suite a
                // minute and tested nothing the insights suites (answers unchanged while D1 fails) do not.
                PRAXIS_INSIGHTS: 'off',
                PRAXIS_INSIGHTS_KEY: 'test-insights-key-for-workerd-tests-0123456789',
                TEST_INSIGHTS_MIGRATIONS: insightsMigrations,
              },
              ratelimits: {
                PRAXIS_TEST_RATE_LIMITER: {
                  namespace_id: '9001',
                  simple: { limit: 5, period: 60 },
                },
              },
            },
          }),
        ],
        test: {
          name: 'worker',
          // One workerd per vitest worker runs file after file, instead of a workerd started, and the
          // Worker's dependencies loaded into it, for every file: half the project's CPU. The setup
          // file gives each file what a runtime of its own gave it: empty KV and R2, and the
          // Worker's modules evaluated afresh.
          isolate: false,
          // A test that runs inside workerd says so in its name (docs/testing.md: where tests are).
          include: ['test/**/*.workerd.test.ts'],
          globalSetup: [
            'test/helpers/workerd/global-setup.ts',
            'test/helpers/workerd/auth-global-setup.ts',
          ],
          setupFiles: ['test/helpers/workerd/fresh-per-file.ts'],
          // Each file publishes fixtures to local KV: on a loaded 2-core
          // machine vitest's 5 s / 10 s defaults end tests that are merely slow.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'node',
          globalSetup: ['test/helpers/node/run-folder-setup.ts'],
          // PRAXIS_TEST_CPU=<file>: a line per file of the CPU it spent (docs/testing.md).
          setupFiles: process.env.PRAXIS_TEST_CPU ? ['test/helpers/node/cpu-per-file.ts'] : [],
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/**/*.workerd.test.ts'],
          // One process runs several files and keeps the modules it imported (TypeScript transformed
          // once, not once per file): about a fifth less CPU on the quick files. Every file still
          // starts, and stops, the processes and services it uses, and puts back what it changes in
          // process.env.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
