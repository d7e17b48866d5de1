// What holds the Worker isolate's heap after its first search: a V8 heap snapshot taken through the
// inspector, summed by what V8 calls each object (strings by size band, objects by constructor,
// arrays, code…). A diagnostic of memory use at scale, not a benchmark of record.
// `node bench/commands/heap-breakdown.ts DIR [query]` — DIR is a corpus directory `npm run bench` left behind
// (e.g. /tmp/praxis-bench/n100000: its wrangler.bench.toml, bench.env and published state).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { issueLocalToken } from '../../src/shared/auth/local-token.ts';
import { rawSearch } from '../lib/clients.ts';
import { bundleBenchWorker, startDirectWorker } from '../hosts/direct-host.ts';
import { FLOOR_PATH } from '../workers/floor.ts';
import { mib } from '../lib/stats.ts';
import { openWorkerInspector } from '../profiling/worker-inspector.ts';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

const [dir, query = 'how do we roll back a failed deployment'] = process.argv.slice(2);
if (!dir) {
  console.error(
    'usage: node bench/commands/heap-breakdown.ts DIR [query]   (DIR: a corpus directory npm run bench left, e.g. /tmp/praxis-bench/n100000)',
  );
  process.exit(2);
}
const secret = /PRAXIS_LOCAL_SECRET=(\w+)/.exec(
  await readFile(join(dir, 'bench.env'), 'utf8'),
)?.[1];
if (!secret)
  throw new Error(
    `${join(dir, 'bench.env')} has no PRAXIS_LOCAL_SECRET: run npm run bench for this size first`,
  );
const script = await bundleBenchWorker(join(dir, 'wrangler.bench.toml'), join(dir, 'bundle'));
const host = await startDirectWorker(script, join(dir, 'state'), join(dir, 'bench.env'));
try {
  const outcome = await rawSearch(host.url, await issueLocalToken(secret, 'heap'), query);
  const wake = () => fetch(new URL(FLOOR_PATH, host.url)).then((response) => response.text());
  const inspector = await openWorkerInspector(host.pids);
  const used = await inspector.usedHeapAfterGc(wake);
  const snapshot = JSON.parse(await inspector.heapSnapshot(wake)) as Snapshot;
  inspector.close();
  console.log(
    `first search: ${outcome.results} results in ${outcome.ms.toFixed(0)} ms; JS heap after a forced GC: ${mib(used)}\n`,
  );
  printBreakdown(snapshot);
} finally {
  await host.close();
}

function printBreakdown({ snapshot: { meta }, nodes, strings }: Snapshot): void {
  const fields = meta.node_fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) =>
    meta.node_fields.indexOf(field),
  ) as [number, number, number];
  const types = meta.node_types[0];
  const groups = new Map<string, { bytes: number; count: number }>();
  const largeStrings: { bytes: number; text: string }[] = [];
  let total = 0;
  for (let at = 0; at < nodes.length; at += fields) {
    const type = types[nodes[at + typeAt]!]!;
    const name = strings[nodes[at + nameAt]!]!;
    const bytes = nodes[at + sizeAt]!;
    total += bytes;
    const key = type.includes('string')
      ? `strings ${band(bytes)}`
      : type === 'object'
        ? `object ${name}`
        : `${type} ${name.length > 40 ? '' : name}`.trim();
    const group = groups.get(key) ?? { bytes: 0, count: 0 };
    group.bytes += bytes;
    group.count += 1;
    groups.set(key, group);
    if (type.includes('string') && bytes >= 64 * 1024)
      largeStrings.push({ bytes, text: name.slice(0, 80).replace(/\s+/g, ' ') });
  }
  console.log(
    `snapshot: ${mib(total)} in ${(nodes.length / fields).toLocaleString('en')} objects; the 25 largest groups by self size:\n`,
  );
  for (const [key, { bytes, count }] of [...groups]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .slice(0, 25)) {
    console.log(`${mib(bytes).padStart(11)}  ${String(count).padStart(9)}  ${key}`);
  }
  console.log(`\nstrings of 64 KiB or more (${largeStrings.length}), largest first:`);
  for (const { bytes, text } of largeStrings.sort((a, b) => b.bytes - a.bytes).slice(0, 15))
    console.log(`${mib(bytes).padStart(11)}  ${text}`);
}

function band(bytes: number): string {
  if (bytes < 1024) return '< 1 KiB';
  if (bytes < 64 * 1024) return '1–64 KiB';
  return '≥ 64 KiB';
}
