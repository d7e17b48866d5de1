// bench/results/RESULTS.md: one table per corpus size, every figure from the run that writes the file.
import { cpus, totalmem } from 'node:os';
import { summarize } from './stats.ts';
import { mib, ms, ratio } from './stats.ts';
import type { SizeResult } from './measure.ts';
import type { LoadRun } from './load.ts';
import { KV, WORKER } from '../../src/bundle/platform-limits.ts';

export interface RunInfo {
  command: string;
  startedAt: string;
  quick: boolean;
  sizes: number[];
  /** Sizes not measured (yet), with why. */
  pending: string[];
  /** The RESULTS.md section on what checking a signed-in token costs, once measured. */
  tokenCheck?: string[];
  /** os.loadavg() when the run started and when it was written: how busy the machine was. */
  loadAtStart: number[];
  loadAtEnd: number[];
}

/** What stands between the client and the Worker on each host, for the tables' text. */
const IN_FRONT: Record<SizeResult['host'], string> = {
  wrangler:
    "wrangler dev's proxy (a second workerd process) and Miniflare's entry worker in front of the Worker",
  miniflare: "Miniflare's entry worker in front of the Worker (no wrangler dev proxy)",
};

const check = (met: boolean): string => (met ? 'met' : '**missed**');
const mark = (value: string, target: string, met: boolean | null): string =>
  `| ${value} | ${target} | ${met === null ? '' : check(met)} |`;

export function renderResults(info: RunInfo, results: SizeResult[]): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return [
    '# Benchmark results',
    '',
    `Run: \`${info.command}\`, started ${info.startedAt}${info.quick ? ' (quick mode: fewer samples, small corpus only)' : ''}.`,
    `Machine: ${cpus().length} × ${cpu}, ${mib(totalmem()).replace(' MiB', '')} MiB RAM, Node ${process.version}, Linux; load average (1, 5, 15 min) ${info.loadAtStart.map((load) => load.toFixed(2)).join(' ')} at the start and ${info.loadAtEnd.map((load) => load.toFixed(2)).join(' ')} when written (2 or more on these 2 cores means other work competed for them), so absolute timings vary between runs — ratios are measured side by side in the same run.`,
    '',
    ...results.flatMap(renderSize),
    ...(info.tokenCheck ?? []),
    ...(info.pending.length
      ? ['## Not measured in this run', '', ...info.pending.map((line) => `- ${line}`), '']
      : []),
    METHOD,
  ].join('\n');
}

function renderSize(r: SizeResult): string[] {
  const at10k = r.documents === 10_000;
  const at100k = r.documents === 100_000;
  const target = (text: string) => (at10k ? text : '');
  const met = (ok: boolean) => (at10k ? ok : null);
  const loadSearch = summarize(r.load.search.map((run) => run.requestsPerSecond));
  const loadFloor = summarize(r.load.floor.map((run) => run.requestsPerSecond));
  const throughputShare = loadSearch.median / loadFloor.median;
  const sdkShare = sdkThroughputShare(r);
  const speedup = r.warm.memory.median / r.warm.search.median;
  const republishShare = r.republish.bytes / r.republish.bundleBytes;
  const errors =
    r.load.search.reduce((sum, run) => sum + run.errors, 0) +
    r.load.floor.reduce((sum, run) => sum + run.errors, 0);
  const processCount = r.graphExcluded ? Math.round((r.documents * 2) / 3) : r.documents;
  return [
    `## ${r.documents.toLocaleString('en')} documents`,
    '',
    r.graphExcluded
      ? `Corpus: \`make-scale-corpus.mjs ${r.documents}\`; **its graph third was left out** (${processCount.toLocaleString('en')} processes + checklists measured) because the build rejects it: ${r.graphExcluded}.`
      : `Corpus: \`make-scale-corpus.mjs ${r.documents}\` (processes, checklists, graph).`,
    '',
    `Host: ${r.host === 'wrangler' ? '`wrangler dev`, as `praxis dev` runs the Worker' : 'Miniflare alone (`--host miniflare`), serving the script `wrangler deploy` would upload'}: ${IN_FRONT[r.host]}.`,
    '',
    '| measure | result | target | |',
    '| --- | --- | --- | --- |',
    mark(
      `build: median ${(r.build.ms.median / 1000).toFixed(1)} s, p99 ${(r.build.ms.p99 / 1000).toFixed(1)} s (${r.build.ms.n} builds), peak RSS ${mib(r.build.maxRssBytes)}`,
      at100k ? 'succeeds in bounded memory' : target('≤ 20 s'),
      at100k ? r.build.maxRssBytes < 4 * 1024 ** 3 : met(r.build.ms.median <= 20_000),
    ),
    mark(
      `bundle: ${mib(r.bundle.bytes)} in ${r.bundle.objects.toLocaleString('en')} objects (manifest ${mib(r.bundle.manifestBytes)})`,
      '',
      null,
    ),
    mark(
      `largest stored value: ${mib(r.bundle.largestBytes)} (Workers KV allows 25 MiB; the build refuses over 5 MiB unless stored in parts)`,
      '≤ 25 MiB',
      r.bundle.largestBytes <= KV.valueBytes,
    ),
    mark(
      `serial storage round trips before a fresh isolate's first \`search_processes\` answer (instrumented KV binding, worst of ${r.cold.ms.n} cold samples): **${r.cold.storage.roundTrips}**, ${r.cold.storage.operations} KV operations for ${r.cold.storage.keys} keys`,
      target('≤ 2'),
      met(r.cold.storage.roundTrips <= 2),
    ),
    mark(
      `bytes read before that answer (same binding): ${mib(r.cold.storage.bytes)}`,
      at100k ? '≤ 1 MiB' : target('≤ 0.5 MiB'),
      at100k ? r.cold.storage.bytes <= 1024 ** 2 : met(r.cold.storage.bytes <= 0.5 * 1024 ** 2),
    ),
    mark(
      `script from \`wrangler deploy --dry-run\`: ${mib(r.script.bytes)}, gzipped ${mib(r.script.gzipBytes)}`,
      '≤ 1 MiB gzipped',
      r.script.gzipBytes <= WORKER.targetScriptGzipBytes,
    ),
    mark(
      `cold first \`search_processes\`: median ${ms(r.cold.ms.median)} ms, p99 ${ms(r.cold.ms.p99)} ms (${r.cold.ms.n} fresh workerd processes)`,
      target('≤ 150 ms'),
      met(r.cold.ms.median <= 150),
    ),
    mark(
      `isolate memory after it: JS heap after a forced GC (V8 inspector) median ${mib(r.cold.heap.median)}, p99 ${mib(r.cold.heap.p99)}; workerd RSS growth over the request median ${mib(r.cold.rssDelta.median)}, p99 ${mib(r.cold.rssDelta.p99)}; whole workerd RSS ${mib(r.cold.rssAfter.median)}`,
      target('≤ 64 MB'),
      met(Math.max(r.cold.heap.median, r.cold.rssDelta.median) <= 64e6),
    ),
    mark(
      `warm \`search_processes\` via the official client: p50 ${ms(r.warm.search.median)} ms, p99 ${ms(r.warm.search.p99)} ms (${r.warm.search.n} calls)`,
      at100k ? '≤ 20 ms' : target('≤ 5 ms'),
      at100k ? r.warm.search.median <= 20 : met(r.warm.search.median <= 5),
    ),
    mark(
      `floor route (same Worker, no work): p50 ${ms(r.warm.floor.median)} ms, p99 ${ms(r.warm.floor.p99)} ms → search costs ${ratio(r.warm.search.median / r.warm.floor.median)} the floor`,
      '',
      null,
    ),
    mark(
      `MCP \`tools/list\` through the same client and auth (per-request server, no content read; the 2026-07-28 protocol has no ping): p50 ${ms(r.warm.ping.median)} ms, p99 ${ms(r.warm.ping.p99)} ms`,
      '',
      null,
    ),
    mark(
      `isolate CPU per warm \`search_processes\` (V8 CPU profile in workerd, median of ${r.warm.cpu.profiles} profiles of ${r.warm.cpu.calls} calls): ${ms(r.warm.cpu.searchMs)} ms; worst query ${ms(r.warm.cpu.searchMaxMs)} ms ("${r.warm.cpu.searchMaxQuery.replace(/\|/g, '\\|')}")`,
      at100k ? '≤ 2 ms (max < 5 ms)' : target('≤ 1.0 ms'),
      at100k
        ? r.warm.cpu.searchMs <= 2 && r.warm.cpu.searchMaxMs < 5
        : met(r.warm.cpu.searchMs <= 1),
    ),
    mark(
      `isolate CPU per warm \`tools/list\`: ${ms(r.warm.cpu.listMs)} ms`,
      at100k ? '< 5 ms' : target('≤ 0.3 ms'),
      at100k ? r.warm.cpu.listMs < 5 : met(r.warm.cpu.listMs <= 0.3),
    ),
    mark(
      `isolate CPU per warm \`get_process\`: ${ms(r.warm.cpu.getMs)} ms`,
      at100k ? '< 5 ms' : target('≤ 0.5 ms'),
      at100k ? r.warm.cpu.getMs < 5 : met(r.warm.cpu.getMs <= 0.5),
    ),
    mark(
      `server-memory \`search_nodes\` (stdio), same queries: p50 ${ms(r.warm.memory.median)} ms, p99 ${ms(r.warm.memory.p99)} ms over the calls it answered${r.warm.memoryFailed ? ` (**${r.warm.memoryFailed} of ${r.warm.memoryCalls} calls got no answer**, e.g. ${r.warm.memoryFailure.replace(/\|/g, '\\|')} — its answer to a broad query exceeds the official client's 10 MiB stdio message limit; those calls are left out of its timings, which flatters it)` : ''} → Praxis is ${ratio(speedup)} faster`,
      target('≥ 50×'),
      met(speedup >= 50),
    ),
    mark(
      `queries answered (≥ 1 result): Praxis ${r.warm.praxisAnswered}/${r.warm.queries}, server-memory ${r.warm.memoryAnswered}/${r.warm.queries}; server-memory median answer ${(r.warm.memoryMedianBytes / 1024).toFixed(0)} KiB (unbounded)`,
      '',
      null,
    ),
    mark(
      `the MCP SDK alone (\`bench/workers/sdk-floor-worker.ts\`: its per-request handler and one trivial tool, no auth, no content; same host and measure): isolate CPU (2026-07-28 envelope) per \`tools/list\` ${ms(r.sdkFloor.listMs)} ms, per \`tools/call\` ${ms(r.sdkFloor.callMs)} ms — no Praxis call can cost less`,
      '',
      null,
    ),
    mark(
      `throughput at 16 connections, 2026-07-28 envelope: search ${loadSearch.median.toFixed(0)} req/s vs floor ${loadFloor.median.toFixed(0)} req/s → ${(throughputShare * 100).toFixed(0)} % (median of ${loadSearch.n} runs each${errors ? `, ${errors} errors` : ''})`,
      target('≥ 70 %'),
      met(throughputShare >= 0.7),
    ),
    mark(
      `the MCP SDK alone, same load: its trivial \`tools/call\` ${medianRate(r.sdkFloor.load.call).toFixed(0)} req/s vs its floor route ${medianRate(r.sdkFloor.load.floor).toFixed(0)} req/s → ${(sdkShare * 100).toFixed(0)} %; Praxis's search reaches ${((throughputShare / sdkShare) * 100).toFixed(0)} % of the SDK's own share`,
      '',
      null,
    ),
    mark(
      `\`get_process\` of a random document: p50 ${ms(r.get.median)} ms, p99 ${ms(r.get.p99)} ms (${r.get.n} calls)`,
      '',
      null,
    ),
    mark(
      `re-publish after a one-document edit: ${r.republish.objects} objects, ${(r.republish.bytes / 1024).toFixed(0)} KiB = ${(republishShare * 100).toFixed(2)} % of the bundle`,
      target('≤ 1 %'),
      met(republishShare <= 0.01),
    ),
    '',
    'Where a warm `search_processes` spends its isolate CPU (self time per call, top entries of one V8 profile; files are the bundled script):',
    '',
    ...r.warm.cpu.searchTop.map(
      (entry) =>
        `    ${entry.ms.toFixed(3)} ms  ${(entry.share * 100).toFixed(1).padStart(4)} %  ${entry.where}`,
    ),
    '',
    'Storage reads before the first answer, step by step (each step waits for the one before):',
    '',
    ...r.cold.storage.steps.map((step) => `    ${step}`),
    '',
    ...whyMissed(r),
  ];
}

/** The reasons behind missed targets, from the figures of the same run. */
function whyMissed(r: SizeResult): string[] {
  const overhead = r.warm.ping.median;
  const searchWork = Math.max(r.warm.search.median - overhead, 0.01);
  const manifestShare = r.bundle.manifestBytes / r.bundle.bytes;
  const lines = [
    `- Per-request cost outside search: \`tools/list\`, which reads no content, takes ${ms(overhead)} ms end to end and the floor route ${ms(r.warm.floor.median)} ms (${IN_FRONT[r.host]}, loopback HTTP, the client). Of a search's ${ms(r.warm.search.median)} ms, the Worker isolate's own CPU is ${ms(r.warm.cpu.searchMs)} ms (${((r.warm.cpu.searchMs / r.warm.search.median) * 100).toFixed(0)} %): the rest is the local stack's, and the floor route alone takes ${ms(r.warm.floor.median)} ms of the ${r.documents >= 100_000 ? '20' : '5'} ms target.`,
    `- Search itself adds ${ms(searchWork)} ms over \`tools/list\`; server-memory's p50 is ${ratio(r.warm.memory.median / searchWork)} that increment.`,
    sdkFloorLine(r),
    `- The manifest (${mib(r.bundle.manifestBytes)}, ${(manifestShare * 100).toFixed(2)} % of the bundle) names each kind's names object and document chunks; every edit changes it, so a re-publish uploads it whole; without it this re-publish would have uploaded ${(((r.republish.bytes - r.bundle.manifestBytes) / r.republish.bundleBytes) * 100).toFixed(2)} % of the bundle.`,
  ];
  return r.documents >= 10_000
    ? [
        'Where the time goes, and why targets are missed (derived from the figures above):',
        '',
        ...lines,
        '',
      ]
    : [];
}

/** Median requests per second over autocannon runs. */
const medianRate = (runs: LoadRun[]): number =>
  summarize(runs.map((run) => run.requestsPerSecond)).median;

/** The SDK-floor Worker's trivial tool call as a share of its own floor route's throughput. */
const sdkThroughputShare = (r: SizeResult): number =>
  medianRate(r.sdkFloor.load.call) / medianRate(r.sdkFloor.load.floor);

/** A difference of two medians from separate profiles; one that rounds to zero or below is noise, not a saving. */
const added = (difference: number): string =>
  difference < 0.005 ? `nothing measurable (${ms(difference)} ms)` : `${ms(difference)} ms`;

/** Praxis's per-call CPU and throughput next to the MCP SDK's own floor from the same run. */
function sdkFloorLine(r: SizeResult): string {
  const { listMs, callMs } = r.sdkFloor;
  const sdkShare = sdkThroughputShare(r);
  const against = (target: number, floor: number) =>
    target < floor
      ? `below it (${ms(target)} < ${ms(floor)} ms)`
      : `${ms(target - floor)} ms above it`;
  // The targets of this size, as the table marks them: per call at 10 000 documents, search and the 5 ms ceiling at 100 000.
  const targets =
    r.documents === 10_000
      ? `The \`tools/list\` target is ${against(0.3, listMs)}, the \`get_process\` target ${against(0.5, callMs)}, the search target ${against(1, callMs)}, and the throughput target of 70 % is ${sdkShare < 0.7 ? 'above' : 'within'} what a trivial SDK tool reaches. `
      : r.documents >= 100_000
        ? `The search target is ${against(2, callMs)}; the 5 ms every call must stay under is ${against(5, Math.max(listMs, callMs))}. `
        : '';
  return (
    `- The MCP SDK's own floor in this runtime, which Praxis is built on: ${ms(listMs)} ms of isolate CPU per \`tools/list\` and ${ms(callMs)} ms per \`tools/call\` of a tool that echoes a string, with no auth and no content, and ${(sdkShare * 100).toFixed(0)} % of its floor route's throughput. ` +
    targets +
    `Praxis adds ${added(r.warm.cpu.listMs - listMs)} to the SDK per \`tools/list\` (auth, the audit line, every tool's schemas), ${added(r.warm.cpu.getMs - callMs)} per \`get_process\` and ${added(r.warm.cpu.searchMs - callMs)} per search.`
  );
}

const METHOD = `## How each figure is measured

- **Build**: \`bench/lib/build-child.ts\` runs the real build (\`buildBundle\`: the streaming build, its objects read back) in its own Node process; wall time of the build call, peak RSS from \`process.resourceUsage().maxRSS\`.
- **Bundle / first answer**: bytes of every object of the built bundle; "before the first answer" adds up what an isolate reads from KV to answer the first \`search_processes\` (pointer, manifest, every kind's names object and index head, the knowledge object, the term shards the query needs — named from the pointer, so read beside the bulk read of the rest —, the document chunks holding the first page of 50 results, the top-10 bodies used for snippets); the chain printed below names what each step read.
- **Publishing**: the real publisher (\`scripts/publish\` \`publishBundle\`) writes the bundle into a local KV directory through wrangler's platform proxy; the Worker is \`bench/workers/worker.ts\` (the Praxis app plus a floor route \`/bench/floor\` that returns "ok" without touching anything) served with local auth, so every \`/mcp\` request verifies a real HS256 token. Host: \`wrangler dev\` (workerd), as \`praxis dev\` runs it, or with \`--host miniflare\` Miniflare alone (\`bench/hosts/direct-host.ts\`: the script \`wrangler deploy --dry-run\` bundles, in workerd, over the same KV directory, without wrangler dev's proxy or request logging).
- **Cold**: a new \`wrangler dev\` process or Miniflare instance (hence a new workerd process and a new isolate, empty caches) per sample; timed from sending its very first request — a stateless \`tools/call search_processes\` POST — to the end of the response, after the host reported it was ready and before anything else touched the Worker. Memory, two ways (\`performance.memory\` does not exist in workerd): the isolate's JS heap after a forced full GC, read through its V8 inspector once the search has answered (a request to the floor route wakes the isolate so the GC runs); and the growth of the workerd processes' resident set (\`VmRSS\` from /proc) across that request, which also counts workerd's native buffers; plus the whole RSS for scale (it includes workerd itself and, under wrangler dev, its proxy's process). The target is checked against the larger of the two.
- **Warm**: one host, the official \`@modelcontextprotocol/client\` (Streamable HTTP, loopback), after one warm-up pass; each call timed end to end in the client. Queries: the playbook benchmark questions (natural language) and a few one-word queries.
- **Isolate CPU**: with the client still connected, \`bench/profiling/isolate-cpu.ts\` attaches to the Worker's V8 inspector (through wrangler's inspector proxy, or workerd's own under Miniflare), records a CPU profile (100 µs sampling) over 100 sequential calls, and divides the busy time by the calls. workerd takes samples only while the isolate runs, so busy time is the number of non-idle samples times the sampling interval (the median gap between samples). Sampling adds a little overhead, so the figure errs high.
- **Throughput**: autocannon, 16 connections, alternating floor and search runs on the same Worker; requests per second of each, median over runs, and the ratio.
- **The SDK alone**: \`bench/lib/sdk-floor.ts\` serves \`bench/workers/sdk-floor-worker.ts\` — \`createMcpHandler\` from \`@modelcontextprotocol/server\` with a server of one tool (\`echo\`, one string argument), the same floor route, nothing else — bundled by \`wrangler deploy --dry-run\` and run in its own workerd through Miniflare alone, after the Praxis measurements; its isolate CPU per \`tools/list\` and per \`tools/call\` through the official client, and its throughput, are measured exactly as Praxis's are.
- **server-memory**: \`@modelcontextprotocol/server-memory\` over stdio (official client, \`StdioClientTransport\`), its \`MEMORY_FILE_PATH\` JSONL built from the same processes and checklists (one entity per document, one observation per paragraph), \`search_nodes\` with the same queries. It re-reads and parses the whole file per call and matches the query as one substring, so multi-word questions find nothing and one-word queries return every matching entity in full.
- **Re-publish**: one process gets a sentence appended, the corpus is rebuilt, and the real publisher publishes it into the same store: objects and bytes it uploads (objects only; the version record and pointer writes are not counted), as a share of the bundle's bytes.
- **Checking a signed-in token**: \`bench/lib/token-check-cost.ts\` (also \`npm run bench:auth\`) starts \`praxis dev --auth oauth\`, signs alice in at the development OpenID provider through the real browser flow, and profiles the isolate (as for Isolate CPU) over MCP \`ping\`s with that access token and with a \`praxis token\` token, alternating rounds; the extra is the median of the per-round differences. \`bench/lib/token-check-reads.ts\` counts the KV reads of each check: Praxis's \`authenticate()\` runs in workerd (Miniflare) against a real local KV namespace through a binding that records each read, on a token the library issued through its API.
- Timings are median and p99 (nearest rank) of the samples stated; p99 of few samples is their maximum.
`;
