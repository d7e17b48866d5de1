// Checks the isolate-CPU estimator (bench/profiling/isolate-cpu.ts) on a Worker whose cost is known
// (bench/workers/known-cost-worker.ts): a raw JSON answer, and the same after an integer loop of a
// known cost. The cost of one turn is learnt inside workerd first: the Worker runs with
// `precise_timers` (without it workerd's clock stands still while a request runs) and times a
// loop of hundreds of milliseconds (its clock counts whole milliseconds); the least of five such
// timings is taken, as wall time on a loaded machine only adds. Then the loop is asked for the
// turns of 0.1, 0.5 and 2 ms; its cost is the difference with the raw answer. For each, ms per request:
// the estimator (busy samples × the sampler's period), busy samples × the configured interval
// alone, the two earlier estimators beside it
// (× the median gap between all samples; × the median gap between busy samples), the workerd
// process's on-CPU time (kernel accounting, no profiler attached: the whole process, so it adds
// workerd's HTTP and Miniflare's entry worker), and what each profile's gaps say of the interval.
// `node bench/commands/estimator-check.ts [--work DIR] [--calls N] [--profiles N]`
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { bundleBenchWorker, startDirectWorker } from '../hosts/direct-host.ts';
import {
  busyGapBusyMs,
  busyMs,
  busySamples,
  intervalCrossCheck,
  medianGapBusyMs,
  SAMPLE_INTERVAL_MS,
} from '../profiling/isolate-cpu.ts';
import { openWorkerInspector } from '../profiling/worker-inspector.ts';
import { processCpuMsPerCall } from '../profiling/process-cpu.ts';
import { writeWorkerConfig } from '../hosts/worker-host.ts';

const { values } = parseArgs({
  options: { work: { type: 'string' }, calls: { type: 'string' }, profiles: { type: 'string' } },
});
const calls = Number(values.calls ?? 200);
const profiles = Number(values.profiles ?? 5);
const dir = resolve(values.work ?? join(tmpdir(), 'praxis-estimator-check'));
await mkdir(dir, { recursive: true });
const config = await writeWorkerConfig(
  join(dir, 'wrangler.known-cost.toml'),
  'praxis-known-cost',
  'bench/workers/known-cost-worker.ts',
);
const envFile = join(dir, 'known-cost.env');
await writeFile(envFile, '');
const host = await startDirectWorker(
  await bundleBenchWorker(config, join(dir, 'bundle')),
  join(dir, 'state'),
  envFile,
  { compatibilityFlags: ['precise_timers'] },
);

const median = (figures: number[]): number =>
  [...figures].sort((a, b) => a - b)[Math.floor(figures.length / 2)]!;
/** How long a calibration loop runs at least: the clock counts whole ms, so 1 % or better. */
const CALIBRATION_MS = 200;
const fixed = (figure: number | null, width: number): string =>
  (figure === null ? '—' : figure.toFixed(3)).padStart(width);

/**
 * The turns of the Worker's loop that cost `targetMs`, by workerd's own clock: the loop run many
 * times in one request (hundreds of ms, so the whole-ms clock is 1 % or better), the turns scaled
 * and timed again, the least of five timings taken (wall time on a loaded machine only adds).
 */
async function turnsCosting(targetMs: number): Promise<{ iterations: number; ms: number }> {
  const perLoopMs = async (iterations: number): Promise<number> => {
    const repeat = Math.max(1, Math.ceil(CALIBRATION_MS / targetMs));
    let least = Infinity;
    for (let i = 0; i < 5; i++) {
      const response = await fetch(
        new URL(`/?iterations=${iterations}&repeat=${repeat}`, host.url),
      );
      least = Math.min(least, ((await response.json()) as { loopMs: number }).loopMs / repeat);
    }
    return least;
  };
  let iterations = 10_000;
  for (let round = 0; round < 3; round++)
    iterations = Math.max(1, Math.round((iterations * targetMs) / (await perLoopMs(iterations))));
  return { iterations, ms: await perLoopMs(iterations) };
}

try {
  const started = performance.now();
  console.log(
    `[estimator] ${calls} calls per profile, median of ${profiles} profiles; configured interval ${SAMPLE_INTERVAL_MS} ms; load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}; ms per request (a loop: its known cost by workerd's clock):`,
  );
  console.log(
    '  worker       estimate  configured only  old: all-gap  old: busy-gap  process  loop by estimate  loop by configured  loop by process  interval by mean gap  by busy gap',
  );
  let raw: { estimate: number; configured: number; process: number } | undefined;
  for (const knownMs of [0, 0.1, 0.5, 2]) {
    const known = knownMs ? await turnsCosting(knownMs) : { iterations: 0, ms: 0 };
    const { iterations } = known;
    const call = async () => {
      const response = await fetch(new URL(`/?iterations=${iterations}`, host.url));
      if (!response.ok) throw new Error(`known-cost Worker: ${await response.text()}`);
      await response.text();
    };
    for (let i = 0; i < 50; i++) await call(); // warm-up: the loop compiled, the isolate warm
    const estimates: number[] = [];
    const configuredOnly: number[] = [];
    const allGaps: number[] = [];
    const busyGaps: number[] = [];
    const meanGapIntervals: number[] = [];
    const busyGapIntervals: number[] = [];
    for (let p = 0; p < profiles; p++) {
      const inspector = await openWorkerInspector(host.pids);
      try {
        const profile = await inspector.cpuProfile(async () => {
          for (let i = 0; i < calls; i++) await call();
        });
        estimates.push(busyMs(profile) / calls);
        configuredOnly.push((busySamples(profile) * SAMPLE_INTERVAL_MS) / calls);
        allGaps.push(medianGapBusyMs(profile) / calls);
        busyGaps.push(busyGapBusyMs(profile) / calls);
        const check = intervalCrossCheck(profile);
        meanGapIntervals.push(check.meanGapMs);
        if (check.busyGapMs !== null) busyGapIntervals.push(check.busyGapMs);
      } finally {
        inspector.close();
      }
    }
    const row = {
      estimate: median(estimates),
      configured: median(configuredOnly),
      process: await processCpuMsPerCall(host.pids, 5, calls, call),
    };
    raw ??= row;
    const label = knownMs ? `loop ${known.ms.toFixed(3)}` : 'raw JSON';
    console.log(
      `  ${label.padEnd(11)}  ${fixed(row.estimate, 8)}  ${fixed(row.configured, 16)}  ${fixed(median(allGaps), 12)}  ` +
        `${fixed(median(busyGaps), 13)}  ${fixed(row.process, 7)}  ` +
        `${fixed(knownMs ? row.estimate - raw.estimate : null, 16)}  ` +
        `${fixed(knownMs ? row.configured - raw.configured : null, 18)}  ` +
        `${fixed(knownMs ? row.process - raw.process : null, 15)}  ` +
        `${fixed(median(meanGapIntervals), 19)}  ` +
        `${fixed(busyGapIntervals.length ? median(busyGapIntervals) : null, 11)}`,
    );
  }
  console.log(
    `[estimator] ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await host.close();
}
