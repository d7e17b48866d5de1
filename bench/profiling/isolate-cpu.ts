// How much CPU the Worker isolate itself spends per call, from a V8 CPU profile taken in workerd
// through its inspector: the samples taken while the isolate ran, times the sampling interval,
// divided by the calls made (an estimate: sampling adds some overhead and has 0.1 ms resolution).
// Wall time over loopback also counts wrangler dev's proxy, Miniflare's entry worker and the
// client; this figure is what Cloudflare bills and limits (10 ms on the free plan). V8's sampler
// takes fewer samples than it is asked for (here about one every 190 µs for the 100 µs asked, more
// when the cores are oversubscribed), so each sample counts as the period the sampler actually kept
// within calls (sampleIntervalMs); bench/commands/estimator-check.ts reads a Worker of known cost with
// it, beside the kernel's accounting of the workerd process (bench/profiling/process-cpu.ts).
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
 * Busy isolate milliseconds in a profile: its non-idle samples times the sampler's period
 * (sampleIntervalMs). Each sample stands for one period, whatever the gaps around it: workerd's
 * profiler takes few samples while the isolate waits between requests, so gaps can span whole
 * round trips, and no median or mean of all gaps is the period when calls are one or two samples long.
 */
export function busyMs(profile: CpuProfile): number {
  return busySamples(profile) * sampleIntervalMs(profile);
}

/** How many of the profile's samples caught the isolate running (not idle). */
export function busySamples(profile: CpuProfile): number {
  const idle = idleNodes(profile);
  return profile.samples.filter((node) => !idle.has(node)).length;
}

/** The profile's nodes that stand for the isolate waiting, not running. */
export const idleNodes = (profile: CpuProfile): Set<number> =>
  new Set(
    profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id),
  );

/** The interval every profile is configured with (Profiler.setSamplingInterval), in ms. */
export const SAMPLE_INTERVAL_MS = SAMPLING_INTERVAL_US / 1000;

/**
 * The sampler's period in ms: the interval the profiler was configured with, or — when the profile
 * shows the sampler was slower (the median gap between two busy samples within a call, intervalCrossCheck)
 * — that. V8 is asked for 100 µs; in workerd here it sampled every 190–200 µs even with the machine
 * at load 2, so the configured interval alone read a Worker's known 2 ms loop as 1.1 ms
 * (bench/commands/estimator-check.ts). Gaps of WITHIN_CALL_GAP_MS or more are waits between calls
 * and never count; with fewer than 20 gaps within calls (calls one or two samples long) the
 * configured interval is used, and the figure may read low.
 */
export function sampleIntervalMs(profile: CpuProfile): number {
  return Math.max(SAMPLE_INTERVAL_MS, intervalCrossCheck(profile).busyGapMs ?? 0);
}

/** What a profile's own timing says of its sampling period, in ms, to print beside the configured one. */
export interface IntervalCrossCheck {
  /** (endTime - startTime) / samples: the period if the sampler never paused. */
  meanGapMs: number;
  /**
   * The median gap between two consecutive busy samples less than WITHIN_CALL_GAP_MS apart (the
   * isolate ran across it: the sampler's real period); null with fewer than 20. Above the configured
   * interval, the sampler thread was starved of a core and took fewer samples than it should: the
   * estimate reads low by about this over the interval.
   */
  busyGapMs: number | null;
}

const MIN_BUSY_GAPS = 20;
/** A longer gap between busy samples is a wait between calls, not a sampler period. */
const WITHIN_CALL_GAP_MS = 1;

/** The gaps (µs) between consecutive busy samples, ascending, each shorter than `maxUs`. */
function busyGapsUs(profile: CpuProfile, maxUs: number): number[] {
  const idle = idleNodes(profile);
  const gaps: number[] = [];
  for (let i = 1; i < profile.samples.length; i++)
    if (
      !idle.has(profile.samples[i]!) &&
      !idle.has(profile.samples[i - 1]!) &&
      profile.timeDeltas[i]! < maxUs
    )
      gaps.push(profile.timeDeltas[i]!);
  return gaps.sort((a, b) => a - b);
}

export function intervalCrossCheck(profile: CpuProfile): IntervalCrossCheck {
  const gaps = busyGapsUs(profile, WITHIN_CALL_GAP_MS * 1000);
  return {
    meanGapMs: (profile.endTime - profile.startTime) / Math.max(1, profile.samples.length) / 1000,
    busyGapMs: gaps.length < MIN_BUSY_GAPS ? null : gaps[Math.floor(gaps.length / 2)]! / 1000,
  };
}

/**
 * Earlier estimates, for comparison only (bench/commands/estimator-check.ts): busy samples times the
 * median gap between all samples (the first version: a round trip per sample when calls are short),
 * and times the median gap between any two consecutive busy samples, never below the configured
 * interval (the second: with no idle sample between calls, those gaps span round trips too).
 */
export function medianGapBusyMs(profile: CpuProfile): number {
  const gaps = [...profile.timeDeltas].sort((a, b) => a - b);
  return (busySamples(profile) * (gaps[Math.floor(gaps.length / 2)] ?? 0)) / 1000;
}

export function busyGapBusyMs(profile: CpuProfile): number {
  const gaps = busyGapsUs(profile, Infinity);
  const gapMs = gaps.length < MIN_BUSY_GAPS ? 0 : gaps[Math.floor(gaps.length / 2)]! / 1000;
  return busySamples(profile) * Math.max(SAMPLE_INTERVAL_MS, gapMs);
}
