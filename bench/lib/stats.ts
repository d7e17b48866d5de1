// Summaries of repeated measurements: median and p99 (nearest rank), never a mean of outliers.

export interface Summary {
  n: number;
  median: number;
  p99: number;
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
  return { n: sorted.length, median: rank(0.5), p99: rank(0.99) };
}

/** Times `run` once, in milliseconds. */
export async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await run();
  return { ms: performance.now() - start, value };
}

export const mib = (bytes: number): string => `${(bytes / 1048576).toFixed(2)} MiB`;
export const ms = (value: number): string =>
  value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
export const ratio = (value: number): string =>
  `${value >= 10 ? value.toFixed(0) : value.toFixed(2)}×`;
