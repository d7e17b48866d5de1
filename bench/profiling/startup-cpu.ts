// Worker start-up (global scope) CPU: `node bench/profiling/startup-cpu.ts [--runs N] [--write]`.
// `wrangler check startup` bundles the Worker as `wrangler deploy` would (the repository's
// wrangler.toml), starts it in workerd under a V8 CPU profile of its start-up phase and writes the
// profile; this sums the profile's active time — everything but idle: parsing, compiling and running
// the script's global scope, and the garbage collector — and lists where it goes by function.
// Local CPU, not Cloudflare's (whose start-up limit is 1 s): read runs on one machine side by side.
// `--write` puts the figures into bench/results/RESULTS.md between its startup-cpu markers; `npm run bench`
// measures them too (they need no corpus).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';

const repoRoot = resolve(import.meta.dirname, '../..');
const TOP_ENTRIES = 8;
/** What the figure is and is not, printed with it. */
const CAVEAT =
  "The profiler samples on wall time: on a loaded machine, moments the thread waited for a core are counted as active, so read the lowest runs and compare runs made side by side. It includes wrangler's start-up harness around the script (the `startup` entry, when sampled).";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface StartupCpu {
  runs: number;
  /** Active (non-idle) profile time of each run, ms, ascending. */
  activeMs: number[];
  /** Of it, the garbage collector, ms (median). */
  gcMs: number;
  /** Self time by function of the run with the median active time, ms. */
  top: Array<{ ms: number; name: string }>;
}

/** One `wrangler check startup` run: the profile it wrote, parsed. */
async function profileStartup(dir: string, run: number): Promise<CpuProfile> {
  const outfile = join(dir, `startup-${run}.cpuprofile`);
  await promisify(execFile)(
    process.execPath,
    [
      join(repoRoot, 'node_modules/wrangler/bin/wrangler.js'),
      'check',
      'startup',
      '--outfile',
      outfile,
    ],
    {
      cwd: repoRoot,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return JSON.parse(await readFile(outfile, 'utf8')) as CpuProfile;
}

/** Self time per function of a profile, ms, idle left out. */
function selfTimes(profile: CpuProfile): Map<string, number> {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const times = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    if (functionName === '(idle)') return;
    const name = url
      ? `${functionName || '(anonymous)'} (${url.split('/').at(-1)}:${lineNumber + 1})`
      : functionName;
    times.set(name, (times.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return times;
}

export async function measureStartupCpu(runs = 3): Promise<StartupCpu> {
  const dir = await mkdtemp(join(tmpdir(), 'praxis-startup-'));
  try {
    const measured = [];
    for (let run = 0; run < runs; run++) {
      const times = selfTimes(await profileStartup(dir, run));
      measured.push({ times, active: [...times.values()].reduce((sum, ms) => sum + ms, 0) });
    }
    measured.sort((a, b) => a.active - b.active);
    const median = measured[Math.floor(measured.length / 2)]!;
    const gc = measured
      .map((run) => run.times.get('(garbage collector)') ?? 0)
      .sort((a, b) => a - b);
    return {
      runs,
      activeMs: measured.map((run) => run.active),
      gcMs: gc[Math.floor(gc.length / 2)]!,
      top: [...median.times]
        .sort((a, b) => b[1] - a[1])
        .slice(0, TOP_ENTRIES)
        .map(([name, ms]) => ({ name, ms })),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function renderStartupCpu(result: StartupCpu, load: number[]): string[] {
  return [
    `worker start-up (global scope) CPU, \`wrangler check startup\` (V8 profile of workerd starting the deployable script, ${result.runs} runs, load average ${load.map((value) => value.toFixed(2)).join(' ')}): median ${result.activeMs[Math.floor(result.activeMs.length / 2)]!.toFixed(1)} ms active (runs: ${result.activeMs.map((ms) => ms.toFixed(1)).join(', ')} ms), of which garbage collection ${result.gcMs.toFixed(1)} ms`,
    'where the median run spends it (self time):',
    ...result.top.map(({ name, ms }) => `    ${ms.toFixed(1).padStart(6)} ms  ${name}`),
  ];
}

/** Replaces (or appends) this benchmark's section of a results file. */
export async function writeStartupSection(
  file: string,
  lines: readonly string[],
  command: string,
): Promise<void> {
  const section = [
    '<!-- startup-cpu:begin -->',
    '## Worker start-up CPU',
    '',
    `Run: \`${command}\`, ${new Date().toISOString()}. ${CAVEAT}`,
    '',
    ...lines.map((line, i) => (i === 0 ? line : line.startsWith('    ') ? line : `\n${line}\n`)),
    '<!-- startup-cpu:end -->',
  ].join('\n');
  const previous = await readFile(file, 'utf8').catch(() => '');
  const marked = /<!-- startup-cpu:begin -->[\s\S]*?<!-- startup-cpu:end -->/;
  await writeFile(
    file,
    marked.test(previous)
      ? previous.replace(marked, section)
      : `${previous.trimEnd()}\n${section}\n`,
  );
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { runs: { type: 'string' }, write: { type: 'boolean' } },
  });
  const { loadavg } = await import('node:os');
  const before = loadavg();
  const result = await measureStartupCpu(Number(values.runs ?? 3));
  const lines = renderStartupCpu(result, before);
  for (const line of lines) console.log(line);
  if (values.write)
    await writeStartupSection(
      join(repoRoot, 'bench/results/RESULTS.md'),
      lines,
      `node bench/profiling/startup-cpu.ts ${process.argv.slice(2).join(' ')}`.trim(),
    );
}
