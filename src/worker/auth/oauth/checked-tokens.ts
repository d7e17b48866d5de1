// The access tokens this isolate has already checked, so that the next request with the same token
// costs one KV read and no cryptography (the library derives a key from the token and decrypts the
// grant's props on every check).
//
// The library decides a token from the token itself, its record in OAUTH_KV, the clock and the
// resource. Records are written once and only ever deleted (revocation, expiry, a refused refresh).
// So a remembered check is reused only while the record, still read on every request, comes back
// exactly as it was, the token's lifetime has not passed, and the configuration (hence the resource)
// is the same object: a revoked token is refused on the very next request, as without the memo.
// A check during which the library read anything but one record is not remembered.
import { LruCache } from '../../content/lru-cache.ts';
import type { OAuthModeConfig } from './config.ts';

/** What a check read from OAUTH_KV: its key and the record as stored (null: there was none). */
export interface RecordRead {
  key: string;
  text: string | null;
}

export interface CheckedToken<T> {
  /** The one record the check read, as stored. */
  read: RecordRead & { text: string };
  /** Epoch seconds; the library accepts the token up to and including this second. */
  expiresAt: number;
  checked: T;
}

/** Tokens per configuration; each entry is a record of about a kilobyte and a principal. */
const MAX_REMEMBERED = 2000;
const memos = new WeakMap<OAuthModeConfig, LruCache<string, CheckedToken<unknown>>>();

function memoOf<T>(config: OAuthModeConfig): LruCache<string, CheckedToken<T>> {
  let memo = memos.get(config);
  if (!memo) memos.set(config, (memo = new LruCache(MAX_REMEMBERED)));
  return memo as LruCache<string, CheckedToken<T>>;
}

/**
 * `check` runs the library's own check through the KV binding it is given; its result is reused
 * for this token while the record stays the same. The memo is keyed by the token's SHA-256, so the
 * isolate keeps no bearer token.
 */
export async function checkedToken<T>(
  token: string,
  config: OAuthModeConfig,
  kv: KVNamespace,
  check: (kv: KVNamespace) => Promise<{ checked: T; expiresAt: number } | null>,
): Promise<T | null> {
  const id = await sha256Hex(token);
  const memo = memoOf<T>(config);
  const remembered = memo.get(id);
  let alreadyRead: RecordRead | undefined;
  if (remembered) {
    const text = await kv.get(remembered.read.key, 'text');
    if (text === remembered.read.text && Math.floor(Date.now() / 1000) <= remembered.expiresAt)
      return remembered.checked;
    memo.delete(id);
    if (text === null) return null;
    alreadyRead = { key: remembered.read.key, text };
  }
  const { binding, seen } = recordingKv(kv, alreadyRead);
  const outcome = await check(binding);
  const [read] = seen.reads;
  if (outcome && seen.reads.length === 1 && !seen.otherUse && read!.text !== null) {
    memo.set(
      id,
      {
        read: { key: read!.key, text: read!.text },
        expiresAt: outcome.expiresAt,
        checked: outcome.checked,
      },
      1,
    );
  }
  return outcome ? outcome.checked : null;
}

/**
 * OAUTH_KV as the library sees it during a check, writing down each record it reads (text or JSON,
 * the forms the library uses); any other use is passed through and marks the check as not to be
 * remembered. `alreadyRead` answers the first read of its key without asking KV again.
 */
function recordingKv(
  kv: KVNamespace,
  alreadyRead: RecordRead | undefined,
): { binding: KVNamespace; seen: { reads: RecordRead[]; otherUse: boolean } } {
  const recording = { reads: [] as RecordRead[], otherUse: false };
  const binding: Partial<KVNamespace> = {
    get: (async (key: unknown, options?: unknown) => {
      const type =
        typeof options === 'string'
          ? options
          : ((options as { type?: string } | undefined)?.type ?? 'text');
      if (typeof key !== 'string' || (type !== 'text' && type !== 'json')) {
        recording.otherUse = true;
        return kv.get(key as string, options as never);
      }
      let text: string | null;
      if (alreadyRead?.key === key) {
        text = alreadyRead.text;
        alreadyRead = undefined;
      } else {
        text = await kv.get(key, 'text');
      }
      recording.reads.push({ key, text });
      return type === 'json' && text !== null ? JSON.parse(text) : text;
    }) as KVNamespace['get'],
    getWithMetadata: ((...args: Parameters<KVNamespace['getWithMetadata']>) => (
      (recording.otherUse = true),
      kv.getWithMetadata(...args)
    )) as KVNamespace['getWithMetadata'],
    list: ((...args: Parameters<KVNamespace['list']>) => (
      (recording.otherUse = true),
      kv.list(...args)
    )) as KVNamespace['list'],
    put: ((...args: Parameters<KVNamespace['put']>) => (
      (recording.otherUse = true),
      kv.put(...args)
    )) as KVNamespace['put'],
    delete: ((...args: Parameters<KVNamespace['delete']>) => (
      (recording.otherUse = true),
      kv.delete(...args)
    )) as KVNamespace['delete'],
  };
  return { binding: binding as KVNamespace, seen: recording };
}

async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)),
  );
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
