// `praxis dev` and insights (docs/insights.md): the local D1 database gets migrations/ applied —
// in the same wrangler state folder wrangler dev then serves — before the Worker starts, and the
// Worker's insights settings for the env file.
import { localInsightsKey } from './local-secret.ts';
import { LOCAL_STATE_DIR } from './paths.ts';
import { runWrangler } from './wrangler.ts';

export const INSIGHTS_BINDING = 'INSIGHTS';

/** The command that brings the local database's schema up to date (also what the docs show). */
export const LOCAL_MIGRATIONS_ARGS = [
  'd1',
  'migrations',
  'apply',
  INSIGHTS_BINDING,
  '--local',
  '--persist-to',
  LOCAL_STATE_DIR,
];

/** Applies what migrations/ holds and the local database lacks; says how many were applied. */
export async function applyLocalMigrations(): Promise<string> {
  const { output } = await runWrangler(LOCAL_MIGRATIONS_ARGS);
  return /no migrations to apply/i.test(output)
    ? 'local insights database up to date'
    : 'local insights database migrated';
}

/** Env file lines: insights on or off, and the checkout's key for caller ids. */
export async function insightsEnvLines(on: boolean): Promise<string[]> {
  return [
    `PRAXIS_INSIGHTS=${on ? 'on' : 'off'}`,
    `PRAXIS_INSIGHTS_KEY=${await localInsightsKey()}`,
  ];
}
