// How much CPU the Worker isolate itself spends per call, from a V8 CPU profile taken in workerd
// through its inspector: the samples taken while the isolate ran, times the sampling interval,
// divided by the calls made (an estimate: sampling adds some overhead and has 0.1 ms resolution).
// Wall time over loopback also counts wrangler dev's proxy, Miniflare's entry worker and the
// client; this figure is what Cloudflare bills and limits (10 ms on the free plan). On a machine
// whose cores are oversubscribed, V8's sampler thread waits for a core too and takes fewer samples
// than it should, so the figure reads low: bench/commands/estimator-check.ts compares it with the kernel's
// accounting of the workerd process (bench/profiling/process-cpu.ts), an upper bound that load does not lower.
import { openWorkerInspector, SAMPLING_INTERVAL_US, type CpuProfile } from './worker-inspector.ts';

export async function isolateCpuMsPerCall(
  workerdPids: number[],
  calls: number,
  call: (index: number) => Promise<unknown>,
): Promise<number> {
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
export async function medianIsolateCpuMsPerCall(
  workerdPids: number[],
  profiles: number,
  calls: number,
  call: (index: number) => Promise<unknown>,
): Promise<number> {
  const figures: number[] = [];
  for (let i = 0; i < profiles; i++)
    figures.push(await isolateCpuMsPerCall(workerdPids, calls, call));
  figures.sort((a, b) => a - b);
  return figures[Math.floor(figures.length / 2)]!;
}

/**
 * workerd's profiler takes few samples while the isolate waits between requests, so the time between
 * two samples can span a whole round trip. Busy time is therefore the count of non-idle samples
 * times the sampling interval (sampleIntervalMs), never a sum of gaps.
 */
export function busyMs(profile: CpuProfile): number {
  const idle = idleNodes(profile);
  return profile.samples.filter((node) => !idle.has(node)).length * sampleIntervalMs(profile);
}

/** The profile's nodes that stand for the isolate waiting, not running. */
export const idleNodes = (profile: CpuProfile): Set<number> =>
  new Set(
    profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id),
  );

/** Fewer gaps inside runs of busy samples than this, and their median says little: the configured interval is used. */
const MIN_RUN_GAPS = 20;

/**
 * The sampling interval in milliseconds: the median gap between two consecutive busy samples (the
 * isolate ran across it, so it is the sampler's own period), never less than the interval V8 was
 * asked for; that interval itself when the profile has too few such gaps (calls one or two samples
 * long). The median gap between all samples, which an earlier version used, is a whole round trip
 * when most calls are one or two samples long: a raw JSON Worker read 1.3–1.8 ms per call instead
 * of about 0.1 (bench/commands/estimator-check.ts shows both on a Worker of known cost).
 */
export function sampleIntervalMs(profile: CpuProfile): number {
  const idle = idleNodes(profile);
  const gaps: number[] = [];
  for (let i = 1; i < profile.samples.length; i++) {
    if (!idle.has(profile.samples[i]!) && !idle.has(profile.samples[i - 1]!))
      gaps.push(profile.timeDeltas[i]!);
  }
  if (gaps.length < MIN_RUN_GAPS) return SAMPLING_INTERVAL_US / 1000;
  gaps.sort((a, b) => a - b);
  return Math.max(SAMPLING_INTERVAL_US, gaps[Math.floor(gaps.length / 2)]!) / 1000;
}

/** The earlier estimate, for comparison only (bench/commands/estimator-check.ts): busy samples times the median gap between all samples. */
export function medianGapBusyMs(profile: CpuProfile): number {
  const idle = idleNodes(profile);
  const gaps = [...profile.timeDeltas].sort((a, b) => a - b);
  return (
    (profile.samples.filter((node) => !idle.has(node)).length *
      (gaps[Math.floor(gaps.length / 2)] ?? 0)) /
    1000
  );
}
