// KV reads with a deadline. A KV outage must not hang a request or surface as a stack trace: the
// caller gets ContentUnavailableError (a message fit for a client), the log gets the detail.
//
// Reads of versioned objects asked for in the same turn of the event loop (the chunks of a page of
// hits, the bodies of its snippets) go out as one bulk read: one round trip and one KV operation per
// 100 keys instead of one per object. A bulk read's answer is one JSON document the isolate parses,
// which in workerd costs it 3–7 times the CPU per byte of single reads' texts once objects are
// hundreds of KiB (bench/commands/kv-read-cost.ts): cheaper for many small objects, dearer for large
// ones, which callers read on their own (`kvText`). Single reads count against the Worker's
// simultaneous connections (bulk reads do not, Cloudflare says), so beyond six in flight they wait
// their turn: a query of many terms pays in latency what it saves in CPU, which is what is limited.
import { KV } from '../../bundle/platform-limits.ts';
import { PraxisError } from '../../shared/praxis-error.ts';

export const DEFAULT_KV_TIMEOUT_MS = 3000;

/** The content store could not be read right now; safe to show to a client, retrying may help. */
export class ContentUnavailableError extends PraxisError {
  static override code = 'ERR_CONTENT_UNAVAILABLE';
  override readonly code = 'ERR_CONTENT_UNAVAILABLE';
  constructor(message = 'The content store did not answer; try again in a few seconds.') {
    super(message);
  }
}

export function kvTimeoutOf(env: { PRAXIS_KV_TIMEOUT_MS?: string }): number {
  const value = Number(env.PRAXIS_KV_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_KV_TIMEOUT_MS;
}

/** How long Cloudflare's edge may cache what is read: absent for the pointer (KV's default), long for immutable objects. */
export interface ReadOptions {
  timeoutMs?: number;
  cacheTtl?: number;
}

async function withDeadline<T>(
  read: () => Promise<T>,
  keys: string[],
  timeoutMs: number,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([read(), timeout]);
  } catch (error) {
    console.error(
      JSON.stringify({
        event: 'content_store_unavailable',
        key: keys.length === 1 ? keys[0] : `${keys[0]} and ${keys.length - 1} more`,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    throw new ContentUnavailableError();
  } finally {
    clearTimeout(timer);
  }
}

/** The text under `key` (null when absent), or ContentUnavailableError after a failure or `timeoutMs`. */
export async function kvText(
  kv: KVNamespace,
  key: string,
  timeoutMs = DEFAULT_KV_TIMEOUT_MS,
  cacheTtl?: number,
): Promise<string | null> {
  return withDeadline(
    () => (cacheTtl ? kv.get(key, { type: 'text', cacheTtl }) : kv.get(key, 'text')),
    [key],
    timeoutMs,
  );
}

/** The texts under `keys` (null when absent): bulk reads of up to 100 keys, all in flight at once. */
export async function kvTexts(
  kv: KVNamespace,
  keys: readonly string[],
  options: ReadOptions = {},
): Promise<Map<string, string | null>> {
  const unique = [...new Set(keys)];
  const timeoutMs = options.timeoutMs ?? DEFAULT_KV_TIMEOUT_MS;
  if (unique.length === 1)
    return new Map([[unique[0]!, await kvText(kv, unique[0]!, timeoutMs, options.cacheTtl)]]);
  const batches: string[][] = [];
  for (let i = 0; i < unique.length; i += KV.bulkGetKeys)
    batches.push(unique.slice(i, i + KV.bulkGetKeys));
  const results = await Promise.all(
    batches.map((batch) =>
      withDeadline(
        () =>
          options.cacheTtl
            ? kv.get(batch, { type: 'text', cacheTtl: options.cacheTtl })
            : kv.get(batch, 'text'),
        batch,
        timeoutMs,
      ),
    ),
  );
  const values = new Map<string, string | null>();
  for (const result of results)
    for (const [key, value] of result ?? []) values.set(key, value ?? null);
  for (const key of unique) if (!values.has(key)) values.set(key, null);
  return values;
}

interface Waiting {
  options: Required<ReadOptions>;
  keys: Map<
    string,
    Array<{ resolve: (value: string | null) => void; reject: (error: unknown) => void }>
  >;
}
const waiting = new WeakMap<KVNamespace, Waiting>();

/**
 * The text under `key`, read together with every other key asked for through this function before
 * the current turn of the event loop ends (one bulk read). Options come from the first caller of a
 * batch; callers share one namespace's settings.
 */
export function kvTextBatched(
  kv: KVNamespace,
  key: string,
  options: Required<ReadOptions>,
): Promise<string | null> {
  let batch = waiting.get(kv);
  if (!batch) {
    const started: Waiting = { options, keys: new Map() };
    batch = started;
    waiting.set(kv, started);
    setTimeout(() => {
      waiting.delete(kv);
      kvTexts(kv, [...started.keys.keys()], started.options).then(
        (values) => {
          for (const [name, callers] of started.keys)
            for (const caller of callers) caller.resolve(values.get(name) ?? null);
        },
        (error) => {
          for (const callers of started.keys.values())
            for (const caller of callers) caller.reject(error);
        },
      );
    }, 0);
  }
  const callers = batch.keys.get(key) ?? [];
  batch.keys.set(key, callers);
  return new Promise((resolve, reject) => callers.push({ resolve, reject }));
}
