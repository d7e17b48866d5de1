// Content-addressed objects from KV, cached per isolate. An object never changes under its hash,
// so the cache needs no invalidation — only a size bound (isolates have 128 MB) — and Cloudflare's
// edge may keep it for long (IMMUTABLE_CACHE_TTL_SECONDS). Reads asked for together go out as one
// bulk read (`kvTextBatched`) unless the caller reads a large object on its own (`alone`, see
// kv-read.ts); an object stored in parts is joined from its parts (one more read).
import { objectKey } from '../../bundle/bundle.ts';
import { DEFAULT_KV_TIMEOUT_MS, kvText, kvTextBatched, kvTexts } from './kv-read.ts';
import { LruCache } from './lru-cache.ts';
import { isPartsList, joinedText, partsOf } from '../../bundle/object-parts.ts';
import { IMMUTABLE_CACHE_TTL_SECONDS } from '../../bundle/platform-limits.ts';
import { PraxisError } from '../../shared/praxis-error.ts';

const MAX_CACHED_CHARS = 24 * 1024 * 1024;
const cache = new LruCache<string, string>(MAX_CACHED_CHARS);

export class MissingObjectError extends PraxisError {
  static override code = 'ERR_OBJECT_MISSING';
  override readonly code = 'ERR_OBJECT_MISSING';
  readonly hash: string;
  constructor(hash: string) {
    super(
      `bundle object ${hash} is missing from the CONTENT store: the bundle was published incompletely or garbage-collected too early`,
    );
    this.hash = hash;
  }
}

/** Forget cached texts (tests: the same object read again from a store that holds it differently, e.g. in parts). */
export function forgetCachedObjects(): void {
  cache.clear();
}

const objectReadOptions = (timeoutMs: number) => ({
  timeoutMs,
  cacheTtl: IMMUTABLE_CACHE_TTL_SECONDS,
});

/**
 * How an object is read. `cacheText: false` is for objects the caller keeps parsed: at 100 000
 * documents the knowledge object alone is 23 MiB of JSON, which held in text beside its parsed
 * form doubled the heap and pushed every document body out of this cache. `alone`: a single read,
 * not joined to a bulk read — for objects large enough that a bulk read's parsing costs more CPU
 * than its saved round trip (term shards).
 */
export interface ReadHow {
  cacheText?: boolean;
  alone?: boolean;
}

async function readObject(
  kv: KVNamespace,
  hash: string,
  timeoutMs = DEFAULT_KV_TIMEOUT_MS,
  { cacheText = true, alone = false }: ReadHow = {},
): Promise<string> {
  const hit = cache.get(hash);
  if (hit !== undefined) return hit;
  const options = objectReadOptions(timeoutMs);
  const stored = alone
    ? await kvText(kv, objectKey(hash), options.timeoutMs, options.cacheTtl)
    : await kvTextBatched(kv, objectKey(hash), options);
  if (stored === null) throw new MissingObjectError(hash);
  const text = isPartsList(stored) ? await joinParts(kv, hash, stored, timeoutMs) : stored;
  if (cacheText) cache.set(hash, text, text.length);
  return text;
}

/** Stored values (texts or parts lists) of many objects in bulk reads; absent objects are left out. */
async function readStoredValues(
  kv: KVNamespace,
  hashes: readonly string[],
  timeoutMs = DEFAULT_KV_TIMEOUT_MS,
): Promise<Map<string, string>> {
  const values = await kvTexts(kv, hashes.map(objectKey), objectReadOptions(timeoutMs));
  const found = new Map<string, string>();
  for (const hash of hashes) {
    const value = values.get(objectKey(hash));
    if (value != null) found.set(hash, value);
  }
  return found;
}

/** The objects of one KV namespace, read with one deadline: what a loaded version reads through. */
export interface ObjectReader {
  /** The object's text, read as `how` says (ReadHow). */
  text(hash: string, how?: ReadHow): Promise<string>;
  /** Stored values (texts or parts lists) of many objects in bulk reads; absent objects are left out. */
  storedValues(hashes: readonly string[]): Promise<Map<string, string>>;
}

export const objectReaderOf = (kv: KVNamespace, timeoutMs: number): ObjectReader => ({
  text: (hash, how) => readObject(kv, hash, timeoutMs, how),
  storedValues: (hashes) => readStoredValues(kv, hashes, timeoutMs),
});

async function joinParts(
  kv: KVNamespace,
  hash: string,
  stored: string,
  timeoutMs: number,
): Promise<string> {
  const parts = await readStoredValues(kv, partsOf(stored), timeoutMs);
  try {
    return joinedText(stored, (part) => parts.get(part));
  } catch {
    throw new MissingObjectError(hash);
  }
}
