// The insights settings (docs/insights.md), read from the Worker's vars, secret and binding: whether
// usage events are written, where, with which key, and for how long they are kept.

export interface InsightsEnv {
  /** The D1 database of usage events (wrangler.toml [[d1_databases]]). */
  INSIGHTS?: D1Database;
  /** on | off; wrangler.toml ships "on". Absent: off. */
  PRAXIS_INSIGHTS?: string;
  /** The secret caller ids are HMACs with (praxis deploy generates it; praxis dev keeps one in .praxis/). */
  PRAXIS_INSIGHTS_KEY?: string;
  /** Days a usage event is kept (default 90). */
  PRAXIS_INSIGHTS_DAYS?: string;
  /** The group whose members may act on insights (default praxis-authors). */
  PRAXIS_AUTHORS_GROUP?: string;
}

export const DEFAULT_RETENTION_DAYS = 90;
const MAX_RETENTION_DAYS = 3650;
export const MIN_INSIGHTS_KEY_LENGTH = 32;
export const DEFAULT_AUTHORS_GROUP = 'praxis-authors';

/** Where usage events go, or why none are written. */
export type InsightsStore =
  { ok: true; db: D1Database; key: string } | { ok: false; off: boolean; reason: string };

/** The database and key usage events need, whatever PRAXIS_INSIGHTS says (forgetting and retention work when it is off). */
export function insightsStore(env: InsightsEnv): InsightsStore {
  if (!env.INSIGHTS)
    return { ok: false, off: false, reason: 'no D1 database is bound as INSIGHTS (wrangler.toml)' };
  const key = env.PRAXIS_INSIGHTS_KEY;
  if (!key || key.length < MIN_INSIGHTS_KEY_LENGTH)
    return {
      ok: false,
      off: false,
      reason: `PRAXIS_INSIGHTS_KEY of at least ${MIN_INSIGHTS_KEY_LENGTH} characters is not set (praxis deploy generates it; praxis dev sets it)`,
    };
  return { ok: true, db: env.INSIGHTS, key };
}

/** The store usage events are written to: only when PRAXIS_INSIGHTS is on. */
export function usageEventStore(env: InsightsEnv): InsightsStore {
  const setting = (env.PRAXIS_INSIGHTS ?? 'off').trim().toLowerCase();
  if (setting === 'off') return { ok: false, off: true, reason: 'PRAXIS_INSIGHTS is off' };
  if (setting !== 'on')
    return {
      ok: false,
      off: false,
      reason: `PRAXIS_INSIGHTS='${env.PRAXIS_INSIGHTS}' is neither on nor off`,
    };
  return insightsStore(env);
}

/** Days usage events are kept: PRAXIS_INSIGHTS_DAYS when it is a whole number from 1 to 3650, else 90. */
export function retentionDays(env: InsightsEnv): number {
  const days = Number(env.PRAXIS_INSIGHTS_DAYS);
  return Number.isInteger(days) && days >= 1 && days <= MAX_RETENTION_DAYS
    ? days
    : DEFAULT_RETENTION_DAYS;
}

export const authorsGroup = (env: InsightsEnv): string =>
  env.PRAXIS_AUTHORS_GROUP?.trim() || DEFAULT_AUTHORS_GROUP;
