// The insights page's two time series, per UTC day over the report's period: reads of documents the
// author may see, and how often the questions on the author's gap list were asked. Both are computed
// under the author's own access: reads count only gets of the documents the author's view names
// (passed as one bound JSON parameter, read with json_each), and the asks count only questions the
// report already shows (by their terms key), so nothing of a restricted document enters either. Each
// is one statement grouped by day, over at most MAX_SERIES_DAYS days.
import { documentKinds, documentToolName, type DocumentKind } from '../../bundle/kinds.ts';
import { termsKeyOf } from './terms-key.ts';
import { epochMinute } from './usage-events.ts';

export const MAX_SERIES_DAYS = 366;
const MINUTES_PER_DAY = 24 * 60;

export interface DayCount {
  /** YYYY-MM-DD (UTC). */
  day: string;
  count: number;
}

export interface SeriesPeriod {
  /** Epoch milliseconds, the report's period: counted from the minute of `since` to the minute of `until`, both included. */
  since: number;
  until: number;
}

/** The documents a view may see, as (kind, visible names) pairs. */
export type VisibleDocuments = ReadonlyArray<{ kind: DocumentKind; names: readonly string[] }>;

const dayOf = (ms: number): number => Math.floor(ms / 86_400_000);
const isoDay = (day: number): string => new Date(day * 86_400_000).toISOString().slice(0, 10);

/** The days of the period, at most MAX_SERIES_DAYS (the most recent ones). */
function periodDays({ since, until }: SeriesPeriod): { first: number; last: number } {
  const last = dayOf(Math.max(since, until));
  const first = Math.max(dayOf(since), last - MAX_SERIES_DAYS + 1);
  return { first, last };
}

/** Every day of the period, with the counts found (0 where none). */
function everyDay(period: SeriesPeriod, rows: Array<{ day: number; count: number }>): DayCount[] {
  const { first, last } = periodDays(period);
  const counts = new Map(rows.map((row) => [row.day, row.count]));
  const days: DayCount[] = [];
  for (let day = first; day <= last; day++)
    days.push({ day: isoDay(day), count: counts.get(day) ?? 0 });
  return days;
}

/** The report's minutes (both ends included), no earlier than the first day charted. */
const minuteBounds = (period: SeriesPeriod): [number, number] => {
  const { first } = periodDays(period);
  return [Math.max(epochMinute(period.since), first * MINUTES_PER_DAY), epochMinute(period.until)];
};

const READS_PER_DAY = `SELECT minute / ${MINUTES_PER_DAY} AS day, COUNT(*) AS count
FROM usage_events
WHERE kind = 'get' AND is_error = 0 AND minute BETWEEN ?1 AND ?2
  AND EXISTS (
    SELECT 1 FROM json_each(usage_events.names) AS read
    WHERE usage_events.tool || ' ' || read.value IN (SELECT value FROM json_each(?3))
  )
GROUP BY day`;

/** Successful gets of the visible documents, per day. */
export async function readsPerDay(
  db: D1Database,
  period: SeriesPeriod,
  visible: VisibleDocuments,
): Promise<DayCount[]> {
  const keys = visible.flatMap(({ kind, names }) =>
    names.map((name) => `${documentToolName(kind, 'get')} ${name}`),
  );
  const [from, to] = minuteBounds(period);
  const { results } = await db
    .prepare(READS_PER_DAY)
    .bind(from, to, JSON.stringify(keys))
    .all<{ day: number; count: number }>();
  return everyDay(period, results);
}

const ASKS_PER_DAY = `SELECT minute / ${MINUTES_PER_DAY} AS day, COUNT(*) AS count
FROM usage_events
WHERE kind = 'search' AND terms IN (SELECT value FROM json_each(?3)) AND minute BETWEEN ?1 AND ?2
GROUP BY day`;

/**
 * Searches per day of the questions on the gap list: those whose terms key (terms-key.ts, stored
 * with each search) is one of the gaps' — their near-duplicates merged as the report merges them.
 */
export async function gapAsksPerDay(
  db: D1Database,
  period: SeriesPeriod,
  gapTerms: ReadonlyArray<readonly string[]>,
): Promise<DayCount[]> {
  const keys = gapTerms.flatMap((terms) => termsKeyOf(terms) ?? []);
  if (!keys.length) return everyDay(period, []);
  const [from, to] = minuteBounds(period);
  const { results } = await db
    .prepare(ASKS_PER_DAY)
    .bind(from, to, JSON.stringify(keys))
    .all<{ day: number; count: number }>();
  return everyDay(period, results);
}

/** The visible documents of every kind a view names. */
export const visibleDocuments = (
  documentNames: (kind: DocumentKind) => string[],
): VisibleDocuments => documentKinds.map((kind) => ({ kind, names: documentNames(kind) }));
