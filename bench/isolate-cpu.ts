// How much CPU the Worker isolate itself spends per call, from a V8 CPU profile taken in workerd
// through its inspector: the samples taken while the isolate ran, times the sampling interval,
// divided by the calls made (an estimate: sampling adds some overhead and has 0.1 ms resolution). Wall time over loopback also counts wrangler dev's proxy, Miniflare's
// entry worker and the client; this figure is what Cloudflare bills and limits (10 ms on the free plan).
import { openWorkerInspector, type CpuProfile } from './worker-inspector.ts';

export async function isolateCpuMsPerCall(workerdPids: number[], calls: number, call: (index: number) => Promise<unknown>): Promise<number> {
  const inspector = await openWorkerInspector(workerdPids);
  try {
    const profile = await inspector.cpuProfile(async () => {
      for (let i = 0; i < calls; i++) await call(i);
    });
    return busyMs(profile) / calls;
  } finally {
    inspector.close();
  }
}

/**
 * The median of `profiles` separate profiles of `calls` calls each: on a shared machine one profile
 * can be stretched by a descheduled isolate thread (it still counts as busy), the median is not.
 */
export async function medianIsolateCpuMsPerCall(workerdPids: number[], profiles: number, calls: number, call: (index: number) => Promise<unknown>): Promise<number> {
  const figures: number[] = [];
  for (let i = 0; i < profiles; i++) figures.push(await isolateCpuMsPerCall(workerdPids, calls, call));
  figures.sort((a, b) => a - b);
  return figures[Math.floor(figures.length / 2)]!;
}

/**
 * workerd's profiler only takes samples while the isolate is running (between requests the thread is
 * in workerd's event loop and no sample is taken), so the time between two samples can span a whole
 * round trip. Busy time is therefore the count of non-idle samples times the sampling interval,
 * estimated as the median gap between samples.
 */
export function busyMs(profile: CpuProfile): number {
  const idle = idleNodes(profile);
  return profile.samples.filter((node) => !idle.has(node)).length * sampleIntervalMs(profile);
}

/** The profile's nodes that stand for the isolate waiting, not running. */
export const idleNodes = (profile: CpuProfile): Set<number> =>
  new Set(profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id));

/** The sampling interval in milliseconds: the median gap between samples. */
export function sampleIntervalMs(profile: CpuProfile): number {
  const gaps = [...profile.timeDeltas].sort((a, b) => a - b);
  return (gaps[Math.floor(gaps.length / 2)] ?? 0) / 1000;
}
