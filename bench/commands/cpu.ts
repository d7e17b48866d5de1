// The Worker isolate's CPU per warm call alone, quickly: `node bench/commands/cpu.ts --docs 10000 --work DIR`.
// Generates and builds the scale corpus once (kept in DIR, reused by later runs), bundles the Worker
// as `wrangler deploy` would, serves it with Miniflare and prints the isolate CPU per call of
// search_processes, tools/list and get_process, the worst query, searches of queries new to the
// isolate (first time and again), the same figures for the MCP SDK alone (bench/lib/sdk-floor.ts), and each profile's top self-time entries. For finding where the CPU
// goes between full `npm run bench` runs.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { localAuthEnv } from '../lib/local-auth-env.ts';
import type { Manifest } from '../../src/bundle/bundle.ts';
import { entriesFromObjects } from '../../src/bundle/document-chunks.ts';
import { objectText } from '../../scripts/compile/assemble.ts';
import { readQueries, sharedQueriesFile, heldOutQueriesFile } from './search.ts';
import { praxisClient, timedCall } from '../lib/clients.ts';
import { readBundle } from '../lib/corpus.ts';
import { freshQueries } from '../lib/fresh-queries.ts';
import { preparedCorpus } from '../lib/prepared-corpus.ts';
import { profileTops } from '../profiling/cpu-top.ts';
import { isolateCpuMsPerCall, medianIsolateCpuMsPerCall } from '../profiling/isolate-cpu.ts';
import { processCpuMsPerCall } from '../profiling/process-cpu.ts';
import { bundleBenchWorker, startDirectWorker } from '../hosts/direct-host.ts';
import { measureSdkFloor } from '../lib/sdk-floor.ts';

const { values } = parseArgs({
  options: {
    docs: { type: 'string' },
    work: { type: 'string' },
    calls: { type: 'string' },
    top: { type: 'string' },
    repeats: { type: 'string' },
    total: { type: 'boolean' },
    only: { type: 'string' },
  },
});
// --repeats N: profiles per figure (their median is printed). --only profile skips the per-call figures and prints the profiles alone; --total adds total (inclusive) time.
const documents = Number(values.docs ?? 10_000);
const calls = Number(values.calls ?? 100);
const top = Number(values.top ?? 15);
const repeats = Number(values.repeats ?? 5);
const { dir, config, objectsFile, kvDir } = await preparedCorpus(
  documents,
  values.work ?? join(tmpdir(), 'praxis-cpu'),
  (line) => console.log(`[cpu] ${line}`),
);
const bundle = await readBundle(objectsFile);
const processes = entriesFromObjects(
  JSON.parse(objectText(bundle.objects, bundle.pointer.manifest)!) as Manifest,
  'processes',
  (hash) => objectText(bundle.objects, hash),
);
const envFile = join(dir, 'bench.env');
const token = await localAuthEnv(envFile, 'bench');
const script = await bundleBenchWorker(config, join(dir, 'bundle'));
const shared = (await readQueries(sharedQueriesFile)).map((q) => q.query);
const heldOut = existsSync(heldOutQueriesFile)
  ? (await readQueries(heldOutQueriesFile)).map((q) => q.query)
  : [];
const queries = [
  ...shared.slice(0, 20),
  ...heldOut.slice(0, 5),
  'deployment',
  'security',
  'testing',
  'retrospective',
  'pipeline',
];

const host = await startDirectWorker(script, kvDir, envFile);
const client = await praxisClient(host.url, token);
try {
  for (const query of queries) await timedCall(client, 'search_processes', { query }, 'results');
  for (let i = 0; i < 20; i++)
    await timedCall(
      client,
      'get_process',
      { name: processes[(i * 7919 + 13) % processes.length]!.name },
      'content',
    );
  const search = (i: number) =>
    timedCall(client, 'search_processes', { query: queries[i % queries.length]! }, 'results');
  const list = () => client.listTools();
  const get = (i: number) =>
    timedCall(
      client,
      'get_process',
      { name: processes[(i * 7919 + 13) % processes.length]!.name },
      'content',
    );
  if (values.only !== 'profile') {
    // A loaded machine stretches single profiles (a descheduled isolate thread still counts as busy),
    // so each figure is the median of `repeats` profiles: one disturbed profile does not move it.
    const perQuery: number[] = [];
    for (const query of queries)
      perQuery.push(
        await medianIsolateCpuMsPerCall(host.pids, repeats, 5, () =>
          timedCall(client, 'search_processes', { query }, 'results'),
        ),
      );
    const worst = Math.max(...perQuery);
    console.log(
      `[cpu] ${documents} documents, isolate CPU per warm call (median of ${repeats} profiles of ${calls} calls; per query: of 5 calls):`,
    );
    console.log(
      `  search_processes ${(await medianIsolateCpuMsPerCall(host.pids, repeats, calls, search)).toFixed(3)} ms; worst query ${worst.toFixed(3)} ms ("${queries[perQuery.indexOf(worst)]}")`,
    );
    // Queries this isolate has not seen: each one's first search builds what a repeated query
    // finds cached (its analysis, its snippet pattern, shards of new words), which the figures
    // above, over queries asked before, leave out. Asked once each, then once more.
    const fresh = freshQueries(40, new Set(queries));
    const freshCall = (i: number) =>
      timedCall(client, 'search_processes', { query: fresh[i]! }, 'results');
    const firstTime = await isolateCpuMsPerCall(host.pids, fresh.length, freshCall);
    const again = await isolateCpuMsPerCall(host.pids, fresh.length, freshCall);
    console.log(
      `  search_processes, ${fresh.length} queries new to the isolate: ${firstTime.toFixed(3)} ms the first time, ${again.toFixed(3)} ms again`,
    );
    console.log(
      `  tools/list       ${(await medianIsolateCpuMsPerCall(host.pids, repeats, calls, list)).toFixed(3)} ms`,
    );
    console.log(
      `  get_process      ${(await medianIsolateCpuMsPerCall(host.pids, repeats, calls, get)).toFixed(3)} ms`,
    );
    const sdk = await measureSdkFloor(dir, {
      calls,
      profiles: repeats,
      loadSeconds: 0,
      loadRepeats: 0,
    });
    console.log(
      `[cpu] the MCP SDK alone (bench/workers/sdk-floor-worker.ts: one trivial tool, no auth, no content), same measure — the least any call can cost:`,
    );
    console.log(`  tools/list       ${sdk.listMs.toFixed(3)} ms`);
    console.log(`  tools/call       ${sdk.callMs.toFixed(3)} ms`);
    // No inspector attached: on-CPU time of the whole workerd process, least of five rounds.
    console.log(
      `[cpu] workerd process on-CPU time per call (kernel accounting, whole process, least of 5 rounds of ${calls}):`,
    );
    console.log(
      `  search_processes ${(await processCpuMsPerCall(host.pids, 5, calls, search)).toFixed(3)} ms`,
    );
    console.log(
      `  tools/list       ${(await processCpuMsPerCall(host.pids, 5, calls, list)).toFixed(3)} ms`,
    );
    console.log(
      `  get_process      ${(await processCpuMsPerCall(host.pids, 5, calls, get)).toFixed(3)} ms`,
    );
    console.log(
      `  /healthz         ${(await processCpuMsPerCall(host.pids, 5, calls, () => fetch(new URL('/healthz', host.url)).then((r) => r.text()))).toFixed(3)} ms (the floor: no MCP, no content)`,
    );
  }
  // Another 40 queries this isolate has not seen (past those the figures above asked).
  const unseen = freshQueries(80, new Set(queries)).slice(40);
  const unseenSearch = (i: number) =>
    timedCall(client, 'search_processes', { query: unseen[i % unseen.length]! }, 'results');
  for (const [name, call, count] of [
    ['search_processes, each query new to the isolate', unseenSearch, unseen.length],
    ['search_processes', search, calls],
    ['tools/list', list, calls],
    ['get_process', get, calls],
  ] as const) {
    const { self, total } = await profileTops(host.pids, count, call, top);
    console.log(`[cpu] top self time per ${name}:`);
    for (const entry of self)
      console.log(
        `  ${entry.ms.toFixed(3)} ms ${(entry.share * 100).toFixed(1).padStart(5)} %  ${entry.where}`,
      );
    if (values.total) {
      console.log(`[cpu] top total time per ${name}:`);
      for (const entry of total)
        console.log(
          `  ${entry.ms.toFixed(3)} ms ${(entry.share * 100).toFixed(1).padStart(5)} %  ${entry.where}`,
        );
    }
  }
} finally {
  await client.close();
  await host.close();
}
