// The pointer naming the published version, re-read from KV at most every PRAXIS_POINTER_TTL_MS.
import { POINTER_KEY, type Pointer } from '../../bundle/bundle.ts';
import { kvText, kvTimeoutOf } from './kv-read.ts';

export interface ContentEnv {
  CONTENT: KVNamespace;
  PRAXIS_POINTER_TTL_MS?: string;
  /** Milliseconds a KV read may take before the request gives up on it (default 3000). */
  PRAXIS_KV_TIMEOUT_MS?: string;
}

const DEFAULT_POINTER_TTL_MS = 5000;

let pointerCache: { pointer: Pointer | null; readAt: number } | undefined;

/** The current pointer, or null when nothing has been published yet; throws when KV cannot be read. */
export async function currentPointer(env: ContentEnv, now: number): Promise<Pointer | null> {
  const ttl = Number(env.PRAXIS_POINTER_TTL_MS ?? DEFAULT_POINTER_TTL_MS);
  if (pointerCache && now - pointerCache.readAt < ttl) return pointerCache.pointer;
  const text = await kvText(env.CONTENT, POINTER_KEY, kvTimeoutOf(env));
  const pointer = text === null ? null : (JSON.parse(text) as Pointer);
  pointerCache = { pointer, readAt: now };
  return pointer;
}

export function forgetCurrentPointer(): void {
  pointerCache = undefined;
}
