// Storage I/O as the Worker sees it, for the benchmark: every KV read the isolate makes, recorded by
// an instrumented binding (bench/workers/worker.ts), and the chain of serial round trips they form.
// A read is one round trip after another when it started after that one had finished; reads in
// flight together (a bulk read, or several started in the same turn) share a step of the chain.

export interface StorageRead {
  /** What was read: a key, or `bulk ×N` with the first key. */
  keys: string[];
  bytes: number;
  /** Order of the read's start and end among all recorded events (a counter, not a clock). */
  startedAt: number;
  endedAt: number;
}

export const IO_PATH = '/bench/io';

/** Names a key for the chain: the pointer, or an object by its short hash. */
const keyLabel = (key: string): string =>
  key === 'praxis:pointer'
    ? 'pointer'
    : key.startsWith('praxis:obj:')
      ? key.slice('praxis:obj:'.length, 'praxis:obj:'.length + 8)
      : key;

export interface StorageChain {
  roundTrips: number;
  reads: number;
  /** KV operations (a bulk read is one). */
  operations: number;
  keys: number;
  bytes: number;
  /** One line per serial step: what was read in it. */
  steps: string[];
}

/** The chain `reads` form; `describe` names a step's keys (default: the pointer, or `bulk ×N`). */
export function chainOf(reads: StorageRead[], describe?: (keys: string[]) => string): StorageChain {
  const depth = new Map<StorageRead, number>();
  const ordered = [...reads].sort((a, b) => a.startedAt - b.startedAt);
  for (const read of ordered) {
    let before = 0;
    for (const other of ordered)
      if (other.endedAt < read.startedAt) before = Math.max(before, depth.get(other) ?? 0);
    depth.set(read, before + 1);
  }
  const roundTrips = Math.max(0, ...depth.values());
  const steps: string[] = [];
  for (let step = 1; step <= roundTrips; step++) {
    const here = ordered.filter((read) => depth.get(read) === step);
    const keys = here.reduce((sum, read) => sum + read.keys.length, 0);
    const bytes = here.reduce((sum, read) => sum + read.bytes, 0);
    const what = here
      .map((read) =>
        describe
          ? `${read.keys.length === 1 ? '' : `bulk ×${read.keys.length} = `}${describe(read.keys)}`
          : read.keys.length === 1
            ? keyLabel(read.keys[0]!)
            : `bulk ×${read.keys.length}`,
      )
      .join('; ');
    steps.push(
      `${step}. ${here.length} read${here.length === 1 ? '' : 's'}, ${keys} key${keys === 1 ? '' : 's'}, ${(bytes / 1024).toFixed(1)} KiB: ${what.length > 160 ? `${what.slice(0, 157)}…` : what}`,
    );
  }
  return {
    roundTrips,
    reads: reads.length,
    operations: reads.length,
    keys: reads.reduce((sum, read) => sum + read.keys.length, 0),
    bytes: reads.reduce((sum, read) => sum + read.bytes, 0),
    steps,
  };
}

/** A KV binding that hands every read to `record` (values are passed through untouched). */
export function recordingNamespace(
  kv: KVNamespace,
  record: (read: StorageRead) => void,
  tick: () => number,
): KVNamespace {
  const size = (value: unknown): number =>
    typeof value === 'string' ? value.length : value == null ? 0 : JSON.stringify(value).length;
  const get = async (key: string | string[], options?: unknown): Promise<unknown> => {
    const read: StorageRead = {
      keys: Array.isArray(key) ? key : [key],
      bytes: 0,
      startedAt: tick(),
      endedAt: Infinity,
    };
    record(read);
    const value = await (kv.get as (key: unknown, options?: unknown) => Promise<unknown>)(
      key,
      options,
    );
    read.endedAt = tick();
    read.bytes =
      value instanceof Map
        ? [...value.values()].reduce((sum: number, item) => sum + size(item), 0)
        : size(value);
    return value;
  };
  return new Proxy(kv, {
    get(target, property) {
      if (property === 'get') return get;
      const value = Reflect.get(target, property) as unknown;
      return typeof value === 'function'
        ? (value as (...args: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}
