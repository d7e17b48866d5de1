// Content-addressed objects from KV, cached per isolate. An object never changes under its hash,
// so the cache needs no invalidation — only a size bound (isolates have 128 MB).
import { objectKey } from './bundle.ts';
import { DEFAULT_KV_TIMEOUT_MS, kvText } from './kv-read.ts';

const MAX_CACHED_CHARS = 24 * 1024 * 1024;
const cache = new Map<string, string>();
let cachedChars = 0;

export class MissingObjectError extends Error {
  readonly hash: string;
  constructor(hash: string) {
    super(`bundle object ${hash} is missing from the CONTENT store: the bundle was published incompletely or garbage-collected too early`);
    this.hash = hash;
  }
}

export async function readObject(kv: KVNamespace, hash: string, timeoutMs = DEFAULT_KV_TIMEOUT_MS): Promise<string> {
  const hit = cache.get(hash);
  if (hit !== undefined) {
    cache.delete(hash);
    cache.set(hash, hit);
    return hit;
  }
  const text = await kvText(kv, objectKey(hash), timeoutMs);
  if (text === null) throw new MissingObjectError(hash);
  remember(hash, text);
  return text;
}

function remember(hash: string, text: string): void {
  cache.set(hash, text);
  cachedChars += text.length;
  for (const [oldest, value] of cache) {
    if (cachedChars <= MAX_CACHED_CHARS || oldest === hash) break;
    cache.delete(oldest);
    cachedChars -= value.length;
  }
}
