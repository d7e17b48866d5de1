// A CPU profile's busy time split into consecutive windows of the run: each window starts when the
// bench sent one request and ends when it sent the next, so every sample the isolate took for a
// request (its tail after the response included) lands in that request's window. V8's profiler
// stamps samples with the system's monotonic clock, the one process.hrtime reads in Node on the
// same machine, so windows measured in Node line up with the profile taken in workerd.
import { idleNodes, sampleIntervalMs } from './isolate-cpu.ts';
import type { CpuProfile } from './worker-inspector.ts';

/** The monotonic clock in microseconds, as V8's profile timestamps count it. */
export const monotonicMicros = (): number => Number(process.hrtime.bigint() / 1000n);

/**
 * Busy isolate milliseconds in each window [starts[i], starts[i+1]) (the last ends at the profile's
 * end): the window's non-idle samples times the sampling interval (the sampler's period,
 * as busyMs counts it). Samples before the first window are dropped.
 */
export function busyMsPerWindow(profile: CpuProfile, starts: readonly number[]): number[] {
  const idle = idleNodes(profile);
  const intervalMs = sampleIntervalMs(profile);
  const busy = starts.map(() => 0);
  let at = profile.startTime;
  let window = -1;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    while (window + 1 < starts.length && at >= starts[window + 1]!) window++;
    if (window >= 0 && !idle.has(profile.samples[i]!)) busy[window]! += intervalMs;
  }
  return busy;
}
