// Checks the isolate-CPU estimator (bench/profiling/isolate-cpu.ts) on a Worker whose cost is known
// (bench/workers/known-cost-worker.ts): a raw JSON answer, and the same after a loop burning a fixed amount
// of CPU. For each, the estimator's figure per request next to the workerd process's on-CPU time
// per request (kernel accounting: the whole process, so it adds workerd's HTTP and Miniflare's
// entry worker); the loop's cost is the difference with the raw answer in both. The old estimator
// (the median gap between samples as the interval) is printed beside it.
// `node bench/commands/estimator-check.ts [--work DIR] [--calls N] [--profiles N]`
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { bundleBenchWorker, startDirectWorker } from '../hosts/direct-host.ts';
import { busyMs, medianGapBusyMs } from '../profiling/isolate-cpu.ts';
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
);

const median = (figures: number[]): number =>
  [...figures].sort((a, b) => a - b)[Math.floor(figures.length / 2)]!;

try {
  console.log(
    `[estimator] ${calls} calls per profile, median of ${profiles} profiles; ms per request:`,
  );
  console.log(
    '  worker      isolate (new)  isolate (old: median gap)  workerd process  loop by process  loop by new',
  );
  const rows: {
    label: string;
    iterations: number;
    estimate: number;
    old: number;
    process: number;
  }[] = [];
  for (const [label, iterations] of [
    ['raw JSON', 0],
    ['loop 1e5', 100_000],
    ['loop 1e6', 1_000_000],
    ['loop 4e6', 4_000_000],
  ] as const) {
    const call = () =>
      fetch(new URL(`/?iterations=${iterations}`, host.url)).then((response) => response.text());
    for (let i = 0; i < 50; i++) await call(); // warm-up: the loop compiled, the isolate warm
    const estimates: number[] = [];
    const olds: number[] = [];
    for (let p = 0; p < profiles; p++) {
      const inspector = await openWorkerInspector(host.pids);
      try {
        const profile = await inspector.cpuProfile(async () => {
          for (let i = 0; i < calls; i++) await call();
        });
        estimates.push(busyMs(profile) / calls);
        olds.push(medianGapBusyMs(profile) / calls);
      } finally {
        inspector.close();
      }
    }
    const processMs = await processCpuMsPerCall(host.pids, 5, calls, call);
    const row = {
      label,
      iterations,
      estimate: median(estimates),
      old: median(olds),
      process: processMs,
    };
    rows.push(row);
    const raw = rows[0]!;
    console.log(
      `  ${row.label.padEnd(10)}  ${row.estimate.toFixed(3).padStart(13)}  ` +
        `${row.old.toFixed(3).padStart(25)}  ${row.process.toFixed(3).padStart(15)}  ` +
        `${(row.process - raw.process).toFixed(3).padStart(15)}  ` +
        `${(row.estimate - raw.estimate).toFixed(3).padStart(11)}`,
    );
  }
} finally {
  await host.close();
}
