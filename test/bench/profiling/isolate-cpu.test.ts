// The isolate-CPU estimator on profiles whose busy time is known: busy samples times the sampler's
// period — the configured interval, or the gap between busy samples within a call when the sampler
// was slower — whatever the gaps between calls say. The profiles are built here the way
// workerd's profiler writes them when calls are one or two samples long: a busy sample or two per
// call, then nothing (or an idle sample) until the next call a whole round trip later.
import { describe, expect, it } from 'vitest';
import {
  busyGapBusyMs,
  busyMs,
  busySamples,
  intervalCrossCheck,
  medianGapBusyMs,
  SAMPLE_INTERVAL_MS,
  sampleIntervalMs,
} from '../../../bench/profiling/isolate-cpu.ts';
import {
  SAMPLING_INTERVAL_US,
  type CpuProfile,
} from '../../../bench/profiling/worker-inspector.ts';

const ROOT = 1;
const IDLE = 2;
const PROGRAM = 3;
const HANDLER = 4;

/**
 * A profile of `calls` calls of `busyPerCall` samples one interval apart, each call's first sample
 * `roundTripUs` after the last one of the call before (workerd takes no samples while the isolate
 * waits), and `idleSamples` idle samples in the profile's first wait.
 */
function shortCallsProfile(
  calls: number,
  busyPerCall: number,
  roundTripUs: number,
  idleSamples = 0,
): CpuProfile {
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  for (let i = 0; i < idleSamples; i++) {
    samples.push(IDLE);
    timeDeltas.push(SAMPLING_INTERVAL_US);
  }
  for (let call = 0; call < calls; call++)
    for (let i = 0; i < busyPerCall; i++) {
      samples.push(i % 2 ? PROGRAM : HANDLER);
      timeDeltas.push(i === 0 ? roundTripUs : SAMPLING_INTERVAL_US);
    }
  const startTime = 1_000_000;
  const frame = (functionName: string) => ({ functionName, url: '', lineNumber: 0, scriptId: '0' });
  return {
    nodes: [
      { id: ROOT, callFrame: frame('(root)'), children: [IDLE, PROGRAM, HANDLER] },
      { id: IDLE, callFrame: frame('(idle)') },
      { id: PROGRAM, callFrame: frame('(program)') },
      { id: HANDLER, callFrame: frame('fetch') },
    ],
    samples,
    timeDeltas,
    startTime,
    endTime: startTime + timeDeltas.reduce((sum, delta) => sum + delta, 0),
  };
}

describe('busyMs', () => {
  it('reads calls one sample long as one interval each, not one round trip', () => {
    const profile = shortCallsProfile(200, 1, 1_500);
    expect(busySamples(profile)).toBe(200);
    expect(busyMs(profile) / 200).toBeCloseTo(SAMPLE_INTERVAL_MS, 10);
    // The first estimator's reading of the same profile: the median gap is a round trip.
    expect(medianGapBusyMs(profile) / 200).toBeCloseTo(1.5, 10);
  });

  it('reads calls two samples long as two intervals each', () => {
    const profile = shortCallsProfile(100, 2, 1_300);
    expect(busyMs(profile) / 100).toBeCloseTo(2 * SAMPLE_INTERVAL_MS, 10);
  });

  it('reads long calls as their busy samples times the interval', () => {
    const profile = shortCallsProfile(10, 20, 5_000);
    expect(busyMs(profile) / 10).toBeCloseTo(20 * SAMPLE_INTERVAL_MS, 10);
  });

  it('counts no idle sample', () => {
    const profile = shortCallsProfile(50, 1, 1_200, 30);
    expect(busySamples(profile)).toBe(50);
    expect(busyMs(profile)).toBeCloseTo(50 * SAMPLE_INTERVAL_MS, 10);
    expect(busyMs(shortCallsProfile(0, 0, 1_000, 30))).toBe(0);
  });
});

describe('the gaps are not the interval', () => {
  it('when calls are a sample long, even the gap between busy samples is a round trip', () => {
    // With no idle sample between calls, two busy samples in a row lie a round trip apart: the
    // second estimator (× the median busy gap) read such calls as 1.5 ms each.
    const short = shortCallsProfile(200, 1, 1_500);
    expect(busyGapBusyMs(short) / 200).toBeCloseTo(1.5, 10);
    expect(busyMs(short) / 200).toBeCloseTo(SAMPLE_INTERVAL_MS, 10);
    // The cross-check counts only gaps within a call: there are none here.
    expect(intervalCrossCheck(short).busyGapMs).toBeNull();
  });

  it('when calls are long, the busy gap is the period and the mean gap spans the waits', () => {
    const long = intervalCrossCheck(shortCallsProfile(10, 20, 5_000));
    expect(long.busyGapMs).toBeCloseTo(SAMPLE_INTERVAL_MS, 10);
    expect(long.meanGapMs).toBeGreaterThan(2 * SAMPLE_INTERVAL_MS);
  });

  it('a slow sampler shows as a busy gap above the interval, and each sample counts that period', () => {
    // The isolate ran 2 ms per call, but the sampler woke every 200 µs: 10 samples, not 20.
    const slow = shortCallsProfile(10, 10, 5_000);
    slow.timeDeltas = slow.timeDeltas.map((gap) => (gap === SAMPLING_INTERVAL_US ? 200 : gap));
    expect(intervalCrossCheck(slow).busyGapMs).toBeCloseTo(0.2, 10);
    expect(sampleIntervalMs(slow)).toBeCloseTo(0.2, 10);
    expect(busyMs(slow) / 10).toBeCloseTo(2, 10);
  });
});
