// Content-addressed objects from KV, cached per isolate. An object never changes under its hash,
// so the cache needs no invalidation — only a size bound (isolates have 128 MB).
import { objectKey } from './bundle.ts';
import { DEFAULT_KV_TIMEOUT_MS, kvText } from './kv-read.ts';
import { LruCache } from './lru-cache.ts';

const MAX_CACHED_CHARS = 24 * 1024 * 1024;
const cache = new LruCache<string, string>(MAX_CACHED_CHARS);

export class MissingObjectError extends Error {
  readonly hash: string;
  constructor(hash: string) {
    super(`bundle object ${hash} is missing from the CONTENT store: the bundle was published incompletely or garbage-collected too early`);
    this.hash = hash;
  }
}

/**
 * The object's text. `cacheText: false` is for objects the caller keeps parsed: at 100 000
 * documents the knowledge object alone is 23 MiB of JSON, which held in text beside its parsed
 * form doubled the heap and pushed every document body out of this cache.
 */
export async function readObject(kv: KVNamespace, hash: string, timeoutMs = DEFAULT_KV_TIMEOUT_MS, cacheText = true): Promise<string> {
  const hit = cache.get(hash);
  if (hit !== undefined) return hit;
  const text = await kvText(kv, objectKey(hash), timeoutMs);
  if (text === null) throw new MissingObjectError(hash);
  if (cacheText) cache.set(hash, text, text.length);
  return text;
}
