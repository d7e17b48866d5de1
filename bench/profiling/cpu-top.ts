// Where a CPU profile's time goes: self time per function (samples taken while that function was on
// top of the stack) and total time (samples with it anywhere on the stack), largest first, so the
// bench can print the top entries of a call's profile.
import { sampleIntervalMs } from './isolate-cpu.ts';
import { openWorkerInspector, type CpuProfile } from './worker-inspector.ts';

export interface CpuEntry {
  /** `function (file:line)`; the file is the bundled script's, so lines point into it. */
  where: string;
  ms: number;
  share: number;
}

type ProfileNode = CpuProfile['nodes'][number];

/** `function (file:line)` of a profile node (a CPU profile's or an allocation profile's). */
export function whereOf({ callFrame: frame }: Pick<ProfileNode, 'callFrame'>): string {
  const file = frame.url.split('/').at(-1) ?? '';
  return `${frame.functionName || '(anonymous)'}${file ? ` (${file}:${frame.lineNumber + 1})` : ''}`;
}

/**
 * Counts, over the busy samples, the names `namesOf` gives each sample's node; the `count` largest
 * as entries.
 */
function ranked(
  profile: CpuProfile,
  count: number,
  namesOf: (node: ProfileNode) => Iterable<string>,
): CpuEntry[] {
  const intervalMs = sampleIntervalMs(profile);
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const samples = new Map<string, number>();
  let busy = 0;
  for (const sample of profile.samples) {
    const node = byNode.get(sample);
    if (!node || node.callFrame.functionName === '(idle)') continue;
    busy += 1;
    for (const name of namesOf(node)) samples.set(name, (samples.get(name) ?? 0) + 1);
  }
  return [...samples]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([where, taken]) => ({ where, ms: taken * intervalMs, share: busy ? taken / busy : 0 }));
}

export function topSelfTime(profile: CpuProfile, count: number): CpuEntry[] {
  return ranked(profile, count, (node) => [whereOf(node)]);
}

/**
 * Total (inclusive) time per function: samples with that function anywhere on the stack, largest
 * first — where self time is spread over many small frames (native JSON, GC, SDK internals), this
 * shows which of our calls they were made under.
 */
export function topTotalTime(profile: CpuProfile, count: number): CpuEntry[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, ProfileNode>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node);
  return ranked(profile, count, (node) => {
    const seen = new Set<string>();
    for (let at: ProfileNode | undefined = node; at; at = parent.get(at.id)) seen.add(whereOf(at));
    return seen;
  });
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

/** The top self-time entries over `calls` calls, per call. */
export async function profileTop(
  workerdPids: number[],
  calls: number,
  call: (index: number) => Promise<unknown>,
  count = 12,
): Promise<CpuEntry[]> {
  return (await profileTops(workerdPids, calls, call, count)).self;
}

/** One profile's entries (from topSelfTime or topTotalTime) and its busy time. */
export interface ProfileEntries {
  entries: CpuEntry[];
  busyMs: number;
}

/**
 * Entries of several profiles of the same request as their mean per profile, the `count` largest:
 * one profile of a single request holds a few dozen samples, too few to tell its parts apart alone.
 * Each profile's entries should be many more than `count`, so none is cut short before the mean.
 */
export function meanEntries(profiles: readonly ProfileEntries[], count: number): CpuEntry[] {
  const ms = new Map<string, number>();
  let busy = 0;
  for (const { entries, busyMs } of profiles) {
    for (const entry of entries) ms.set(entry.where, (ms.get(entry.where) ?? 0) + entry.ms);
    busy += busyMs;
  }
  return [...ms]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([where, sum]) => ({ where, ms: sum / profiles.length, share: busy ? sum / busy : 0 }));
}
