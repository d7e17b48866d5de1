// How a parser's work grows when its input doubles: the CPU it spends on an input of size 2n over
// what it spends on size n. Linear work gives about 2, quadratic 4, cubic 8. This is a ratio measured
// in one run, never compared with a fixed time: the machine's speed cancels out.
import { cpuUsage } from 'node:process';

export interface Doubling {
  /** The size (in repeats of the input's unit) compared with its double. */
  n: number;
  /** CPU microseconds at n and 2n (the least of interleaved runs). */
  small: number;
  large: number;
  ratio: number;
}

export interface DoublingOptions {
  /** Cost (CPU µs) at 2n below which a ratio is noise: the size doubles until it is reached. */
  floorMicros?: number;
  startSize?: number;
  /**
   * Past this size the work is too small to tell apart from noise, and counts as linear: a parser
   * that is super-linear shows it, confirmed, long before (`[[[[…` of 2 000 cost seconds).
   */
  maxSize?: number;
  /**
   * A ratio at or above this is super-linear. Quadratic work doubles to 4 and cubic to 8; linear work
   * that allocates reads up to about 3.4 on a loaded machine (a larger heap to collect at 2n), so 3.5.
   */
  limit?: number;
  /** Ratios at or above the limit needed at successive sizes: one step in cost is not a trend. */
  confirmations?: number;
}

// The process's CPU (getrusage, microseconds here); the per-thread figure ticks in 4 ms steps.
function cpuMicros(run: () => unknown): number {
  const start = cpuUsage();
  run();
  const used = cpuUsage(start);
  return used.user + used.system;
}

/**
 * The doubling that shows `parse` super-linear on `input(n, run)`, or undefined when its work is
 * linear. `run` counts the calls: a parser that keeps answers per input gets a distinct one from it.
 * The size doubles from `startSize` until the cost is measurable; a ratio over the limit is
 * measured again at the next sizes, and only a ratio over the limit every time is a finding (a
 * one-off step, such as the engine switching strategy at some length, is not).
 */
export function superLinearDoubling(
  input: (n: number, run: number) => string,
  parse: (text: string) => unknown,
  options: DoublingOptions = {},
): Doubling | undefined {
  const {
    floorMicros = 600,
    startSize = 256,
    maxSize = 1 << 14,
    limit = 3.5,
    confirmations = 3,
  } = options;
  let run = 0;
  const costAt = (n: number): number => {
    const text = input(n, run++);
    return cpuMicros(() => parse(text));
  };
  costAt(startSize); // warm-up: compiled code, not the first interpretation, is what is compared
  let n = startSize;
  let over = 0;
  for (;;) {
    let small = Number.POSITIVE_INFINITY;
    let large = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 2 + over; i++) {
      small = Math.min(small, costAt(n));
      large = Math.min(large, costAt(2 * n));
    }
    const doubling = { n, small, large, ratio: large / Math.max(small, 1) };
    if (large < floorMicros && n < maxSize) {
      n *= 2;
      continue;
    }
    if (doubling.ratio < limit || n >= maxSize) return undefined;
    if (++over === confirmations) return doubling;
    n *= 2;
  }
}
