// A fresh workerd isolate's CPU for its first request over a built bundle of any size:
// `node bench/commands/cold-isolate.ts BUNDLE_DIR [--samples N] [--work DIR] [QUERY…]` (BUNDLE_DIR
// as `praxis build --out` writes it). Filling a local KV with a million documents' objects would take
// hours, so the KV holds only what the measured requests read: each is first made in Node over the
// bundle directory (cold-chain.ts) to learn its keys, and those objects and the pointer are put into
// the bench's local KV. Then, per request and sample, a new workerd process serves the bench Worker
// and the isolate's CPU for that one request — `initialize` (2025-11-25), `tools/list` and each
// query's `search_processes` (2026-07-28) — is read from a V8 profile of the isolate
// (bench/profiling/isolate-cpu.ts): what Cloudflare bills and limits (10 ms on the free plan), the
// compiling of the code the request is first to run included, as in a new isolate; then the same
// request again in that isolate with its content caches emptied, which is the content's own share;
// and the same request in a new isolate whose code a warm-up made compiled: the request over a small
// bundle served from the same KV (the repository's content/, by the warm-up route), a tools/list,
// its content forgotten; and, for comparison, the SDK floor Worker's first requests (the SDK's own
// code compiled).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { objectKey } from '../../src/bundle/bundle.ts';
import { buildBundle } from '../../scripts/compile/stream/build-bundle.ts';
import { startDirectWorker } from '../hosts/direct-host.ts';
import type { WorkerHost } from '../hosts/worker-host.ts';
import {
  eraRequest,
  LEGACY_REVISION,
  legacyHandshake,
  MODERN_REVISION,
  type EraRequest,
  type JsonRpcRequest,
} from '../lib/era-envelope.ts';
import { openColdStore } from '../lib/cold-store.ts';
import {
  meanEntries,
  topSelfTime,
  topTotalTime,
  type ProfileEntries,
} from '../profiling/cpu-top.ts';
import { allocatedBytes, topAllocations } from '../profiling/allocation-top.ts';
import { busyMs, sampleIntervalMs } from '../profiling/isolate-cpu.ts';
import { openWorkerInspector } from '../profiling/worker-inspector.ts';
import { FORGET_CONTENT_PATH, WARM_POINTER_KEY, WARM_UP_PATH } from '../workers/floor.ts';
import { IO_PATH, type StorageRead } from '../workers/storage-io.ts';
import { startStatelessWorker } from '../lib/sdk-floor.ts';
import { summarize } from '../lib/stats.ts';
import { coldChain, coldListCall, DEFAULT_QUERIES, keysRead } from './cold-chain.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    samples: { type: 'string' },
    work: { type: 'string' },
    top: { type: 'string' },
    allocations: { type: 'string' },
  },
});
const [dir, ...asked] = positionals;
if (!dir)
  throw new Error(
    'usage: node bench/commands/cold-isolate.ts BUNDLE_DIR [--samples N] [--top N] [--allocations N] [--work DIR] [QUERY…]',
  );
const samples = Math.max(1, Number(values.samples ?? 3));
/** --top N: the N functions with the most inclusive and the most self time in each request's profiles (first, content only, after a warm-up), the mean of its samples, printed under it. */
const top = Number(values.top ?? 0);
/**
 * --allocations N: per request, one more new isolate after a warm-up whose measured request is
 * profiled for what it allocates (V8's sampling heap profile, garbage included) instead of its CPU:
 * the bytes, and the N functions that allocated most, by self and inclusive bytes.
 */
const allocations = Number(values.allocations ?? 0);
const queries = asked.length ? asked : DEFAULT_QUERIES;
const work = values.work ?? join(tmpdir(), 'praxis-cold-isolate');
const log = (line: string) => console.log(`[cold-isolate] ${line}`);

interface ColdRequest {
  label: string;
  /** The protocol revision it is sent in, for the printed line. */
  revision: string;
  /** The HTTP request, given the authorization header. */
  sent: (auth: Record<string, string>) => EraRequest;
  keys: string[];
}

// 1. What each request reads, learned in Node over the bundle directory.
const requests: ColdRequest[] = [];
const modern = (message: JsonRpcRequest) => (auth: Record<string, string>) =>
  eraRequest('modern', message, auth);
requests.push({
  label: 'initialize',
  revision: LEGACY_REVISION,
  sent: (auth) => legacyHandshake(auth)[0],
  keys: keysRead((await coldListCall(dir, 'initialize')).reads),
});
requests.push({
  label: 'tools/list',
  revision: MODERN_REVISION,
  sent: modern({ id: 1, method: 'tools/list' }),
  keys: keysRead((await coldListCall(dir, 'tools/list')).reads),
});
for (const { query, keys } of await coldChain(dir, queries))
  requests.push({
    label: `search "${query}"`,
    revision: MODERN_REVISION,
    sent: modern({
      id: 1,
      method: 'tools/call',
      params: { name: 'search_processes', arguments: { query } },
    }),
    keys,
  });

// 2. A local KV holding those objects and the pointer, where the bench Worker reads its content, and
// the small bundle built from the repository's own content/ beside them (its pointer under
// WARM_POINTER_KEY), which the warm-up route serves.
const warmBuild = await buildBundle(join(import.meta.dirname, '../../content'), () => {});
if (!warmBuild.ok) {
  const [error] = warmBuild.errors;
  throw new Error(
    `the warm-up bundle did not build: ${error?.file}:${error?.line}: ${error?.message}`,
  );
}
const warmEntries = [
  { key: WARM_POINTER_KEY, value: JSON.stringify(warmBuild.bundle.pointer) },
  ...[...warmBuild.bundle.objects].map(([hash, value]) => ({ key: objectKey(hash), value })),
];
const { kvDir, script, envFile, token, objects, chars } = await openColdStore(
  dir,
  work,
  requests.flatMap((request) => request.keys),
  'cold-isolate',
  warmEntries,
);
log(`${objects} objects (${(chars / 1024 ** 2).toFixed(2)} MiB) of ${dir} put into ${kvDir}`);

// 3. Each request, first in a new workerd process, profiled.
const auth = { authorization: `Bearer ${token}` };

const median = (figures: number[]): number => summarize(figures).median;

/** Where one request's isolate CPU went: its profile's entries by inclusive and by self time. */
interface RequestProfile {
  inclusive: ProfileEntries;
  self: ProfileEntries;
}

/** The isolate CPU (ms) of one request to the host's /mcp, profiled; throws unless it answered a result. */
async function profiledRequest(
  host: WorkerHost,
  label: string,
  sent: EraRequest,
): Promise<RequestProfile & { ms: number; period: number }> {
  const inspector = await openWorkerInspector(host.pids);
  try {
    const profile = await inspector.cpuProfile(async () => {
      const answer = await fetch(new URL('/mcp', host.url), { method: 'POST', ...sent });
      const text = await answer.text();
      if (!answer.ok || !text.includes('"result"') || text.includes('"isError":true'))
        throw new Error(`${label} failed: HTTP ${answer.status}: ${text.slice(0, 300)}`);
    });
    const ms = busyMs(profile);
    // Every entry, so that the mean over samples cuts none short; none without --top.
    const entries = (of: typeof topTotalTime) => ({
      entries: top ? of(profile, profile.nodes.length) : [],
      busyMs: ms,
    });
    return {
      ms,
      period: sampleIntervalMs(profile),
      inclusive: entries(topTotalTime),
      self: entries(topSelfTime),
    };
  } finally {
    inspector.close();
  }
}

const figures = (values: number[]): string =>
  `${median(values).toFixed(2)} ms (${values.map((ms) => ms.toFixed(2)).join(', ')})`;

/** POSTs `sent` to the host's `path`; throws unless it answered a result. */
async function answered(host: WorkerHost, path: string, label: string, sent: EraRequest) {
  const answer = await fetch(new URL(path, host.url), { method: 'POST', ...sent });
  const text = await answer.text();
  if (!answer.ok || !text.includes('"result"'))
    throw new Error(`${label} at ${path} failed: HTTP ${answer.status}: ${text.slice(0, 300)}`);
}

/** `use` of a new workerd process serving the bench Worker, stopped afterwards. */
async function inNewWorkerd(use: (host: WorkerHost) => Promise<void>): Promise<void> {
  const host = await startDirectWorker(script, kvDir, envFile);
  try {
    await use(host);
  } finally {
    await host.close();
  }
}

const forgetContent = async (host: WorkerHost) =>
  (await fetch(new URL(FORGET_CONTENT_PATH, host.url), { method: 'POST' })).text();

/** A new isolate whose code the request over the small bundle and a tools/list compiled, its content forgotten. */
async function warmUp(host: WorkerHost, request: ColdRequest): Promise<void> {
  await answered(host, WARM_UP_PATH, request.label, request.sent(auth));
  // Through the measured env too, so its once-per-env settings are read before the measure.
  const list = eraRequest('modern', { id: 1, method: 'tools/list' }, auth);
  await answered(host, '/mcp', 'tools/list', list);
  await forgetContent(host);
}

/** What `request` allocates in a new isolate after a warm-up, printed: the bytes and the top sites. */
async function printAllocations(request: ColdRequest): Promise<void> {
  await inNewWorkerd(async (host) => {
    await warmUp(host, request);
    const inspector = await openWorkerInspector(host.pids);
    try {
      const profile = await inspector.allocationProfile(() =>
        answered(host, '/mcp', request.label, request.sent(auth)),
      );
      log(
        `  after a warm-up, allocated: ${(allocatedBytes(profile) / 1024 ** 2).toFixed(2)} MiB (V8's sampling heap profile, one isolate, garbage included)`,
      );
      for (const by of ['self', 'inclusive'] as const) {
        log(`  after a warm-up, the most allocating by ${by} bytes:`);
        for (const entry of topAllocations(profile, allocations, by))
          log(
            `    ${(entry.bytes / 1024).toFixed(0).padStart(7)} KiB ${(entry.share * 100).toFixed(1).padStart(5)} %  ${entry.where}`,
          );
      }
    } finally {
      inspector.close();
    }
  });
}

log(
  `isolate CPU per request, median of ${samples} new workerd processes; "first" is a new isolate's first request (its code compiled as it runs, content read and parsed); "content only" is the same request again in that isolate after its content caches were emptied (code compiled, content read and parsed as new; the first request's garbage may be collected in it); "after a warm-up" is the request in a new isolate that first made it over a small bundle (the repository's content/), then a tools/list, then emptied its content caches (code compiled, little garbage left)`,
);
for (const request of requests) {
  const first: number[] = [];
  const contentOnly: number[] = [];
  const afterWarmUp: number[] = [];
  const periods: number[] = [];
  let read = { keys: 0, bytes: 0 };
  const profiles: Record<'first' | 'content only' | 'after a warm-up', RequestProfile[]> = {
    first: [],
    'content only': [],
    'after a warm-up': [],
  };
  for (let sample = 0; sample < samples; sample++) {
    await inNewWorkerd(async (host) => {
      const cold = await profiledRequest(host, request.label, request.sent(auth));
      profiles.first.push(cold);
      first.push(cold.ms);
      periods.push(cold.period);
      const reads = (await (await fetch(new URL(IO_PATH, host.url))).json()) as StorageRead[];
      read = {
        keys: reads.reduce((sum, one) => sum + one.keys.length, 0),
        bytes: reads.reduce((sum, one) => sum + one.bytes, 0),
      };
      await forgetContent(host);
      // Not collected first: a forced full collection made V8 drop compiled code (initialize's
      // content-only figure read 6–7 ms with one, 1.4–1.8 ms without), so the forgotten content's
      // garbage may be collected within the measured request: an upper bound.
      const again = await profiledRequest(host, request.label, request.sent(auth));
      profiles['content only'].push(again);
      contentOnly.push(again.ms);
    });
    await inNewWorkerd(async (warmed) => {
      await warmUp(warmed, request);
      const measured = await profiledRequest(warmed, request.label, request.sent(auth));
      profiles['after a warm-up'].push(measured);
      afterWarmUp.push(measured.ms);
    });
  }
  log(
    `${request.label} (${request.revision}): first ${figures(first)}; content only ${figures(contentOnly)}; after a warm-up ${figures(afterWarmUp)}; read ${read.keys} keys, ${(read.bytes / 1024 ** 2).toFixed(2)} MiB; sampling period ${median(periods).toFixed(3)} ms`,
  );
  if (allocations) await printAllocations(request);
  if (top)
    for (const [which, measured] of Object.entries(profiles))
      for (const kind of ['inclusive', 'self'] as const) {
        log(`  ${which}, the heaviest by ${kind} time (mean of ${measured.length} profiles):`);
        for (const entry of meanEntries(
          measured.map((one) => one[kind]),
          top,
        ))
          log(
            `    ${entry.ms.toFixed(2)} ms ${(entry.share * 100).toFixed(1).padStart(5)} %  ${entry.where}`,
          );
      }
}

// The same first requests to the SDK alone (one trivial tool, no content): what compiling the SDK's
// own code costs a new isolate, whatever the server does.
const floorCalls: Array<[string, EraRequest]> = [
  ['initialize', legacyHandshake(auth)[0]],
  ['tools/list', eraRequest('modern', { id: 1, method: 'tools/list' }, auth)],
  [
    'tools/call echo',
    eraRequest(
      'modern',
      { id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hello' } } },
      auth,
    ),
  ],
];
// "After a warm-up" as Praxis's: the same request once, then a tools/list, then the one measured,
// in a new isolate — the SDK's code compiled, the least a new isolate's second request can cost.
const floorList = eraRequest('modern', { id: 2, method: 'tools/list' }, auth);
for (const [label, sent] of floorCalls) {
  const first: number[] = [];
  const afterWarmUp: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    for (const warmed of [false, true]) {
      const host = await startStatelessWorker(
        work,
        'sdk-floor',
        'bench/workers/sdk-floor-worker.ts',
      );
      try {
        if (warmed) {
          await answered(host, '/mcp', `SDK floor ${label}`, sent);
          await answered(host, '/mcp', 'SDK floor tools/list', floorList);
        }
        const { ms } = await profiledRequest(host, `SDK floor ${label}`, sent);
        (warmed ? afterWarmUp : first).push(ms);
      } finally {
        await host.close();
      }
    }
  }
  log(`SDK floor ${label}: first ${figures(first)}; after a warm-up ${figures(afterWarmUp)}`);
}
