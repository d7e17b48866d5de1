// The scale benchmark: `npm run bench` (1 000, 10 000 and 100 000 documents) or
// `npm run bench:quick` (1 000 documents, fewer samples, under two minutes). Prints progress and
// writes bench/results/RESULTS.md after every corpus size, so a long run keeps what it has measured.
// Options: --quick, --sizes 1000,10000, --out FILE, --work DIR (corpora, builds, local KV),
// --host wrangler|miniflare (what serves the Worker: wrangler dev, the default, or Miniflare alone).
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readQueries, sharedQueriesFile, heldOutQueriesFile } from './search.ts';
import { generator } from '../lib/corpus.ts';
import { measureSize, type Plan, type SizeResult } from '../lib/measure.ts';
import { renderResults, type RunInfo } from '../lib/report.ts';
import {
  measureStartupCpu,
  renderStartupCpu,
  writeStartupSection,
} from '../profiling/startup-cpu.ts';
import {
  measureTokenCheckCost,
  renderTokenCheckCost,
  renderTokenCheckSection,
} from '../lib/token-check-cost.ts';
import { countTokenCheckReads } from '../lib/token-check-reads.ts';
import type { HostKind } from '../hosts/worker-host.ts';

const HOSTS: HostKind[] = ['wrangler', 'miniflare'];

const FULL: Plan = {
  builds: 3,
  coldSamples: 7,
  warmRounds: 5,
  getSamples: 100,
  memoryRounds: 3,
  loadSeconds: 10,
  loadRepeats: 3,
};
const QUICK: Plan = {
  builds: 2,
  coldSamples: 3,
  warmRounds: 2,
  getSamples: 30,
  memoryRounds: 1,
  loadSeconds: 3,
  loadRepeats: 1,
};
/** 100 000 documents take minutes per build and per server-memory pass: fewer repeats there. */
const HUGE: Partial<Plan> = { builds: 1, coldSamples: 3, memoryRounds: 1, getSamples: 50 };
/** Rounds × calls of each token kind for the signed-in token's cost (bench/lib/token-check-cost.ts). */
const TOKEN_CHECK_FULL = { rounds: 5, calls: 300 };
const TOKEN_CHECK_QUICK = { rounds: 3, calls: 150 };
const ONE_WORD_QUERIES = ['deployment', 'security', 'testing', 'retrospective', 'pipeline'];

async function main(): Promise<number> {
  const loadAtStart = loadavg();
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean' },
      sizes: { type: 'string' },
      out: { type: 'string' },
      work: { type: 'string' },
      host: { type: 'string' },
    },
  });
  const quick = values.quick ?? false;
  // Needs no corpus: measured first, so it is printed even where the corpora are absent.
  console.log(
    '[bench] the cost of checking a signed-in token (auth mode oauth) next to a local one',
  );
  const tokenCheckCost = await measureTokenCheckCost(quick ? TOKEN_CHECK_QUICK : TOKEN_CHECK_FULL);
  const tokenCheckReads = await countTokenCheckReads();
  for (const line of renderTokenCheckCost(tokenCheckCost, tokenCheckReads))
    console.log(`[bench] ${line}`);
  // The Worker's start-up (global scope) CPU needs no corpus either; its section is kept by writeResults.
  const startupLoad = loadavg();
  const startup = renderStartupCpu(await measureStartupCpu(quick ? 3 : 5), startupLoad);
  for (const line of startup) console.log(`[bench] ${line}`);
  if (!existsSync(generator)) {
    console.log(
      `bench skipped the corpus sizes: ${generator} is absent (the shared corpora generate the documents).`,
    );
    return 0;
  }
  const sizes = (values.sizes ?? (quick ? '1000' : '1000,10000,100000')).split(',').map(Number);
  if (sizes.some((size) => !Number.isInteger(size) || size < 3))
    throw new Error(`--sizes wants whole numbers ≥ 3, comma-separated; got '${values.sizes}'`);
  const host = (values.host ?? 'wrangler') as HostKind;
  if (!HOSTS.includes(host))
    throw new Error(`--host wants ${HOSTS.join(' or ')}; got '${values.host}'`);
  const out = resolve(values.out ?? join(import.meta.dirname, '../results/RESULTS.md'));
  await writeStartupSection(
    out,
    startup,
    `node bench/commands/run.ts ${process.argv.slice(2).join(' ')}`.trim(),
  );
  const work = resolve(values.work ?? join(tmpdir(), 'praxis-bench'));
  await mkdir(work, { recursive: true });
  const shared = (await readQueries(sharedQueriesFile)).map((q) => q.query);
  const heldOut = existsSync(heldOutQueriesFile)
    ? (await readQueries(heldOutQueriesFile)).map((q) => q.query)
    : [];
  const queries = [
    ...shared.slice(0, quick ? 10 : 20),
    ...heldOut.slice(0, quick ? 0 : 5),
    ...ONE_WORD_QUERIES,
  ];

  const info: RunInfo = {
    command: `node bench/commands/run.ts ${process.argv.slice(2).join(' ')}`.trim(),
    startedAt: new Date().toISOString(),
    quick,
    sizes,
    pending: [],
    tokenCheck: renderTokenCheckSection(tokenCheckCost, tokenCheckReads),
    loadAtStart,
    loadAtEnd: loadavg(),
  };
  const results: SizeResult[] = [];
  for (const [i, size] of sizes.entries()) {
    const plan = { ...(quick ? QUICK : FULL), ...(size >= 100_000 ? HUGE : {}) };
    info.pending = sizes
      .slice(i)
      .map(
        (rest) =>
          `${rest.toLocaleString('en')} documents: ${rest === size ? 'in progress when this file was written' : 'not reached yet'}`,
      );
    await writeResults(out, renderResults({ ...info, loadAtEnd: loadavg() }, results));
    const started = performance.now();
    try {
      results.push(
        await measureSize(size, plan, queries, work, host, (line) =>
          console.log(`[bench] ${line}`),
        ),
      );
    } catch (error) {
      // Keep what was measured, and say exactly why this size has no table.
      info.pending = [
        `${size.toLocaleString('en')} documents: **failed** — ${(error as Error).message.split('\n')[0]}`,
      ];
      await writeResults(out, renderResults({ ...info, loadAtEnd: loadavg() }, results));
      throw error;
    }
    console.log(
      `[bench] ${size} documents measured in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  info.pending = [];
  await writeResults(out, renderResults({ ...info, loadAtEnd: loadavg() }, results));
  console.log(`[bench] wrote ${out}`);
  return 0;
}

/**
 * Writes the file, keeping the sections other benchmarks own in it (`<!-- name:begin -->` …
 * `<!-- name:end -->`, e.g. bench/commands/soak.ts's), which this run does not measure.
 */
async function writeResults(file: string, text: string): Promise<void> {
  const previous = await readFile(file, 'utf8').catch(() => '');
  const kept = previous.match(/<!-- ([\w-]+):begin[\s\S]*?<!-- \1:end -->/g) ?? [];
  await writeFile(file, [text, ...kept].join('\n') + (kept.length ? '\n' : ''));
}

process.exitCode = await main();
