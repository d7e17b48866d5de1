// The insights queries at a million rows: `npm run bench:insights-queries [-- --rows N --work DIR
// --corpus DIR --try SQL --only TEXT]` (--try: a statement run first, e.g. a proposed index;
// --only: just the measured statements whose label holds TEXT).
// A local D1 database gets migrations/ (`wrangler d1 migrations apply INSIGHTS --local
// --persist-to DIR`, as `praxis dev` does) and N usage events (1 000 000 by default; kept in DIR
// and reused by later runs) with skewed callers and queries over 91 days of minutes, names from
// the bench's generated corpus (bench/lib/usage-events-fill.ts). Then the Worker's own statements
// run against it through Miniflare's D1 binding — the report's reads (gap candidates; reads and
// searched-into with conversions; over 7, 30 and 90 days) and its gap-state upserts, the per-caller
// cap insert (one event, then a request of two), forgetting the heaviest caller, the daily
// retention deletes — each printed with
// D1's rows read and written, its duration, the wall time, and EXPLAIN QUERY PLAN. Remote D1 and
// the cron trigger cannot be reached here: this is workerd's local D1 (SQLite), not Cloudflare's.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import type { Manifest } from '../../src/bundle/bundle.ts';
import { entriesFromObjects } from '../../src/bundle/document-chunks.ts';
import { objectText } from '../../scripts/compile/assemble.ts';
import {
  epochMinute,
  writeUsageEvents,
  type UsageEvent,
} from '../../src/worker/insights/usage-events.ts';
import { deleteCallerRows, deleteRowsBefore } from '../../src/worker/insights/row-deletion.ts';
import { analyseQuery } from '../../src/worker/content/search/query-terms.ts';
import { gapCandidatesStatement, GAPS_PER_PAGE } from '../../src/worker/insights/gaps.ts';
import { readsStatement } from '../../src/worker/insights/reads.ts';
import { NOTE_ANSWERED, NOTE_UNANSWERED } from '../../src/worker/insights/report-queries.ts';
import { termsKeyOf } from '../../src/worker/insights/terms-key.ts';
import { readQueries, sharedQueriesFile } from './search.ts';
import { readBundle } from '../lib/corpus.ts';
import { preparedCorpus } from '../lib/prepared-corpus.ts';
import { recordingD1, type RecordedStatement } from '../lib/recording-d1.ts';
import {
  callerIds,
  dropLookupStatements,
  lookupStatements,
  sliceStatement,
  type FillPlan,
} from '../lib/usage-events-fill.ts';
import {
  applyLocalMigrations,
  insightsDatabaseId,
  writeInsightsConfig,
} from '../hosts/insights-d1.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string' },
    work: { type: 'string' },
    docs: { type: 'string' },
    callers: { type: 'string' },
    queries: { type: 'string' },
    corpus: { type: 'string' },
    // Statements run before the measured ones (e.g. a proposed CREATE INDEX), to try a plan.
    try: { type: 'string', multiple: true },
    // Only the measured statements whose label holds this text.
    only: { type: 'string' },
  },
});
const rows = Number(values.rows ?? 1_000_000);
const work = resolve(values.work ?? join(tmpdir(), 'praxis-insights-queries'));
const log = (line: string) => console.log(`[insights-queries] ${line}`);
const load = () =>
  loadavg()
    .map((figure) => figure.toFixed(1))
    .join(' ');
const started = performance.now();
const RETENTION_DAYS = 90;
/** One day more than is kept, so the retention delete has a day to delete, as the daily run does. */
const DAYS = RETENTION_DAYS + 1;

const persistTo = join(work, `rows-${rows}`);
await mkdir(persistTo, { recursive: true });
const config = await writeInsightsConfig(
  join(work, 'wrangler.insights-queries.toml'),
  'praxis-insights-queries',
  'bench/workers/known-cost-worker.ts',
);
const filledMarker = join(persistTo, 'filled');
const fresh = !existsSync(filledMarker);
if (fresh) {
  await applyLocalMigrations(config, persistTo);
  log(`migrations applied to the local D1 under ${persistTo}`);
}

const mf = new Miniflare(
  convertV4MiniflareOptions({
    modules: true,
    script: 'export default { fetch: () => new Response("ok") }',
    compatibilityDate: '2026-11-01',
    resourcePersistencePath: join(persistTo, 'v3'),
    d1Databases: { INSIGHTS: insightsDatabaseId() },
  }),
);

try {
  const db = (await mf.getD1Database('INSIGHTS')) as unknown as D1Database;
  const nowMinute = epochMinute(Date.now());
  const callers = callerIds(Number(values.callers ?? 400));
  if (fresh) await fill(db, await fillPlan(nowMinute, callers));
  for (const sql of values.try ?? []) {
    const began = performance.now();
    await db.prepare(sql).run();
    log(`tried: ${sql} (${((performance.now() - began) / 1000).toFixed(1)} s)`);
  }
  await report(db, nowMinute, callers[0]!);
  log(`${((performance.now() - started) / 1000).toFixed(0)} s; load average ${load()}`);
} finally {
  await mf.dispose();
}

/** Callers, thousands of distinct queries from the corpus's titles and the shared bench questions (one in six a gap: nothing found), 91 days. */
async function fillPlan(nowMinute: number, callers: string[]): Promise<FillPlan> {
  const documents = Number(values.docs ?? 10_000);
  const { objectsFile } = await preparedCorpus(
    documents,
    values.corpus ?? join(tmpdir(), 'praxis-cpu'),
    log,
  );
  const bundle = await readBundle(objectsFile);
  const processes = entriesFromObjects(
    JSON.parse(objectText(bundle.objects, bundle.pointer.manifest)!) as Manifest,
    'processes',
    (hash) => objectText(bundle.objects, hash),
  );
  const asked = (await readQueries(sharedQueriesFile)).map((q) => q.query);
  const titles = processes.map((entry) => entry.title.toLowerCase());
  const wanted = Number(values.queries ?? 5_000);
  const queries: FillPlan['queries'] = [];
  for (let i = 0; queries.length < wanted; i++) {
    const query =
      i < asked.length
        ? asked[i]!
        : i % 3 === 0
          ? `how do we ${titles[i % titles.length]}`
          : titles[(i * 7) % titles.length]!;
    const gap = i % 6 === 5;
    const names = gap
      ? []
      : Array.from(
          { length: 1 + (i % 5) },
          (_, k) => processes[(i * 31 + k * 17) % processes.length]!.name,
        );
    const text = gap ? `${query} in ${titles[(i * 13) % titles.length]}` : query;
    queries.push({ query: text, terms: termsKeyOf(analyseQuery(text).terms), names });
  }
  return { callers, queries, nowMinute, days: DAYS, rows, slices: DAYS };
}

async function fill(db: D1Database, plan: FillPlan): Promise<void> {
  const began = performance.now();
  const lookups = lookupStatements(plan);
  for (let i = 0; i < lookups.length; i += 500)
    await db.batch(lookups.slice(i, i + 500).map(([sql, bound]) => db.prepare(sql).bind(...bound)));
  for (let slice = 0; slice < plan.slices; slice++) {
    const [sql, bound] = sliceStatement(plan, slice);
    await db
      .prepare(sql)
      .bind(...bound)
      .run();
  }
  for (const sql of dropLookupStatements()) await db.prepare(sql).run();
  await db
    .prepare('ANALYZE')
    .run()
    .catch(() => undefined);
  const count = await db.prepare('SELECT COUNT(*) AS n FROM usage_events').first<number>('n');
  await writeFile(filledMarker, String(count));
  log(
    `filled: ${count} rows, ${plan.callers.length} callers, ${plan.queries.length} distinct queries, ${plan.days} days, in ${((performance.now() - began) / 1000).toFixed(1)} s (load average ${load()})`,
  );
}

/** Runs each statement through the recording binding and prints its figures and plan. */
async function report(db: D1Database, nowMinute: number, heaviest: string): Promise<void> {
  const stats = await db
    .prepare(
      'SELECT COUNT(*) AS n, COUNT(DISTINCT caller) AS callers, COUNT(DISTINCT query) AS queries, MIN(minute) AS first, MAX(minute) AS last FROM usage_events',
    )
    .first<{ n: number; callers: number; queries: number; first: number; last: number }>();
  const heavy = await db
    .prepare('SELECT COUNT(*) AS n FROM usage_events WHERE caller = ?1')
    .bind(heaviest)
    .first<number>('n');
  log(
    `the table: ${stats!.n} rows, ${stats!.callers} callers, ${stats!.queries} distinct queries, ${((stats!.last - stats!.first) / 1440).toFixed(1)} days; the heaviest caller has ${heavy} rows`,
  );
  const event = (minute: number, query: string): UsageEvent => ({
    minute,
    caller: heaviest,
    tool: 'search_processes',
    kind: 'search',
    query,
    resultCount: 3,
    topScore: 0.5,
    names: '["deployment","code-review","onboarding"]',
    isError: 0,
    version: '000000000001',
    terms: termsKeyOf(analyseQuery(query).terms),
  });
  const period = (days: number) => ({ fromMinute: nowMinute - days * 1440, toMinute: nowMinute });
  const access = 'bench-access';
  const someTerms = await db
    .prepare("SELECT terms FROM usage_events WHERE kind = 'search' AND terms IS NOT NULL LIMIT ?1")
    .bind(GAPS_PER_PAGE)
    .all<{ terms: string }>();
  // The report's reads first (they leave the table as it is), then the writes, the deletes last.
  const measured: [string, (db: D1Database) => Promise<unknown>][] = [];
  for (const days of [7, 30, 90])
    measured.push(
      [
        `report: gap candidates, first page, ${days} days`,
        (db) => db.batch([gapCandidatesStatement(db, period(days), 0)]),
      ],
      [
        `report: reads with conversions, ${days} days`,
        (db) => db.batch([readsStatement(db, period(days))]),
      ],
    );
  measured.push(
    [
      `report: gap states of a page (${GAPS_PER_PAGE} upserts: noted unanswered, one batch)`,
      (db) =>
        db.batch(
          someTerms.results.map(({ terms }) =>
            db.prepare(NOTE_UNANSWERED).bind(access, terms, nowMinute),
          ),
        ),
    ],
    [
      `report: gap states of a page (${GAPS_PER_PAGE} upserts: answered since, one batch)`,
      (db) =>
        db.batch(
          someTerms.results.map(({ terms }) =>
            db.prepare(NOTE_ANSWERED).bind(access, terms, nowMinute, '000000000002'),
          ),
        ),
    ],
    [
      'per-caller cap insert, one event (a request of one call)',
      (db) => writeUsageEvents(db, [event(nowMinute, 'bench one')]),
    ],
    [
      'per-caller cap insert, a request of two calls (one batch)',
      (db) =>
        writeUsageEvents(db, [event(nowMinute, 'bench two a'), event(nowMinute, 'bench two b')]),
    ],
    [
      'forget the heaviest caller (POST /insights/forget: events and feedback, one batch)',
      (db) => deleteCallerRows(db, heaviest),
    ],
    [
      `retention: events, feedback and gap states older than ${RETENTION_DAYS} days (the daily cron, one batch)`,
      (db) => deleteRowsBefore(db, nowMinute - RETENTION_DAYS * 1440),
    ],
  );
  for (const [label, run] of measured) {
    if (values.only && !label.includes(values.only)) continue;
    const recorded: RecordedStatement[] = [];
    const wall = performance.now();
    await run(recordingD1(db, recorded));
    const wallMs = performance.now() - wall;
    log(`${label}: ${wallMs.toFixed(1)} ms wall`);
    // The same statement run several times (a batch of upserts) is printed once, its figures summed.
    const bySql = new Map<string, RecordedStatement[]>();
    for (const statement of recorded)
      bySql.set(statement.sql, [...(bySql.get(statement.sql) ?? []), statement]);
    for (const [sql, runs] of bySql) {
      const sum = (key: string) =>
        runs.reduce((total, run) => total + Number(run.meta[key] ?? 0), 0);
      console.log(
        `  ${runs.length > 1 ? `${runs.length} runs: ` : ''}rows read ${sum('rows_read')}, rows written ${sum('rows_written')}, changes ${sum('changes')}, D1 duration ${sum('duration').toFixed(1)} ms`,
      );
      console.log(`  ${sql.replace(/\s+/g, ' ').trim()}`);
      for (const line of await queryPlan(db, runs[0]!)) console.log(`    plan: ${line}`);
    }
  }
}

/** EXPLAIN QUERY PLAN of a recorded statement with its values, one line per step, indented by depth. */
async function queryPlan(db: D1Database, statement: RecordedStatement): Promise<string[]> {
  const { results } = await db
    .prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
    .bind(...statement.values)
    .all<{ id: number; parent: number; detail: string }>();
  const depth = new Map<number, number>([[0, 0]]);
  return results.map((step) => {
    const level = (depth.get(step.parent) ?? 0) + 1;
    depth.set(step.id, level);
    return `${'  '.repeat(level - 1)}${step.detail}`;
  });
}
