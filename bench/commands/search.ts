// Search quality and speed on the shared playbook corpus: `npm run bench:search`.
// Copies the playbook into a temporary content folder as `processes/`, compiles it like a real
// build, runs each benchmark question and reports the rank of the first expected file,
// recall@5 and MRR@10 for the shared questions and for the held-out ones.
// `--corpus DIR` instead measures index size and speed over any content folder, e.g. one made by
// `node ../shared/corpora/make-scale-corpus.mjs 10000 /tmp/c10k`.
import { analyseQuery } from '../../src/worker/content/search/query-terms.ts';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compileContent } from '../../scripts/compile/compile.ts';
import {
  buildSearchIndex,
  splitSearchIndex,
  type SearchIndex,
  type SearchOptions,
} from '../../src/bundle/search/index.ts';
import { searchIndex } from '../../src/worker/content/search/search.ts';
import { searcherOf } from '../../src/worker/content/search/searcher.ts';
import { termCount } from '../../src/bundle/search/term-table.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const sharedDir = resolve(repoRoot, '../shared');
export const playbookDir = join(sharedDir, 'corpora/playbook');
export const sharedQueriesFile = join(sharedDir, 'corpora/playbook-queries.tsv');
export const heldOutQueriesFile = join(repoRoot, 'test/fixtures/heldout-queries.tsv');
/** A second held-out set, written from the handbook's pages before the ranking it measures changed. */
export const secondHeldOutQueriesFile = join(repoRoot, 'test/fixtures/heldout-queries-2.tsv');

export interface BenchDocument {
  name: string;
  title: string;
  description: string;
  /** Relative to the kind folder, e.g. `code-reviews/README.md`. */
  path: string;
  content: string;
}

export interface BenchQuery {
  query: string;
  expected: string[];
}

export interface QueryOutcome extends BenchQuery {
  /** 1-based rank of the first expected file, or null when it is not in the results. */
  rank: number | null;
  top: string[];
}

/** The compiled documents of a content folder (the one place that knows how the build compiles). */
export async function loadDocuments(contentDir: string): Promise<BenchDocument[]> {
  const { documents, errors } = await compileContent(contentDir);
  for (const error of errors) console.warn(`build: ${error.file}:${error.line}: ${error.message}`);
  return documents;
}

/** The playbook compiled as the `processes` of a throwaway content folder. */
export async function loadPlaybook(): Promise<BenchDocument[]> {
  const contentDir = await mkdtemp(join(tmpdir(), 'praxis-bench-'));
  try {
    await cp(playbookDir, join(contentDir, 'processes'), { recursive: true });
    return await loadDocuments(contentDir);
  } finally {
    await rm(contentDir, { recursive: true, force: true });
  }
}

/** `query<TAB>expected;expected` lines after a header line. */
export async function readQueries(file: string): Promise<BenchQuery[]> {
  const lines = (await readFile(file, 'utf8')).split(/\r?\n/).slice(1);
  return lines
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [query = '', expected = ''] = line.split('\t');
      return {
        query: query.trim(),
        expected: expected
          .split(';')
          .map((path) => path.trim())
          .filter(Boolean),
      };
    });
}

export function indexOf(documents: readonly BenchDocument[]): SearchIndex {
  return buildSearchIndex(
    documents.map((d) => ({
      name: d.name,
      title: d.title,
      description: d.description,
      body: d.content,
    })),
  );
}

export function runQueries(
  index: SearchIndex,
  documents: readonly BenchDocument[],
  queries: readonly BenchQuery[],
): QueryOutcome[] {
  return queries.map((q) => {
    const paths = searchIndex(index, analyseQuery(q.query), { limit: 10 }).map(
      (hit) => (documents[hit.doc] as BenchDocument).path,
    );
    const position = paths.findIndex((path) => q.expected.includes(path));
    return { ...q, rank: position < 0 ? null : position + 1, top: paths.slice(0, 3) };
  });
}

export function recallAt(outcomes: readonly QueryOutcome[], k: number): number {
  return (
    outcomes.filter((o) => o.rank !== null && o.rank <= k).length / Math.max(outcomes.length, 1)
  );
}

export function meanReciprocalRank(outcomes: readonly QueryOutcome[]): number {
  return (
    outcomes.reduce((sum, o) => sum + (o.rank === null ? 0 : 1 / o.rank), 0) /
    Math.max(outcomes.length, 1)
  );
}

function printTable(label: string, outcomes: readonly QueryOutcome[]): void {
  console.log(`\n${label}`);
  for (const o of outcomes) {
    const rank = o.rank === null ? '  -' : String(o.rank).padStart(3);
    const miss = o.rank === 1 ? '' : `   top: ${o.top.join(', ')}`;
    console.log(`${rank}  ${o.query.padEnd(52)} ${o.expected[0]}${miss}`);
  }
  console.log(
    `recall@5 ${recallAt(outcomes, 5).toFixed(3)}   MRR@10 ${meanReciprocalRank(outcomes).toFixed(3)}`,
  );
}

function medianQueryMs(
  index: SearchIndex,
  queries: readonly BenchQuery[],
  options: SearchOptions = {},
): number {
  const times: number[] = [];
  for (let round = 0; round < 20; round++) {
    for (const q of queries) {
      const start = performance.now();
      searchIndex(index, analyseQuery(q.query), options);
      times.push(performance.now() - start);
    }
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
}

/** How many queries the sharded form of `index` (what the build stores) ranks exactly as the single object. */
async function shardedAgreement(
  index: SearchIndex,
  queries: readonly BenchQuery[],
): Promise<number> {
  const shards = splitSearchIndex(index);
  const byName = new Map(shards.map((table, i) => [String(i), table]));
  const searcher = searcherOf(
    {
      format: 'praxis-search/7',
      documents: index.documents,
      order: index.order,
      shards: [...byName.keys()],
    },
    async (name) => byName.get(name)!,
  );
  let same = 0;
  for (const { query } of queries) {
    if (
      JSON.stringify(await searcher.search(analyseQuery(query), { limit: 10 })) ===
      JSON.stringify(searchIndex(index, analyseQuery(query), { limit: 10 }))
    )
      same += 1;
  }
  return same;
}

/**
 * What restricted documents cost: every `every`-th document restricted to a group, the index's size
 * (the weighted tables the build adds) and the median query for a caller who sees everything and
 * for one without the group (whose frequencies are counted and postings filtered per query).
 */
function benchRestricted(
  documents: readonly BenchDocument[],
  queries: readonly BenchQuery[],
  plainBytes: number,
  every = 10,
): void {
  const buildStart = performance.now();
  const index = buildSearchIndex(
    documents.map((d, i) => ({
      name: d.name,
      title: d.title,
      description: d.description,
      body: d.content,
      ...(i % every === 0 ? { access: ['bench-group'] } : {}),
    })),
  );
  const buildMs = performance.now() - buildStart;
  const bytes = JSON.stringify(index).length;
  const member = (entry: { access?: readonly string[] }) =>
    !entry.access || entry.access.includes('bench-group');
  const outsider = (entry: { access?: readonly string[] }) => !entry.access;
  console.log(
    `with every ${every}th document restricted: index ${(bytes / 1024).toFixed(0)} KiB JSON (+${(100 * (bytes / plainBytes - 1)).toFixed(0)} %, ` +
      `${index.variants?.length ?? 0} extra weighted table(s), build ${buildMs.toFixed(0)} ms); median query: caller who sees every document ` +
      `${medianQueryMs(index, queries, { canSee: member }).toFixed(3)} ms, caller without the group ${medianQueryMs(index, queries, { canSee: outsider }).toFixed(3)} ms`,
  );
}

/** Index size, build, parse and query times over a content folder (e.g. a generated scale corpus). */
async function benchCorpus(contentDir: string): Promise<void> {
  const documents = await loadDocuments(contentDir);
  const buildStart = performance.now();
  const index = indexOf(documents);
  const buildMs = performance.now() - buildStart;
  const json = JSON.stringify(index);
  const parseStart = performance.now();
  const parsed = JSON.parse(json) as SearchIndex;
  const parseMs = performance.now() - parseStart;
  const queries = await readQueries(sharedQueriesFile).catch(() => [
    { query: 'code review', expected: [] },
  ]);
  const cold = performance.now();
  searchIndex(parsed, analyseQuery(queries[0]?.query ?? 'code review'));
  const coldMs = performance.now() - cold;
  console.log(
    `${documents.length} documents, ${termCount(index)} terms, index ${(json.length / 1048576).toFixed(2)} MiB JSON ` +
      `(build ${(buildMs / 1000).toFixed(1)} s), parse ${parseMs.toFixed(1)} ms, first query ${coldMs.toFixed(2)} ms, ` +
      `median query ${medianQueryMs(parsed, queries).toFixed(3)} ms`,
  );
  benchRestricted(documents, queries, json.length);
}

async function main(): Promise<void> {
  const corpusFlag = process.argv.indexOf('--corpus');
  if (corpusFlag >= 0) {
    const dir = process.argv[corpusFlag + 1];
    if (dir === undefined) throw new Error('usage: search.ts [--corpus CONTENT_DIR]');
    return benchCorpus(resolve(dir));
  }
  if (!existsSync(playbookDir)) {
    console.log(`bench:search skipped: ${sharedDir} is absent (it holds the playbook corpus).`);
    return;
  }
  const documents = await loadPlaybook();
  const index = indexOf(documents);
  const json = JSON.stringify(index);
  const parseStart = performance.now();
  JSON.parse(json);
  const parseMs = performance.now() - parseStart;
  const shared = runQueries(index, documents, await readQueries(sharedQueriesFile));
  const heldOut = existsSync(heldOutQueriesFile)
    ? runQueries(index, documents, await readQueries(heldOutQueriesFile))
    : [];
  const secondHeldOut = existsSync(secondHeldOutQueriesFile)
    ? runQueries(index, documents, await readQueries(secondHeldOutQueriesFile))
    : [];
  printTable(`shared questions (${shared.length})`, shared);
  if (heldOut.length > 0) printTable(`held-out questions (${heldOut.length})`, heldOut);
  if (secondHeldOut.length > 0)
    printTable(`second held-out questions (${secondHeldOut.length})`, secondHeldOut);
  const allQueries = [...shared, ...heldOut, ...secondHeldOut];
  console.log(
    `\nsharded index (as the Worker stores it): ${await shardedAgreement(index, allQueries)} of ${allQueries.length} questions ranked identically (top 10)`,
  );
  console.log(
    `\n${documents.length} documents, ${termCount(index)} terms, index ${(json.length / 1024).toFixed(0)} KiB JSON, ` +
      `parse ${parseMs.toFixed(1)} ms, median query ${medianQueryMs(index, allQueries).toFixed(3)} ms`,
  );
  benchRestricted(documents, allQueries, json.length);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
