// Praxis next to three floors, per protocol era, in one run: `npm run bench:floors [-- --quick
// --docs N --work DIR]`. Four Workers, each bundled as `wrangler deploy` would and served by
// Miniflare alone:
// Praxis (bench/workers/worker.ts over the generated corpus, built once and kept in DIR), the
// contract floor (bench/workers/contract-floor-worker.ts: the SDK serving Praxis's own tools/list
// and Praxis's recorded answer to each measured call, nothing else), the SDK's documented cheapest
// use (bench/workers/sdk-floor-worker.ts: createMcpHandler with a fresh server per request, one
// trivial tool) and a raw JSON route without the SDK (bench/workers/raw-json-floor-worker.ts). For
// each era — the 2026-07-28 envelope and the 2025 initialize + SSE path, sent exactly as the
// official client sends them (bench/lib/era-envelope.ts) — the isolate CPU per call (median of
// profiles, bench/profiling/isolate-cpu.ts) and the throughput at 16 connections (autocannon) of
// tools/list and a tools/call on each, and the search's CPU with a query new to the isolate each call
// (bench/lib/fresh-queries.ts), then one table: every Praxis figure next to each floor as a
// difference and a ratio (bench/lib/floor-table.ts).
import { mkdir } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { localAuthEnv } from '../lib/local-auth-env.ts';
import { recordContract } from '../lib/contract-recording.ts';
import { RECORDING_BINDING } from '../workers/contract-recording-binding.ts';
import { bundleProcesses, readBundle } from '../lib/corpus.ts';
import { eraCall, openEraSession, type EraAnswer } from '../lib/era-calls.ts';
import { ERA_LABEL, ERAS, type Era, type JsonRpcRequest } from '../lib/era-envelope.ts';
import {
  belowResolution,
  CPU_RESOLUTION_MS,
  floorTable,
  roundDifferences,
  type FloorRow,
} from '../lib/floor-table.ts';
import { freshQueries } from '../lib/fresh-queries.ts';
import { loadMcp } from '../lib/load.ts';
import { preparedCorpus } from '../lib/prepared-corpus.ts';
import { startStatelessWorker } from '../lib/sdk-floor.ts';
import { bundleBenchWorker, startDirectWorker } from '../hosts/direct-host.ts';
import { writeBenchConfig, type WorkerHost } from '../hosts/worker-host.ts';
import { isolateCpuMsPerCall } from '../profiling/isolate-cpu.ts';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean' },
    docs: { type: 'string' },
    work: { type: 'string' },
  },
});
const quick = values.quick ?? false;
const documents = Number(values.docs ?? 10_000);
/**
 * Profiles per CPU figure (their median is printed), calls per profile, seconds per throughput run,
 * and throughput runs per figure: the three Workers in turn, round after round, the median printed.
 */
const plan = quick
  ? { profiles: 3, calls: 50, loadSeconds: 2, loadRounds: 1 }
  : { profiles: 5, calls: 100, loadSeconds: 3, loadRounds: 3 };
const log = (line: string) => console.log(`[floors] ${line}`);
const load = () =>
  loadavg()
    .map((figure) => figure.toFixed(2))
    .join(' ');
const started = performance.now();
log(
  `${new Date().toISOString()}; ${quick ? 'quick' : 'full'}: ${plan.profiles} profiles of ${plan.calls} calls per CPU figure, ${plan.loadRounds} × ${plan.loadSeconds} s per throughput figure; load average ${load()}`,
);

const { dir, objectsFile, kvDir } = await preparedCorpus(
  documents,
  values.work ?? join(tmpdir(), 'praxis-cpu'),
  log,
);
// This command's configs and bundles sit apart from other commands' in the shared work folder.
const own = join(dir, 'floors');
await mkdir(own, { recursive: true });
const processName = bundleProcesses(await readBundle(objectsFile))[0]!.name;
const envFile = join(own, 'bench.env');
const token = await localAuthEnv(envFile, 'bench-floors');

type Target = 'praxis' | 'contract' | 'sdk' | 'raw';
const TARGETS: readonly Target[] = ['praxis', 'contract', 'sdk', 'raw'];
/** Praxis checks the token; the floors check none, and get the same header so requests are the same size. */
const auth = { authorization: `Bearer ${token}` };

const toolsList: JsonRpcRequest = { id: 1, method: 'tools/list' };
const echo: JsonRpcRequest = {
  id: 1,
  method: 'tools/call',
  params: { name: 'echo', arguments: { text: 'hello' } },
};
/** Praxis's calls, each with the floors' call of the same method. */
const praxisCalls: { call: string; message: JsonRpcRequest; floor: JsonRpcRequest }[] = [
  { call: 'tools/list', message: toolsList, floor: toolsList },
  {
    call: 'tools/call get_process',
    message: {
      id: 1,
      method: 'tools/call',
      params: { name: 'get_process', arguments: { name: processName } },
    },
    floor: echo,
  },
  {
    call: 'tools/call search_processes',
    message: {
      id: 1,
      method: 'tools/call',
      params: { name: 'search_processes', arguments: { query: 'deployment pipeline' } },
    },
    floor: echo,
  },
];

/**
 * Queries new to Praxis's isolate, each asked once, per era: the search row repeats one query, whose
 * first search's work is then cached; these are the same search with that work done each call.
 */
const perEra = plan.profiles * plan.calls;
const fresh = freshQueries(ERAS.length * perEra, new Set(['deployment pipeline']));
const freshOf = (era: Era): string[] =>
  fresh.slice(ERAS.indexOf(era) * perEra, (ERAS.indexOf(era) + 1) * perEra);

const praxisHost = await startDirectWorker(
  await bundleBenchWorker(await writeBenchConfig(own), join(own, 'praxis-bundle')),
  kvDir,
  envFile,
);
const recording = await recordContract(
  new URL('/mcp', praxisHost.url),
  praxisCalls.map(({ message }) => message).filter(({ method }) => method === 'tools/call'),
  auth,
);
const hosts: Record<Target, WorkerHost> = {
  praxis: praxisHost,
  contract: await startStatelessWorker(
    own,
    'contract-floor',
    'bench/workers/contract-floor-worker.ts',
    { [RECORDING_BINDING]: JSON.stringify(recording) },
  ),
  sdk: await startStatelessWorker(own, 'sdk-floor', 'bench/workers/sdk-floor-worker.ts'),
  raw: await startStatelessWorker(own, 'raw-json-floor', 'bench/workers/raw-json-floor-worker.ts'),
};
log(
  `contract floor: Praxis's ${recording.tools.length} tools and its answers to ${Object.keys(recording.answers).join(', ')} (${JSON.stringify(recording).length} bytes recorded)`,
);

const median = (figures: number[]): number =>
  [...figures].sort((a, b) => a - b)[Math.floor(figures.length / 2)]!;

/**
 * One CPU profile of `plan.calls` calls of each Worker per round, the Workers in turn, `rounds`
 * rounds: the machine's speed drifts over a run (here by up to half between hours), and a drift
 * between one Worker's profiles and another's would fall on their difference; in turns it falls on
 * both. Each Worker's figures per round, in round order.
 */
async function profileRounds<T extends string>(
  calls: Record<T, () => Promise<unknown>>,
  rounds: number,
): Promise<Record<T, number[]>> {
  const figures = {} as Record<T, number[]>;
  for (const target of Object.keys(calls) as T[]) figures[target] = [];
  for (let round = 0; round < rounds; round++)
    for (const target of Object.keys(calls) as T[])
      figures[target].push(
        await isolateCpuMsPerCall(hosts[target as Target].pids, plan.calls, calls[target]),
      );
  return figures;
}

/** A CPU row of the four Workers measured in turns: each one's median, and Praxis − SDK floor per round. */
async function cpuInRounds(
  era: Era,
  call: string,
  calls: Record<Target, () => Promise<unknown>>,
): Promise<FloorRow> {
  const figures = await profileRounds(calls, plan.profiles);
  return {
    era,
    measure: 'CPU ms/call',
    call,
    praxis: median(figures.praxis),
    contract: median(figures.contract),
    sdk: median(figures.sdk),
    raw: median(figures.raw),
    aboveSdk: roundDifferences(figures.praxis, figures.sdk),
    contractAboveSdk: roundDifferences(figures.contract, figures.sdk),
  };
}

const rows: FloorRow[] = [];
try {
  for (const era of ERAS) {
    const url = (target: Target) => new URL('/mcp', hosts[target].url);
    const sessions = {} as Record<Target, Record<string, string>>;
    for (const target of TARGETS) sessions[target] = await openEraSession(url(target), era, auth);
    const call = (target: Target, message: JsonRpcRequest) => (): Promise<EraAnswer> =>
      eraCall(url(target), era, message, sessions[target]);
    // Warm-up, and one answer each to print how it came back (JSON or SSE).
    const shapes: string[] = [];
    for (const { call: name, message, floor } of praxisCalls)
      for (const [target, sent] of [
        ['praxis', message],
        ['contract', message],
        ['sdk', floor],
        ['raw', floor],
      ] as const) {
        for (let i = 0; i < 20; i++) await call(target, sent)();
        const answer = await call(target, sent)();
        shapes.push(
          `${target} ${name === 'tools/list' ? name : sent.params?.name}: ${answer.contentType}`,
        );
      }
    log(`${ERA_LABEL[era]}: answers came back as ${[...new Set(shapes)].join('; ')}`);
    for (const { call: name, message, floor } of praxisCalls) {
      const cpuRow = await cpuInRounds(era, name, {
        praxis: call('praxis', message),
        contract: call('contract', message),
        sdk: call('sdk', floor),
        raw: call('raw', floor),
      });
      rows.push(cpuRow);
      const throughput = async (target: Target, sent: JsonRpcRequest) => {
        const run = await loadMcp(hosts[target].url, era, sent, plan.loadSeconds, {
          token: target === 'praxis' ? token : undefined,
        });
        if (run.errors)
          log(`${ERA_LABEL[era]}: ${target} ${name}: ${run.errors} errors under load`);
        return run.requestsPerSecond;
      };
      // Round after round, the four in turn: a change in the machine's load between runs falls on all four.
      const rates: Record<Target, number[]> = { praxis: [], contract: [], sdk: [], raw: [] };
      for (let round = 0; round < plan.loadRounds; round++) {
        rates.praxis.push(await throughput('praxis', message));
        rates.contract.push(await throughput('contract', message));
        rates.sdk.push(await throughput('sdk', floor));
        rates.raw.push(await throughput('raw', floor));
      }
      const rateRow: FloorRow = {
        era,
        measure: 'req/s',
        call: name,
        praxis: median(rates.praxis),
        contract: median(rates.contract),
        sdk: median(rates.sdk),
        raw: median(rates.raw),
        aboveSdk: roundDifferences(rates.praxis, rates.sdk),
        contractAboveSdk: roundDifferences(rates.contract, rates.sdk),
      };
      rows.push(rateRow);
      for (const row of [cpuRow, rateRow])
        log(
          `${ERA_LABEL[era]}: ${name} ${row.measure}: Praxis ${row.praxis.toFixed(3)}, contract floor ${row.contract.toFixed(3)}, SDK floor ${row.sdk.toFixed(3)}, raw JSON ${row.raw.toFixed(3)}; load average ${load()}`,
        );
    }
    // The search with a query new to the isolate each call, against the floors the search row
    // measured (theirs do not depend on the query: the contract floor answers the recorded page).
    const queries = freshOf(era);
    let next = 0;
    const freshSearch = (): Promise<EraAnswer> =>
      eraCall(
        url('praxis'),
        era,
        {
          id: 1,
          method: 'tools/call',
          params: { name: 'search_processes', arguments: { query: queries[next++]! } },
        },
        sessions.praxis,
      );
    const searchRow = rows.find(
      (row) =>
        row.era === era &&
        row.measure === 'CPU ms/call' &&
        row.call === 'tools/call search_processes',
    )!;
    // Praxis's new queries and the SDK floor's echo in turn, round after round, like the rows above;
    // the contract and raw floors as the search row measured them (neither depends on the query).
    const freshRounds = await profileRounds(
      { praxis: freshSearch, sdk: call('sdk', echo) },
      plan.profiles,
    );
    const freshRow: FloorRow = {
      ...searchRow,
      call: 'tools/call search_processes, each query new',
      praxis: median(freshRounds.praxis),
      sdk: median(freshRounds.sdk),
      aboveSdk: roundDifferences(freshRounds.praxis, freshRounds.sdk),
      // The contract floor was not profiled in these rounds: no rounds to pair with the SDK's.
      contractAboveSdk: undefined,
    };
    rows.push(freshRow);
    log(
      `${ERA_LABEL[era]}: ${freshRow.call} CPU ms/call: Praxis ${freshRow.praxis.toFixed(3)} (${next} queries, each asked once); floors as in the search row; load average ${load()}`,
    );
  }
} finally {
  for (const host of Object.values(hosts)) await host.close();
}
log(
  `${documents} documents; the contract floor answers Praxis's own call with Praxis's recorded answer; Praxis's tools/call rows are against the SDK and raw floors' one trivial tools/call (echo); CPU is the isolate's, median of ${plan.profiles} profiles of ${plan.calls} calls; req/s at 16 connections, median of ${plan.loadRounds} runs of ${plan.loadSeconds} s:`,
);
for (const line of floorTable(rows)) console.log(line);
const coarse = belowResolution(rows);
if (coarse.length)
  log(
    `under ${CPU_RESOLUTION_MS} ms per call, less than one sample of the profiler per call, these CPU figures can read up to about 2× low (their ratios read high; the differences hold): ${coarse.join('; ')}`,
  );
log(`${((performance.now() - started) / 1000).toFixed(0)} s; load average ${load()}`);
