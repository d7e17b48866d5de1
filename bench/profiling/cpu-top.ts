// Where a CPU profile's time goes: self time per function (samples taken while that function was on
// top of the stack), largest first, so the bench can print the top entries of a search's profile.
import { sampleIntervalMs } from './isolate-cpu.ts';
import { openWorkerInspector, type CpuProfile } from './worker-inspector.ts';

export interface CpuEntry {
  /** `function (file:line)`; the file is the bundled script's, so lines point into it. */
  where: string;
  ms: number;
  share: number;
}

export function topSelfTime(profile: CpuProfile, count: number): CpuEntry[] {
  const intervalMs = sampleIntervalMs(profile);
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
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([where, samples]) => ({
      where,
      ms: samples * intervalMs,
      share: busy ? samples / busy : 0,
    }));
}

/** The top self-time entries over `calls` calls, per call. */
export async function profileTop(
  workerdPids: number[],
  calls: number,
  call: (index: number) => Promise<unknown>,
  count = 12,
): Promise<CpuEntry[]> {
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

/**
 * Total (inclusive) time per function: samples with that function anywhere on the stack, largest
 * first — where self time is spread over many small frames (native JSON, GC, SDK internals), this
 * shows which of our calls they were made under.
 */
export function topTotalTime(profile: CpuProfile, count: number): CpuEntry[] {
  const intervalMs = sampleIntervalMs(profile);
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const nameOf = (id: number): string => {
    const frame = byNode.get(id)!.callFrame;
    const file = frame.url.split('/').at(-1) ?? '';
    return `${frame.functionName || '(anonymous)'}${file ? ` (${file}:${frame.lineNumber + 1})` : ''}`;
  };
  const total = new Map<string, number>();
  let busy = 0;
  for (const sample of profile.samples) {
    if (byNode.get(sample)?.callFrame.functionName === '(idle)') continue;
    busy += 1;
    const seen = new Set<string>();
    for (let id: number | undefined = sample; id !== undefined; id = parent.get(id))
      seen.add(nameOf(id));
    for (const name of seen) total.set(name, (total.get(name) ?? 0) + 1);
  }
  return [...total]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([where, samples]) => ({
      where,
      ms: samples * intervalMs,
      share: busy ? samples / busy : 0,
    }));
}

/** One profile over `calls` calls: its top self-time and total-time entries, per call. */
export async function profileTops(
  workerdPids: number[],
  calls: number,
  call: (index: number) => Promise<unknown>,
  count = 12,
): Promise<{ self: CpuEntry[]; total: CpuEntry[] }> {
  const inspector = await openWorkerInspector(workerdPids);
  try {
    const profile = await inspector.cpuProfile(async () => {
      for (let i = 0; i < calls; i++) await call(i);
    });
    const perCall = (entry: CpuEntry) => ({ ...entry, ms: entry.ms / calls });
    return {
      self: topSelfTime(profile, count).map(perCall),
      total: topTotalTime(profile, count * 3).map(perCall),
    };
  } finally {
    inspector.close();
  }
}
