// Usage events in D1 (migrations/0001_usage_events.sql): one row per tool call, the whole request's
// rows in one round trip. Each row is inserted only while its caller has fewer than
// MAX_EVENTS_PER_CALLER_MINUTE rows in that minute — the count and the insert are one statement, and
// a batch runs its statements in order in one transaction, so the cap holds within a batch too.
import type { ToolCallOutcome } from '../mcp/tool-call-outcome.ts';
import { storedQuery } from './query-text.ts';
import { storedTermsKey } from './terms-key.ts';

export const MAX_EVENTS_PER_CALLER_MINUTE = 60;
export const MAX_NAMES_PER_EVENT = 10;
const MAX_NAME_CHARS = 200;

export interface UsageEvent {
  minute: number;
  caller: string;
  tool: string;
  kind: string;
  query: string | null;
  resultCount: number | null;
  topScore: number | null;
  /** JSON array text. */
  names: string;
  isError: 0 | 1;
  version: string | null;
  /** A search's terms key (terms-key.ts): near-duplicate questions share it; absent for other tools. */
  terms?: string | null;
}

export const epochMinute = (ms: number): number => Math.floor(ms / 60_000);

/** The row a tool call's outcome becomes: what was asked scrubbed and normalised, names capped. */
export function usageEvent(
  outcome: ToolCallOutcome,
  at: { minute: number; caller: string; version: string | null },
): UsageEvent {
  const query = outcome.asked === undefined ? null : storedQuery(outcome.asked);
  return {
    ...at,
    tool: outcome.tool,
    kind: outcome.kind,
    query,
    resultCount: outcome.resultCount ?? null,
    topScore: outcome.topScore ?? null,
    names: JSON.stringify(
      outcome.names.slice(0, MAX_NAMES_PER_EVENT).map((name) => name.slice(0, MAX_NAME_CHARS)),
    ),
    isError: outcome.isError ? 1 : 0,
    version: at.version,
    terms:
      outcome.asked === undefined || query === null || outcome.terms === undefined
        ? null
        : storedTermsKey(outcome.asked, query, outcome.terms),
  };
}

const INSERT_UNDER_CAP = `INSERT INTO usage_events
  (minute, caller, tool, kind, query, result_count, top_score, names, is_error, version, terms)
SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11
WHERE (SELECT COUNT(*) FROM usage_events WHERE caller = ?2 AND minute = ?1) < ?12`;

/** Writes `events` in one round trip; rows over their caller's cap for the minute are dropped. */
export async function writeUsageEvents(db: D1Database, events: UsageEvent[]): Promise<void> {
  if (!events.length) return;
  const statement = db.prepare(INSERT_UNDER_CAP);
  await db.batch(
    events.map((event) =>
      statement.bind(
        event.minute,
        event.caller,
        event.tool,
        event.kind,
        event.query,
        event.resultCount,
        event.topScore,
        event.names,
        event.isError,
        event.version,
        event.terms ?? null,
        MAX_EVENTS_PER_CALLER_MINUTE,
      ),
    ),
  );
}

/** Deletes every row of one caller; how many went. */
export async function deleteCallerEvents(db: D1Database, caller: string): Promise<number> {
  const result = await db.prepare('DELETE FROM usage_events WHERE caller = ?1').bind(caller).run();
  return result.meta.changes ?? 0;
}

/** Deletes every row older than `beforeMinute`; how many went. */
export async function deleteEventsBefore(db: D1Database, beforeMinute: number): Promise<number> {
  const result = await db
    .prepare('DELETE FROM usage_events WHERE minute < ?1')
    .bind(beforeMinute)
    .run();
  return result.meta.changes ?? 0;
}
