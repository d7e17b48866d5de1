// Busy isolate time spent under chosen frames: the busy samples with any matching frame on their
// stack, times the sampler's period (as busyMs counts). Read from one profile, it says what a
// feature costs without subtracting two noisy totals — but it misses what the feature makes other
// code do (a bigger promise chain, garbage collected later), so it is a floor, read beside the
// difference of medians. selfTimeUnder says where inside those frames the time goes.
import { idleNodes, sampleIntervalMs } from './isolate-cpu.ts';
import type { CpuProfile } from './worker-inspector.ts';

export type FrameMatch = (frame: CpuProfile['nodes'][number]['callFrame']) => boolean;

/** The ids of the profile's busy samples whose stack holds a matching frame. */
function samplesUnder(profile: CpuProfile, match: FrameMatch): number[] {
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const idle = idleNodes(profile);
  const under = new Map<number, boolean>();
  const isUnder = (id: number): boolean => {
    let known = under.get(id);
    if (known === undefined) {
      const up = parent.get(id);
      known = match(byId.get(id)!.callFrame) || (up !== undefined && isUnder(up));
      under.set(id, known);
    }
    return known;
  };
  return profile.samples.filter((id) => !idle.has(id) && isUnder(id));
}

export const busyMsUnder = (profile: CpuProfile, match: FrameMatch): number =>
  samplesUnder(profile, match).length * sampleIntervalMs(profile);

/** Self time (ms) per function among the samples under matching frames, largest first. */
export function selfTimeUnder(
  profile: CpuProfile,
  match: FrameMatch,
  count: number,
): { where: string; ms: number }[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const intervalMs = sampleIntervalMs(profile);
  const self = new Map<string, number>();
  for (const id of samplesUnder(profile, match)) {
    const frame = byId.get(id)!.callFrame;
    const file = frame.url.split('/').at(-1) ?? '';
    const where = `${frame.functionName || '(anonymous)'}${file ? ` (${file}:${frame.lineNumber + 1})` : ''}`;
    self.set(where, (self.get(where) ?? 0) + intervalMs);
  }
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([where, ms]) => ({ where, ms }));
}
