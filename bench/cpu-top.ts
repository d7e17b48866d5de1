// Where a CPU profile's time goes: self time per function (samples taken while that function was on
// top of the stack), largest first, so the bench can print the top entries of a search's profile.
import { openWorkerInspector, type CpuProfile } from './worker-inspector.ts';

export interface CpuEntry {
  /** `function (file:line)`; the file is the bundled script's, so lines point into it. */
  where: string;
  ms: number;
  share: number;
}

export function topSelfTime(profile: CpuProfile, count: number): CpuEntry[] {
  const gaps = [...profile.timeDeltas].sort((a, b) => a - b);
  const intervalMs = (gaps[Math.floor(gaps.length / 2)] ?? 0) / 1000;
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let busy = 0;
  for (const sample of profile.samples) {
    const frame = byNode.get(sample)?.callFrame;
    if (!frame || frame.functionName === '(idle)') continue;
    busy += 1;
    const file = frame.url.split('/').at(-1) ?? '';
    const where = `${frame.functionName || '(anonymous)'}${file ? ` (${file}:${frame.lineNumber + 1})` : ''}`;
    self.set(where, (self.get(where) ?? 0) + 1);
  }
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, count).map(([where, samples]) => ({ where, ms: samples * intervalMs, share: busy ? samples / busy : 0 }));
}

/** The top self-time entries over `calls` calls, per call. */
export async function profileTop(workerdPids: number[], calls: number, call: (index: number) => Promise<unknown>, count = 12): Promise<CpuEntry[]> {
  const inspector = await openWorkerInspector(workerdPids);
  try {
    const profile = await inspector.cpuProfile(async () => {
      for (let i = 0; i < calls; i++) await call(i);
    });
    return topSelfTime(profile, count).map((entry) => ({ ...entry, ms: entry.ms / calls }));
  } finally {
    inspector.close();
  }
}
