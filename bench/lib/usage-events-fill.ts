// A million usage events for the insights queries bench, generated inside D1 itself: small lookup
// tables (callers, queries with the names they return, tools, content versions) are written from
// Node, then each slice of days is one INSERT … SELECT over a recursive counter that draws, per
// row, a minute in the slice, a caller, a query, a tool and a version — skewed, so a few callers
// and queries make most rows, as usage does. Rows go in minute order, as the Worker writes them.
import { createHash } from 'node:crypto';

export interface FillPlan {
  /** 64 hex characters each: HMAC-like ids. */
  callers: string[];
  /** Distinct queries, each with its terms key (terms-key.ts) and the names a search returned (none for a gap). */
  queries: { query: string; terms: string | null; names: string[] }[];
  /** The newest minute; rows span `days` days before it. */
  nowMinute: number;
  days: number;
  rows: number;
  slices: number;
}

/** Tools by share of calls: searches most, then gets, lists and the rest. */
export const TOOL_SHARES: { tool: string; kind: string; share: number }[] = [
  { tool: 'search_processes', kind: 'search', share: 8 },
  { tool: 'search_knowledge', kind: 'search', share: 3 },
  { tool: 'get_process', kind: 'get', share: 5 },
  { tool: 'get_framework', kind: 'get', share: 1 },
  { tool: 'list_processes', kind: 'list', share: 1 },
  { tool: 'fill_template', kind: 'other', share: 1 },
  { tool: 'graph_neighbors', kind: 'other', share: 1 },
];
const VERSIONS = 30;

/** `count` caller ids, as the Worker stores them (64 hex characters). */
export const callerIds = (count: number): string[] =>
  Array.from({ length: count }, (_, i) =>
    createHash('sha256').update(`bench-caller-${i}`).digest('hex'),
  );

/** Lookup rows per INSERT: each statement binds one JSON array of them. */
const LOOKUP_ROWS_PER_STATEMENT = 1_000;

/** The statements that create and fill the lookup tables, as [sql, values] pairs, in order. */
export function lookupStatements(plan: FillPlan): [string, unknown[]][] {
  const statements: [string, unknown[]][] = [
    ['DROP TABLE IF EXISTS bench_callers', []],
    ['DROP TABLE IF EXISTS bench_queries', []],
    ['DROP TABLE IF EXISTS bench_tools', []],
    ['CREATE TABLE bench_callers (id INTEGER PRIMARY KEY, caller TEXT NOT NULL)', []],
    [
      'CREATE TABLE bench_queries (id INTEGER PRIMARY KEY, query TEXT NOT NULL, terms TEXT, results INTEGER NOT NULL, score REAL, names TEXT NOT NULL, first_name TEXT NOT NULL)',
      [],
    ],
    [
      'CREATE TABLE bench_tools (id INTEGER PRIMARY KEY, tool TEXT NOT NULL, kind TEXT NOT NULL)',
      [],
    ],
  ];
  const inserts = (table: string, columns: string[], rows: unknown[][]) => {
    const select = columns.map((_, i) => `json_extract(value, '$[${i}]')`).join(', ');
    for (let i = 0; i < rows.length; i += LOOKUP_ROWS_PER_STATEMENT)
      statements.push([
        `INSERT INTO ${table} (${columns.join(', ')}) SELECT ${select} FROM json_each(?1)`,
        [JSON.stringify(rows.slice(i, i + LOOKUP_ROWS_PER_STATEMENT))],
      ]);
  };
  inserts(
    'bench_callers',
    ['id', 'caller'],
    plan.callers.map((caller, i) => [i + 1, caller]),
  );
  inserts(
    'bench_queries',
    ['id', 'query', 'terms', 'results', 'score', 'names', 'first_name'],
    plan.queries.map(({ query, terms, names }, i) => [
      i + 1,
      query,
      terms,
      names.length,
      names.length ? 0.25 + ((i * 7919) % 700) / 1000 : null,
      JSON.stringify(names),
      JSON.stringify(names.slice(0, 1)),
    ]),
  );
  let slot = 0;
  inserts(
    'bench_tools',
    ['id', 'tool', 'kind'],
    TOOL_SHARES.flatMap(({ tool, kind, share }) =>
      Array.from({ length: share }, () => [++slot, tool, kind]),
    ),
  );
  return statements;
}

export const toolSlots = (): number => TOOL_SHARES.reduce((sum, { share }) => sum + share, 0);

/**
 * One slice's INSERT … SELECT and its values: `rows / slices` rows in the slice's minutes, ordered
 * by minute. Callers and queries are drawn as u² over their lists (the first of 400 callers makes
 * 5 % of the rows, as a heavy automated agent might; the first of 5 000 queries 1.4 %); the
 * version follows the minute (newer content, newer version).
 */
export function sliceStatement(plan: FillPlan, slice: number): [string, unknown[]] {
  const sliceMinutes = Math.ceil((plan.days * 1440) / plan.slices);
  const firstMinute = plan.nowMinute - plan.days * 1440 + slice * sliceMinutes;
  const sql = `WITH RECURSIVE counter(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM counter WHERE i < ?1),
draws AS MATERIALIZED (
  SELECT ?2 + abs(random()) % ?3 AS minute,
    abs(random()) % 1000000 / 1000000.0 AS c,
    abs(random()) % 1000000 / 1000000.0 AS q,
    abs(random()) % ?4 AS t
  FROM counter)
INSERT INTO usage_events (minute, caller, tool, kind, query, result_count, top_score, names, is_error, version, terms)
SELECT d.minute, bc.caller, bt.tool, bt.kind,
  CASE WHEN bt.kind IN ('search', 'get') THEN bq.query END,
  CASE bt.kind WHEN 'search' THEN bq.results WHEN 'get' THEN min(bq.results, 1) WHEN 'list' THEN 40 END,
  CASE WHEN bt.kind = 'search' THEN bq.score END,
  CASE bt.kind WHEN 'search' THEN bq.names WHEN 'get' THEN bq.first_name ELSE '[]' END,
  CASE WHEN bt.kind = 'get' AND bq.results = 0 THEN 1 ELSE 0 END,
  printf('%012x', 1 + (d.minute - ?5) * ?6 / ?7),
  CASE WHEN bt.kind = 'search' THEN bq.terms END
FROM draws d
JOIN bench_callers bc ON bc.id = 1 + CAST(d.c * d.c * ?8 AS INTEGER)
JOIN bench_queries bq ON bq.id = 1 + CAST(d.q * d.q * ?9 AS INTEGER)
JOIN bench_tools bt ON bt.id = 1 + d.t
ORDER BY d.minute`;
  return [
    sql,
    [
      // Whole rows per slice; the last takes the remainder, so the table holds exactly `rows`.
      slice < plan.slices - 1
        ? Math.floor(plan.rows / plan.slices)
        : plan.rows - (plan.slices - 1) * Math.floor(plan.rows / plan.slices),
      firstMinute,
      sliceMinutes,
      toolSlots(),
      plan.nowMinute - plan.days * 1440,
      VERSIONS,
      plan.days * 1440 + 1,
      plan.callers.length,
      plan.queries.length,
    ],
  ];
}

/** Drops the lookup tables once the rows are written. */
export const dropLookupStatements = (): string[] => [
  'DROP TABLE bench_callers',
  'DROP TABLE bench_queries',
  'DROP TABLE bench_tools',
];
