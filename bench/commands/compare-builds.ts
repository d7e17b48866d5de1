// This checkout's Worker next to another checkout's, in one run, so a change's effect on the
// isolate CPU per call is read as a difference between two Workers measured in turn under the same
// load: `node bench/commands/compare-builds.ts --baseline DIR [--docs 10000] [--rounds 5] [--calls
// 100] [--work DIR]`. DIR is another checkout of Praxis with its node_modules (a `git worktree` of
// the commit before the change). Both Workers are bundled as `wrangler deploy` would, served by
// Miniflare alone over copies of one published corpus (bench/lib/prepared-corpus.ts), and asked
// tools/list, get_process and a search in each era (bench/lib/era-envelope.ts); for each call one
// profile of the baseline, then one of this checkout, round after round, and the medians printed.
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { localAuthEnv } from '../lib/local-auth-env.ts';
import { bundleProcesses, readBundle } from '../lib/corpus.ts';
import { eraCall, openEraSession } from '../lib/era-calls.ts';
import { ERA_LABEL, ERAS, type JsonRpcRequest } from '../lib/era-envelope.ts';
import { preparedCorpus } from '../lib/prepared-corpus.ts';
import { bundleBenchWorker, startDirectWorker } from '../hosts/direct-host.ts';
import { writeBenchConfig, type WorkerHost } from '../hosts/worker-host.ts';
import { isolateCpuMsPerCall } from '../profiling/isolate-cpu.ts';

const { values } = parseArgs({
  options: {
    baseline: { type: 'string' },
    docs: { type: 'string' },
    rounds: { type: 'string' },
    calls: { type: 'string' },
    work: { type: 'string' },
  },
});
if (!values.baseline) throw new Error('--baseline DIR: another checkout of Praxis to compare with');
const baselineRoot = resolve(values.baseline);
const thisRoot = resolve(import.meta.dirname, '../..');
const documents = Number(values.docs ?? 10_000);
const rounds = Number(values.rounds ?? 5);
const calls = Number(values.calls ?? 100);
const log = (line: string) => console.log(`[compare-builds] ${line}`);
const load = () =>
  loadavg()
    .map((figure) => figure.toFixed(2))
    .join(' ');
log(`${new Date().toISOString()}; baseline ${baselineRoot}; load average ${load()}`);

const { dir, objectsFile, kvDir } = await preparedCorpus(
  documents,
  values.work ?? join(tmpdir(), 'praxis-cpu'),
  log,
);
const own = join(dir, 'compare-builds');
await rm(own, { recursive: true, force: true });
await mkdir(own, { recursive: true });
const processName = bundleProcesses(await readBundle(objectsFile))[0]!.name;
const envFile = join(own, 'bench.env');
const token = await localAuthEnv(envFile, 'bench-compare');

/** The bench Worker of the checkout at `root`, bundled, served over its own copy of the KV state. */
async function startBuild(name: string, root: string): Promise<WorkerHost> {
  const config = await writeBenchConfig(join(own, name));
  const text = await readFile(config, 'utf8');
  await writeFile(
    config,
    text.replace(
      JSON.stringify(join(thisRoot, 'bench/workers/worker.ts')),
      JSON.stringify(join(root, 'bench/workers/worker.ts')),
    ),
  );
  const state = join(own, name, 'state');
  await cp(kvDir, state, { recursive: true });
  return startDirectWorker(
    await bundleBenchWorker(config, join(own, name, 'bundle')),
    state,
    envFile,
  );
}
await mkdir(join(own, 'baseline'), { recursive: true });
await mkdir(join(own, 'change'), { recursive: true });
const hosts = {
  baseline: await startBuild('baseline', baselineRoot),
  change: await startBuild('change', thisRoot),
};
type Build = keyof typeof hosts;
const auth = { authorization: `Bearer ${token}` };
const messages: Record<string, JsonRpcRequest> = {
  'tools/list': { id: 1, method: 'tools/list' },
  get_process: {
    id: 1,
    method: 'tools/call',
    params: { name: 'get_process', arguments: { name: processName } },
  },
  search_processes: {
    id: 1,
    method: 'tools/call',
    params: { name: 'search_processes', arguments: { query: 'deployment pipeline' } },
  },
};
const median = (figures: number[]): number =>
  [...figures].sort((a, b) => a - b)[Math.floor(figures.length / 2)]!;

try {
  for (const era of ERAS) {
    const url = (build: Build) => new URL('/mcp', hosts[build].url);
    const sessions = {
      baseline: await openEraSession(url('baseline'), era, auth),
      change: await openEraSession(url('change'), era, auth),
    };
    for (const [name, message] of Object.entries(messages)) {
      const call = (build: Build) => () => eraCall(url(build), era, message, sessions[build]);
      for (const build of ['baseline', 'change'] as const)
        for (let i = 0; i < 20; i++) await call(build)();
      const figures: Record<Build, number[]> = { baseline: [], change: [] };
      for (let round = 0; round < rounds; round++)
        for (const build of ['baseline', 'change'] as const)
          figures[build].push(await isolateCpuMsPerCall(hosts[build].pids, calls, call(build)));
      const [before, after] = [median(figures.baseline), median(figures.change)];
      log(
        `${ERA_LABEL[era]}: ${name}: baseline ${before.toFixed(3)} ms, this checkout ${after.toFixed(3)} ms per call (median of ${rounds} profiles of ${calls}, taken in turn): ${(after - before).toFixed(3)} ms (${(((after - before) / before) * 100).toFixed(0)} %); load average ${load()}`,
      );
    }
  }
} finally {
  for (const host of Object.values(hosts)) await host.close();
}
