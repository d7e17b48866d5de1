// What reading a search's objects costs a Worker isolate, in KV bulk reads or one read per key:
// `node --expose-gc bench/commands/kv-read-cost.ts BUNDLE_DIR [--samples N] [--work DIR] [QUERY…]`.
// For each query, the objects a new isolate's `search_processes` reads (learned in Node, cold-chain.ts)
// are put into a local KV (lib/cold-store.ts); then, per way of reading and sample, a new workerd
// process serves the bench Worker, whose READ_KEYS_PATH reads those keys as text and does nothing
// else, and the isolate's CPU for that request is read from a V8 profile. The route's code is run
// once on a small read first, so the figure is the reading, not compiling it. This is what decides
// which objects the Worker reads on their own (src/worker/content/kv-read.ts).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { POINTER_KEY } from '../../src/bundle/bundle.ts';
import { startDirectWorker } from '../hosts/direct-host.ts';
import { openColdStore } from '../lib/cold-store.ts';
import { summarize } from '../lib/stats.ts';
import { busyMs } from '../profiling/isolate-cpu.ts';
import { openWorkerInspector } from '../profiling/worker-inspector.ts';
import { READ_KEYS_PATH, type ReadKeys } from '../workers/floor.ts';
import { coldChain, DEFAULT_QUERIES } from './cold-chain.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { samples: { type: 'string' }, work: { type: 'string' } },
});
const [dir, ...asked] = positionals;
if (!dir)
  throw new Error(
    'usage: node --expose-gc bench/commands/kv-read-cost.ts BUNDLE_DIR [--samples N] [--work DIR] [QUERY…]',
  );
const samples = Math.max(1, Number(values.samples ?? 3));
const work = values.work ?? join(tmpdir(), 'praxis-kv-read-cost');
const log = (line: string) => console.log(`[kv-read-cost] ${line}`);

const searches = (await coldChain(dir, asked.length ? asked : DEFAULT_QUERIES)).map(
  ({ query, keys }) => ({ query, keys: keys.filter((key) => key !== POINTER_KEY) }),
);
const store = await openColdStore(
  dir,
  work,
  searches.flatMap((search) => search.keys),
  'kv-read-cost',
);

/** Characters read and the isolate CPU (ms) of reading `keys` as `how` says, in a new workerd. */
async function readCost(
  keys: string[],
  how: ReadKeys['how'],
): Promise<{ ms: number; chars: number }> {
  const host = await startDirectWorker(store.script, store.kvDir, store.envFile);
  const read = async (body: ReadKeys) => {
    const answer = await fetch(new URL(READ_KEYS_PATH, host.url), {
      method: 'POST',
      body: JSON.stringify(body),
    });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${READ_KEYS_PATH} answered ${answer.status}: ${text}`);
    return Number(text);
  };
  try {
    await read({ keys: keys.slice(0, 2), how });
    const inspector = await openWorkerInspector(host.pids);
    try {
      let chars = 0;
      const profile = await inspector.cpuProfile(async () => {
        chars = await read({ keys, how });
      });
      return { ms: busyMs(profile), chars };
    } finally {
      inspector.close();
    }
  } finally {
    await host.close();
  }
}

log(
  `isolate CPU of reading each search's objects as text, median of ${samples} new workerd processes; bulk: reads of up to 100 keys; alone: one read per key, all in flight`,
);
for (const { query, keys } of searches) {
  const figures: Record<ReadKeys['how'], number[]> = { bulk: [], alone: [] };
  let chars = 0;
  for (let sample = 0; sample < samples; sample++)
    for (const how of ['bulk', 'alone'] as const) {
      const cost = await readCost(keys, how);
      figures[how].push(cost.ms);
      chars = cost.chars;
    }
  const bulk = summarize(figures.bulk).median;
  const alone = summarize(figures.alone).median;
  log(
    `"${query}": ${keys.length} objects, ${(chars / 1024 ** 2).toFixed(2)} MiB: bulk ${bulk.toFixed(2)} ms (${figures.bulk.map((ms) => ms.toFixed(2)).join(', ')}); alone ${alone.toFixed(2)} ms (${figures.alone.map((ms) => ms.toFixed(2)).join(', ')}); bulk ÷ alone ${(bulk / alone).toFixed(2)}`,
  );
}
