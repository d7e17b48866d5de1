// Ranking cost per query as the corpus grows: `npm run bench:ranking -- --work DIR [--docs 10000,100000] [--rankings pruned]`.
// Generates the scale corpus (../shared/corpora/make-scale-corpus.mjs) once per size under DIR,
// compiles it, builds the processes' search index (what search_processes ranks: a third of the
// documents) and times, on the benchmark questions, the production ranking (block-max MaxScore,
// pruned-ranking.ts) against the exhaustive reference (exhaustive-ranking.ts) — same index, same
// analysed queries, same limit — for a caller who sees everything and for one who may not see every
// tenth document. It checks both give the same hits, prints the index's size with and without its
// skip data, and the ratio of the cost at the largest size to the smallest.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { audienceOf } from '../../src/bundle/search/audiences.ts';
import { decodeVarints, readVarint } from '../../src/bundle/search/codec.ts';
import { buildSearchIndex, type IndexableDoc } from '../../src/bundle/search/index.ts';
import { countedAudiences, firstPairAt } from '../../src/bundle/search/postings.ts';
import { findPostings, type TermTable } from '../../src/bundle/search/term-table.ts';
import type { SearchIndex, SearchOptions } from '../../src/bundle/search/types.ts';
import { rankExhaustive } from '../../src/worker/content/search/exhaustive-ranking.ts';
import { analyseQuery, type QueryTerms } from '../../src/worker/content/search/query-terms.ts';
import {
  rankQuery,
  weightedFor,
  type PostingsLookup,
} from '../../src/worker/content/search/search.ts';
import { compileContent } from '../../scripts/compile/compile.ts';
import { generateCorpus } from '../lib/corpus.ts';
import { heldOutQueriesFile, readQueries, sharedQueriesFile } from './search.ts';

const { values } = parseArgs({
  options: {
    docs: { type: 'string' },
    work: { type: 'string' },
    rounds: { type: 'string' },
    rankings: { type: 'string' },
    limit: { type: 'string' },
  },
});
const sizes = (values.docs ?? '10000,100000').split(',').map(Number);
const workDir = resolve(values.work ?? '/tmp/praxis-ranking-bench');
const rounds = Number(values.rounds ?? 15);
const limit = Number(values.limit ?? 50);
/**
 * The rankings timed (`--rankings pruned` leaves the exhaustive one out): the exhaustive ranking
 * allocates an array the size of the corpus per query, and the garbage collections that costs can
 * land on whichever ranking runs next, in the same rounds each time. Both are still compared.
 */
const timed = new Set((values.rankings ?? 'pruned,exhaustive').split(','));

type Rank = typeof rankQuery;

interface Caller {
  label: string;
  canSee?: SearchOptions['canSee'];
}

const CALLERS: Caller[] = [
  { label: 'sees every document' },
  { label: 'may not see every 10th', canSee: (entry) => !entry.access },
];

/** The processes of the scale corpus of `size` documents, every tenth restricted to a group. */
async function processesOf(size: number): Promise<IndexableDoc[]> {
  const content = join(workDir, `n${size}`, 'content');
  // Compiling 100 000 documents takes minutes: the compiled processes are kept beside the content.
  const compiled = join(workDir, `n${size}`, 'processes.json');
  if (!existsSync(compiled)) {
    if (!existsSync(content)) await generateCorpus(size, content);
    const documents = (await compileContent(content)).documents.filter(
      (doc) => doc.kind === 'processes',
    );
    const fields = documents.map(({ name, title, description, content: body }) => ({
      name,
      title,
      description,
      body,
    }));
    await writeFile(compiled, JSON.stringify(fields));
  }
  const documents = JSON.parse(await readFile(compiled, 'utf8')) as IndexableDoc[];
  return documents.map((doc, i) => ({
    ...doc,
    ...(i % 10 === 0 ? { access: ['bench-group'] } : {}),
  }));
}

/** Characters the skip data adds to a table: the index's growth over the format without it. */
function skipChars(table: TermTable, counted: number): number {
  if (table.terms === '') return 0;
  const records = table.terms.split(';');
  const offsets = decodeVarints(records.map((r) => r.slice(r.lastIndexOf(':') + 1)).join(''));
  let chars = 0;
  for (const start of offsets) {
    const first = firstPairAt(table.postings, start, counted);
    const frequency = { text: table.postings, pos: start };
    readVarint(frequency);
    chars += first - frequency.pos;
  }
  return chars;
}

/** The caller's view of `index`: what searchIndex would hand the ranking. */
function viewOf(index: SearchIndex, caller: Caller) {
  const audience = audienceOf(index.access, caller.canSee);
  const table: TermTable = weightedFor(index.access, audience, index.variants) ?? index;
  const lookup: PostingsLookup = (term) => {
    const start = findPostings(table, term);
    return start < 0 ? null : { table, start };
  };
  return { audience, lookup, options: { limit, canSee: caller.canSee } };
}

/** One timed case: a size's index as one caller sees it, ranked one way. */
interface Case {
  size: number;
  caller: Caller;
  name: 'pruned' | 'exhaustive';
  rank: Rank;
  index: SearchIndex;
  /** Per query, its CPU ms per ranking in each round. */
  samples: number[][];
}

/**
 * Process CPU time (user + system) per ranking, not wall time: on a shared machine the wall clock
 * counts the time other processes held the core. Every round takes every case and query in turn,
 * so a change in the machine's load falls on all of them alike.
 */
function time(cases: readonly Case[], queries: readonly QueryTerms[]): void {
  const views = cases.map((c) => viewOf(c.index, c.caller));
  for (let round = -2; round < rounds; round++) {
    queries.forEach((query, q) => {
      cases.forEach((c, i) => {
        const { audience, lookup, options } = views[i]!;
        const start = process.cpuUsage();
        for (let repeat = 0; repeat < REPEATS; repeat++)
          c.rank(c.index, lookup, query, options, audience);
        const used = process.cpuUsage(start);
        if (round >= 0) c.samples[q]!.push((used.user + used.system) / 1000 / REPEATS);
      });
    });
  }
}

/** Rankings of one query per sample: process CPU time has a resolution of microseconds. */
const REPEATS = 5;

const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const mean = (values: readonly number[]): number =>
  values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);

async function main(): Promise<void> {
  const questions = [
    ...(await readQueries(sharedQueriesFile)),
    ...(existsSync(heldOutQueriesFile) ? await readQueries(heldOutQueriesFile) : []),
  ];
  const queries = questions.map((q) => analyseQuery(q.query));
  const cases: Case[] = [];
  for (const size of sizes) {
    const docs = await processesOf(size);
    const plain = buildSearchIndex(docs.map(({ access: _, ...doc }) => doc));
    const restricted = buildSearchIndex(docs);
    const json = JSON.stringify(plain).length;
    const skip = skipChars(plain, 0);
    console.log(
      `${size} documents (${docs.length} processes): index ${(json / 1048576).toFixed(2)} MiB JSON, ` +
        `${(skip / 1024).toFixed(0)} KiB of it skip data: without it ${((json - skip) / 1048576).toFixed(2)} MiB (+${((100 * skip) / (json - skip)).toFixed(1)} %)`,
    );
    for (const caller of CALLERS) {
      const index = caller.canSee ? restricted : plain;
      const { audience, lookup, options } = viewOf(index, caller);
      const differing = queries.filter(
        (query) =>
          JSON.stringify(rankQuery(index, lookup, query, options, audience)) !==
          JSON.stringify(rankExhaustive(index, lookup, query, options, audience)),
      ).length;
      console.log(
        `  caller who ${caller.label}: ${differing === 0 ? 'pruned and exhaustive give the same hits and scores on every question' : `${differing} QUESTIONS DIFFER`}`,
      );
      for (const [name, rank] of [
        ['pruned', rankQuery],
        ['exhaustive', rankExhaustive],
      ] as const)
        if (timed.has(name))
          cases.push({ size, caller, name, rank, index, samples: queries.map(() => []) });
    }
  }
  time(cases, queries);
  console.log(
    `\n${queries.length} benchmark questions, limit ${limit}; CPU ms per ranking: mean over the questions of each one's median of ${rounds} rounds (worst question)`,
  );
  const costOf = new Map<Case, number>();
  for (const c of cases) {
    const perQuery = c.samples.map(median);
    costOf.set(c, mean(perQuery));
    console.log(
      `  ${String(c.size).padStart(6)} documents, caller who ${c.caller.label.padEnd(22)} ${c.name.padEnd(10)} ${mean(perQuery).toFixed(3)} (${Math.max(...perQuery).toFixed(3)})`,
    );
  }
  if (sizes.length < 2) return;
  const [smallest, largest] = [sizes[0], sizes.at(-1)];
  console.log(`\nratio ${largest} / ${smallest} documents:`);
  for (const c of cases.filter((c) => c.size === largest)) {
    const small = cases.find(
      (s) => s.size === smallest && s.caller === c.caller && s.name === c.name,
    )!;
    console.log(
      `  caller who ${c.caller.label.padEnd(22)} ${c.name.padEnd(10)} ${(costOf.get(c)! / costOf.get(small)!).toFixed(2)}×`,
    );
  }
}

await main();
