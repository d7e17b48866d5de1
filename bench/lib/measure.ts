// Every measurement for one corpus size, in the order bench/lib/report.ts prints them next to their targets.
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { issueLocalToken } from '../../src/shared/auth/local-token.ts';
import type { Manifest } from '../../src/bundle/bundle.ts';
import { chunkListOf } from '../../src/bundle/chunk-list.ts';
import { entriesFromObjects } from '../../src/bundle/document-chunks.ts';
import { documentKinds } from '../../src/bundle/kinds.ts';
import { storedTermTable } from '../../src/bundle/search/term-table.ts';
import { searcherOf, type StoredIndex } from '../../src/worker/content/search/searcher.ts';
import { analyseQuery } from '../../src/worker/content/search/query-terms.ts';
import { publishBundle } from '../../scripts/publish/publish.ts';
import { objectText, type Bundle } from '../../scripts/compile/assemble.ts';
import {
  praxisClient,
  rawSearch,
  serverMemoryClient,
  timedCall,
  timedMemorySearch,
} from './clients.ts';
import {
  buildOnce,
  bundleProcesses,
  editOneProcess,
  generateCorpus,
  readBundle,
  setGraphAside,
  type BuildRun,
} from './corpus.ts';
import { loadFloor, loadSearch, type LoadRun } from './load.ts';
import { isolateCpuMsPerCall, medianIsolateCpuMsPerCall } from '../profiling/isolate-cpu.ts';
import { profileTop, type CpuEntry } from '../profiling/cpu-top.ts';
import { openWorkerInspector } from '../profiling/worker-inspector.ts';
import { summarize, type Summary } from './stats.ts';
import { FLOOR_PATH } from '../workers/floor.ts';
import {
  openBenchStore,
  startWorker,
  writeBenchConfig,
  type HostKind,
  type WorkerHost,
} from '../hosts/worker-host.ts';
import { bundleBenchWorker, startDirectWorker } from '../hosts/direct-host.ts';
import { describeKeys, objectRoles } from './object-roles.ts';
import { chainOf, IO_PATH, type StorageChain, type StorageRead } from '../workers/storage-io.ts';
import { measureSdkFloor, type SdkFloor } from './sdk-floor.ts';
import { gzipSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';

/** Calls per profile of the isolate's CPU per call, and profiles per figure (their median is the figure). */
const CPU_CALLS = 100;
const CPU_PROFILES = 3;
/** Calls per query when looking for the query that costs most. */
const CPU_CALLS_PER_QUERY = 5;

export interface Plan {
  builds: number;
  coldSamples: number;
  warmRounds: number;
  getSamples: number;
  memoryRounds: number;
  loadSeconds: number;
  loadRepeats: number;
}

export interface SizeResult {
  documents: number;
  host: HostKind;
  graphExcluded: string | null;
  build: { runs: BuildRun[]; ms: Summary; maxRssBytes: number };
  bundle: {
    objects: number;
    bytes: number;
    largestBytes: number;
    firstAnswerBytes: number;
    manifestBytes: number;
  };
  cold: { ms: Summary; rssDelta: Summary; rssAfter: Summary; heap: Summary; storage: StorageChain };
  script: { bytes: number; gzipBytes: number };
  warm: {
    search: Summary;
    floor: Summary;
    ping: Summary;
    memory: Summary;
    memoryAnswered: number;
    memoryFailed: number;
    memoryFailure: string;
    memoryCalls: number;
    praxisAnswered: number;
    memoryMedianBytes: number;
    queries: number;
    cpu: {
      searchMs: number;
      searchMaxMs: number;
      searchMaxQuery: string;
      listMs: number;
      getMs: number;
      calls: number;
      profiles: number;
      searchTop: CpuEntry[];
    };
  };
  load: { search: LoadRun[]; floor: LoadRun[] };
  /** The MCP SDK alone in the same runtime, measured the same way: the least any Praxis call can cost. */
  sdkFloor: SdkFloor;
  get: Summary;
  republish: { objects: number; bytes: number; bundleBytes: number; how: string };
}

export async function measureSize(
  documents: number,
  plan: Plan,
  queries: string[],
  workDir: string,
  host: HostKind,
  log: (line: string) => void,
): Promise<SizeResult> {
  const dir = join(workDir, `n${documents}`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const content = join(dir, 'content');
  await generateCorpus(documents, content);
  log(`${documents}: corpus written`);

  let graphExcluded: string | null = null;
  const runs: BuildRun[] = [];
  const objectsFile = join(dir, 'bundle.jsonl');
  for (let i = 0; i < plan.builds; i++) {
    const run = await buildOnce(content, objectsFile);
    if (
      !run.ok &&
      runs.length === 0 &&
      graphExcluded === null &&
      run.errors?.every((error) => error.file.includes('/graph/'))
    ) {
      graphExcluded = `${run.errorCount} build errors in graph/, e.g. ${run.errors[0]!.file.slice(content.length + 1)}:${run.errors[0]!.line}: ${run.errors[0]!.message}`;
      await setGraphAside(content);
      i -= 1;
      continue;
    }
    if (!run.ok)
      throw new Error(
        `build of ${documents} documents failed: ${JSON.stringify(run.errors?.slice(0, 3))}`,
      );
    runs.push(run);
    log(`${documents}: build ${i + 1}/${plan.builds} ${Math.round(run.ms)} ms`);
  }
  const bundle = await readBundle(objectsFile);
  const kvDir = join(dir, 'state');
  const secret = randomBytes(32).toString('hex');
  const token = await issueLocalToken(secret, 'bench');
  const config = await writeBenchConfig(dir);
  const envFile = join(dir, 'bench.env');
  await writeFile(
    envFile,
    `PRAXIS_AUTH_MODE=local\nPRAXIS_LOCAL_SECRET=${secret}\nPRAXIS_POINTER_TTL_MS=5000\n`,
    { mode: 0o600 },
  );
  const script = host === 'miniflare' ? await bundleBenchWorker(config, join(dir, 'bundle')) : null;
  const worker = () =>
    script ? startDirectWorker(script, kvDir, envFile) : startWorker(config, kvDir, envFile);

  // Publish with the real publisher into the KV the Worker reads.
  const store = await openBenchStore(config, kvDir);
  await publishBundle(bundle, store, { author: 'bench' });
  await store.close();
  log(`${documents}: published ${bundle.objects.size} objects`);

  const roles = objectRoles(bundle.pointer.manifest, (hash) => bundle.objects.get(hash));
  const describe = (keys: string[]) => describeKeys(keys, roles);
  const cold = {
    ms: [] as number[],
    rssDelta: [] as number[],
    rssAfter: [] as number[],
    heap: [] as number[],
    chains: [] as StorageChain[],
  };
  for (let i = 0; i < plan.coldSamples; i++) {
    const fresh = await worker();
    const before = fresh.rss();
    const outcome = await rawSearch(fresh.url, token, queries[i % queries.length]!);
    const after = fresh.rss();
    cold.chains.push(
      chainOf((await (await fetch(new URL(IO_PATH, fresh.url))).json()) as StorageRead[], describe),
    );
    cold.ms.push(outcome.ms);
    cold.rssDelta.push(after - before);
    cold.rssAfter.push(after);
    cold.heap.push(await isolateHeapAfterGc(fresh));
    await fresh.close();
  }
  log(`${documents}: cold ${summarize(cold.ms).median.toFixed(1)} ms`);
  const chain = worstChain(cold.chains);
  log(
    `${documents}: before the first answer: ${chain.roundTrips} serial storage round trips (target ≤ 2), ${(chain.bytes / 1024 ** 2).toFixed(2)} MiB read (target ≤ ${documents >= 100_000 ? '1' : '0.5'} MiB), ${chain.operations} KV operations:`,
  );
  for (const step of chain.steps) log(`${documents}:   ${step}`);

  const warmHost = await worker();
  const client = await praxisClient(warmHost.url, token);
  for (const query of queries) await timedCall(client, 'search_processes', { query }, 'results'); // warm-up
  const search: number[] = [];
  let praxisAnswered = 0;
  for (let round = 0; round < plan.warmRounds; round++) {
    for (const query of queries) {
      const outcome = await timedCall(client, 'search_processes', { query }, 'results');
      search.push(outcome.ms);
      if (round === 0 && outcome.results > 0) praxisAnswered += 1;
    }
  }
  const floor: number[] = [];
  for (let i = 0; i < search.length; i++) {
    const started = performance.now();
    await (await fetch(new URL('/bench/floor', warmHost.url))).text();
    floor.push(performance.now() - started);
  }
  const ping: number[] = [];
  for (let i = 0; i < search.length; i++) {
    const started = performance.now();
    await client.listTools();
    ping.push(performance.now() - started);
  }
  const processes = bundleProcesses(bundle);
  const get: number[] = [];
  for (let i = 0; i < plan.getSamples; i++) {
    const entry = processes[(i * 7919 + 13) % processes.length]!;
    get.push((await timedCall(client, 'get_process', { name: entry.name }, 'content')).ms);
  }
  log(`${documents}: warm search ${summarize(search).median.toFixed(2)} ms`);
  // The worst query: each query profiled on its own (a few calls each), the largest per-call figure kept.
  const perQuery: number[] = [];
  for (const query of queries)
    perQuery.push(
      await isolateCpuMsPerCall(warmHost.pids, CPU_CALLS_PER_QUERY, () =>
        timedCall(client, 'search_processes', { query }, 'results'),
      ),
    );
  const cpu = {
    searchMs: await medianIsolateCpuMsPerCall(warmHost.pids, CPU_PROFILES, CPU_CALLS, (i) =>
      timedCall(client, 'search_processes', { query: queries[i % queries.length]! }, 'results'),
    ),
    searchMaxMs: Math.max(...perQuery),
    searchMaxQuery: queries[perQuery.indexOf(Math.max(...perQuery))]!,
    listMs: await medianIsolateCpuMsPerCall(warmHost.pids, CPU_PROFILES, CPU_CALLS, () =>
      client.listTools(),
    ),
    getMs: await medianIsolateCpuMsPerCall(warmHost.pids, CPU_PROFILES, CPU_CALLS, (i) =>
      timedCall(
        client,
        'get_process',
        { name: processes[(i * 7919 + 13) % processes.length]!.name },
        'content',
      ),
    ),
    calls: CPU_CALLS,
    profiles: CPU_PROFILES,
    searchTop: await profileTop(warmHost.pids, CPU_CALLS, (i) =>
      timedCall(client, 'search_processes', { query: queries[i % queries.length]! }, 'results'),
    ),
  };
  log(`${documents}: where a warm search's isolate CPU goes (self time per call):`);
  for (const entry of cpu.searchTop)
    log(
      `${documents}:   ${entry.ms.toFixed(3)} ms ${(entry.share * 100).toFixed(1)} % ${entry.where}`,
    );
  log(
    `${documents}: isolate CPU per search ${cpu.searchMs.toFixed(2)} ms (target ≤ ${documents >= 100_000 ? 2 : 1} ms), worst query ${cpu.searchMaxMs.toFixed(2)} ms (target < 5 ms), per tools/list ${cpu.listMs.toFixed(2)} ms (≤ 0.3), per get_process ${cpu.getMs.toFixed(2)} ms (≤ 0.5)`,
  );

  const loadRuns = { search: [] as LoadRun[], floor: [] as LoadRun[] };
  for (let i = 0; i < plan.loadRepeats; i++) {
    loadRuns.floor.push(await loadFloor(warmHost.url, plan.loadSeconds));
    loadRuns.search.push(
      await loadSearch(warmHost.url, token, 'modern', queries[0]!, plan.loadSeconds),
    );
  }
  await client.close();
  await warmHost.close();
  log(`${documents}: load done`);

  const sdkFloor = await measureSdkFloor(dir, {
    calls: CPU_CALLS,
    profiles: CPU_PROFILES,
    loadSeconds: plan.loadSeconds,
    loadRepeats: plan.loadRepeats,
  });
  log(
    `${documents}: the SDK alone: isolate CPU per tools/list ${sdkFloor.listMs.toFixed(2)} ms, per tools/call ${sdkFloor.callMs.toFixed(2)} ms`,
  );

  const memory = await measureServerMemory(bundle, queries, plan.memoryRounds, dir);
  log(`${documents}: server-memory ${memory.ms.median.toFixed(1)} ms`);

  const republish = await measureRepublish(content, objectsFile, bundle, config, kvDir);
  log(`${documents}: re-publish ${republish.objects} objects, ${republish.bytes} bytes`);

  return {
    documents,
    host,
    graphExcluded,
    build: {
      runs,
      ms: summarize(runs.map((run) => run.ms)),
      maxRssBytes: Math.max(...runs.map((run) => run.maxRssBytes)),
    },
    bundle: {
      ...bundleSize(bundle),
      firstAnswerBytes: await firstAnswerBytes(bundle, queries[0]!),
    },
    cold: {
      ms: summarize(cold.ms),
      rssDelta: summarize(cold.rssDelta),
      rssAfter: summarize(cold.rssAfter),
      heap: summarize(cold.heap),
      storage: worstChain(cold.chains),
    },
    script: await scriptSize(config, join(dir, 'dry-run')),
    warm: {
      search: summarize(search),
      floor: summarize(floor),
      ping: summarize(ping),
      memory: memory.ms,
      memoryAnswered: memory.answered,
      memoryFailed: memory.failed,
      memoryFailure: memory.failure,
      memoryCalls: memory.calls,
      praxisAnswered,
      memoryMedianBytes: memory.bytes.median,
      queries: queries.length,
      cpu,
    },
    load: loadRuns,
    sdkFloor,
    get: summarize(get),
    republish,
  };
}

/** The isolate's JS heap after a forced GC, woken by a request to the floor route (which allocates nothing to keep). */
async function isolateHeapAfterGc(host: WorkerHost): Promise<number> {
  const inspector = await openWorkerInspector(host.pids);
  try {
    return await inspector.usedHeapAfterGc(() =>
      fetch(new URL(FLOOR_PATH, host.url)).then((response) => response.text()),
    );
  } finally {
    inspector.close();
  }
}

/** The cold sample with the most serial round trips (then the most bytes): the figure a target is checked against. */
function worstChain(chains: StorageChain[]): StorageChain {
  return [...chains].sort((a, b) => b.roundTrips - a.roundTrips || b.bytes - a.bytes)[0]!;
}

/** The script `wrangler deploy` would upload, and its size gzipped as Cloudflare counts it. */
async function scriptSize(
  config: string,
  outDir: string,
): Promise<{ bytes: number; gzipBytes: number }> {
  const script = await readFile(await bundleBenchWorker(config, outDir));
  return { bytes: script.byteLength, gzipBytes: gzipSync(script, { level: 9 }).byteLength };
}

function bundleSize(bundle: Bundle) {
  let bytes = 0;
  for (const text of bundle.objects.values()) bytes += Buffer.byteLength(text);
  let largest = 0;
  for (const text of bundle.objects.values()) largest = Math.max(largest, Buffer.byteLength(text));
  return {
    objects: bundle.objects.size,
    bytes,
    largestBytes: largest,
    manifestBytes: Buffer.byteLength(objectText(bundle.objects, bundle.pointer.manifest)!),
  };
}

/**
 * Pointer + manifest + every kind's names object (read with the bundle) + index head + the shards the
 * query needs + the chunks holding the first page's results + the bodies of the top 10 snippets.
 */
async function firstAnswerBytes(bundle: Bundle, query: string): Promise<number> {
  const text = (hash: string) => objectText(bundle.objects, hash)!;
  const manifest = JSON.parse(text(bundle.pointer.manifest)) as Manifest;
  const section = manifest.kinds.processes;
  let bytes =
    JSON.stringify(bundle.pointer).length +
    Buffer.byteLength(text(bundle.pointer.manifest)) +
    text(section.index).length;
  for (const kind of documentKinds)
    if (manifest.kinds[kind]?.count) bytes += Buffer.byteLength(text(manifest.kinds[kind].names));
  const searcher = searcherOf(JSON.parse(text(section.index)) as StoredIndex, async (hash) => {
    bytes += text(hash).length;
    return storedTermTable(text(hash));
  });
  // The search tool's first page: 50 results, whose chunks it reads; bodies for the first 10 snippets.
  const hits = await searcher.search(analyseQuery(query), { limit: 50 });
  const listText = text(section.chunkList);
  bytes += Buffer.byteLength(listText);
  const list = chunkListOf(listText);
  const chunks = new Set(hits.map((hit) => list.chunkAt(hit.doc)));
  for (const chunk of chunks) bytes += Buffer.byteLength(text(list.hashAt(chunk)));
  const entries = entriesFromObjects(manifest, 'processes', text);
  for (const hit of hits.slice(0, 10)) bytes += Buffer.byteLength(text(entries[hit.doc]!.body));
  return bytes;
}

/** The same processes as entities of the reference memory server's JSONL file, one observation per paragraph. */
async function measureServerMemory(bundle: Bundle, queries: string[], rounds: number, dir: string) {
  const manifest = JSON.parse(objectText(bundle.objects, bundle.pointer.manifest)!) as Manifest;
  const lines: string[] = [];
  for (const [kind, type] of [
    ['processes', 'process'],
    ['checklists', 'checklist'],
  ] as const) {
    for (const entry of entriesFromObjects(manifest, kind, (hash) =>
      objectText(bundle.objects, hash),
    )) {
      const paragraphs = objectText(bundle.objects, entry.body)!
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean);
      lines.push(
        JSON.stringify({
          type: 'entity',
          name: entry.name,
          entityType: type,
          observations: [entry.title, entry.description, ...paragraphs],
        }),
      );
    }
  }
  const file = join(dir, 'memory.jsonl');
  await writeFile(file, lines.join('\n'));
  let client = await serverMemoryClient(file);
  const times: number[] = [];
  const bytes: number[] = [];
  let answered = 0;
  let failed = 0;
  let failure = '';
  for (let round = 0; round < rounds; round++) {
    for (const query of queries) {
      try {
        const outcome = await timedMemorySearch(client, query);
        times.push(outcome.ms);
        bytes.push(outcome.bytes);
        if (round === 0 && outcome.results > 0) answered += 1;
      } catch (error) {
        // Broad queries make it answer with every matching entity in full: at scale, more than the
        // official client accepts in one stdio message (it then closes the connection).
        failed += 1;
        failure ||= `'${query}': ${(error as Error).message}`;
        await client.close().catch(() => undefined);
        client = await serverMemoryClient(file);
      }
    }
  }
  await client.close();
  return {
    ms: summarize(times),
    bytes: summarize(bytes),
    answered,
    failed,
    failure,
    calls: rounds * queries.length,
  };
}

/** Edits one process, rebuilds, and publishes with the real publisher: what it uploads. */
async function measureRepublish(
  content: string,
  objectsFile: string,
  before: Bundle,
  config: string,
  kvDir: string,
) {
  await editOneProcess(content);
  const run = await buildOnce(content, `${objectsFile}.edited`);
  if (!run.ok)
    throw new Error(`rebuild after the edit failed: ${JSON.stringify(run.errors?.slice(0, 3))}`);
  const after = await readBundle(`${objectsFile}.edited`);
  const store = await openBenchStore(config, kvDir);
  try {
    const report = await publishBundle(after, store, { author: 'bench' });
    return {
      objects: report.uploaded.count,
      bytes: report.uploaded.bytes,
      bundleBytes: bundleSize(before).bytes,
      how: 'scripts/publish publishBundle (uploads the objects the store lacks) into the same local KV',
    };
  } finally {
    await store.close();
  }
}
