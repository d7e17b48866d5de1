// What a search's snippets cost when their bodies are new to the isolate, in Node: `node
// bench/commands/snippets.ts [--docs N] [--work DIR] [--rounds N] [--base TREE]`. Over the bench's
// generated corpus (bench/lib/prepared-corpus.ts, built once and kept in DIR), each round runs in a
// new Node process, as a new isolate would: 300 queries new to it (bench/lib/fresh-queries.ts) each
// snippet ten process bodies no earlier query of the round snippeted, so the readable text of every
// body is made, then matched, by code compiled as it runs. Prints the milliseconds per ten snippets,
// round by round, and whether the snippets were the same; with `--base`, the same for another
// checkout's snippet code (a `git worktree` of another revision, its node_modules linked), in turns,
// so a change's effect is read under the same load and its answers compared.
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { objectText } from '../../scripts/compile/assemble.ts';
import { bundleProcesses, readBundle } from '../lib/corpus.ts';
import { freshQueries } from '../lib/fresh-queries.ts';
import { preparedCorpus } from '../lib/prepared-corpus.ts';

const { values } = parseArgs({
  options: {
    docs: { type: 'string' },
    work: { type: 'string' },
    rounds: { type: 'string' },
    base: { type: 'string' },
    // Internal: one round in this process, the snippet code of checkout ROOT over OBJECTS_FILE.
    round: { type: 'string' },
    root: { type: 'string' },
    objects: { type: 'string' },
  },
});
const QUERIES = 300;
const PER_QUERY = 10;
const log = (line: string) => console.log(`[snippets] ${line}`);

if (values.round !== undefined) {
  const round = Number(values.round);
  const bundle = await readBundle(values.objects!);
  const bodies = bundleProcesses(bundle).map((entry) => objectText(bundle.objects, entry.body)!);
  if (bodies.length < QUERIES * PER_QUERY)
    throw new Error(
      `${bodies.length} process bodies: ${QUERIES * PER_QUERY} are needed (--docs 10000 or more)`,
    );
  const root = values.root!;
  const { snippet } = await import(join(root, 'src/worker/content/search/snippet.ts'));
  const { analyseQuery } = await import(join(root, 'src/worker/content/search/query-terms.ts'));
  const queries = freshQueries(QUERIES).map(analyseQuery);
  // Each round starts at another place in the corpus.
  const offset = (round * 1999) % bodies.length;
  let checksum = 0;
  const started = performance.now();
  for (let q = 0; q < QUERIES; q++)
    for (let r = 0; r < PER_QUERY; r++) {
      const body = bodies[(offset + q * PER_QUERY + r) % bodies.length]!;
      const made: string = snippet(body, queries[q]);
      for (let i = 0; i < made.length; i++) checksum = (checksum * 31 + made.charCodeAt(i)) >>> 0;
    }
  const ms = (performance.now() - started) / QUERIES;
  console.log(JSON.stringify({ ms, checksum }));
  process.exit(0);
}

const documents = Number(values.docs ?? 10_000);
const rounds = Number(values.rounds ?? 5);
const { objectsFile } = await preparedCorpus(
  documents,
  values.work ?? join(tmpdir(), 'praxis-cpu'),
  log,
);
const run = promisify(execFile);
const codes: { label: string; root: string }[] = [
  { label: 'this checkout', root: resolve(import.meta.dirname, '../..') },
  ...(values.base ? [{ label: `base (${values.base})`, root: resolve(values.base) }] : []),
];
const figures = new Map<string, number[]>(codes.map(({ label }) => [label, []]));
const checksums = new Map<string, number>();
for (let round = 0; round < rounds; round++)
  for (const { label, root } of codes) {
    const { stdout } = await run(process.execPath, [
      import.meta.filename,
      '--round',
      String(round),
      '--root',
      root,
      '--objects',
      objectsFile,
    ]);
    const { ms, checksum } = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
      ms: number;
      checksum: number;
    };
    figures.get(label)!.push(ms);
    checksums.set(`${label} ${round}`, checksum);
  }

log(
  `${documents} documents; per round a new process, ${QUERIES} new queries × ${PER_QUERY} process bodies new to it; ms per ${PER_QUERY} snippets:`,
);
for (const { label } of codes)
  log(
    `  ${label}: ${figures
      .get(label)!
      .map((ms) => ms.toFixed(3))
      .join(', ')}`,
  );
if (codes.length === 2) {
  const differing = [...Array(rounds).keys()].filter(
    (round) =>
      checksums.get(`${codes[0]!.label} ${round}`) !== checksums.get(`${codes[1]!.label} ${round}`),
  );
  log(
    differing.length
      ? `snippets differ between the two in rounds ${differing.join(', ')}`
      : 'the same snippets from both, every round',
  );
}
