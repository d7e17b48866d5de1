// Opaque paging cursors (the search tools' `cursor`, resources/list's `cursor`). A cursor names where
// the next page starts and is bound to what it pages (the exact query, or the listing) and to the
// content version: a page of something else, or of content published since, would silently skip or
// repeat results, so such cursors are refused. Cursors are signed (HMAC-SHA-256, keyed by the full
// manifest hash of the version that issued them — never sent to clients), so one that was made up
// or edited, even to another offset, is refused too. The HMAC is WebCrypto's (native in workerd; the
// node:crypto one is a JavaScript layer that cost a fifth of a millisecond per search page), with
// each version's key imported once per isolate. Base64url is jose's (the web platform's base64 in
// workerd): node:buffer's is a JavaScript layer whose first use cost a new isolate's first search
// about half a millisecond.
import { timingSafeEqual } from 'node:crypto';
import { base64url } from 'jose';

export interface CursorScope {
  /** What is paged: the query text, or the name of a listing. */
  query: string;
  /** Content version (the pointer's `version`). */
  version: string;
  /** The version's full manifest hash: the signing key's source. */
  manifest: string;
}

interface CursorBody {
  /** Content version. */
  v: string;
  /** Hash of the exact query text: tells "another query" apart from "made up". */
  q: string;
  /** Offset of the next page's first result. */
  o: number;
}

export type CursorCheck = { ok: true; offset: number } | { ok: false; message: string };

const MAX_CURSOR_CHARS = 512;
const TAG_BYTES = 16;

export async function encodeCursor(scope: CursorScope, offset: number): Promise<string> {
  const body = base64url.encode(
    JSON.stringify({ v: scope.version, q: queryHash(scope.query), o: offset } satisfies CursorBody),
  );
  return `${body}.${base64url.encode(await tagOf(scope, body))}`;
}

/** The offset a cursor stands for, or why it cannot be used with this query and version. */
export async function decodeCursor(
  cursor: unknown,
  scope: CursorScope,
  maxOffset: number,
): Promise<CursorCheck> {
  const notIssued = {
    ok: false as const,
    message:
      'Invalid cursor: it is not one this server issued. Pass the cursor of a previous page unchanged, or omit it for the first page.',
  };
  const parts =
    typeof cursor === 'string' && cursor.length <= MAX_CURSOR_CHARS
      ? /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(cursor)
      : null;
  const body = parts ? parseBody(parts[1]!) : null;
  if (!parts || body === null) return notIssued;
  if (body.v !== scope.version) {
    return {
      ok: false,
      message: `Expired cursor: it was issued for content version ${printable(body.v)}, and version ${scope.version} is now published. Start again without a cursor.`,
    };
  }
  if (body.q !== queryHash(scope.query)) {
    return {
      ok: false,
      message:
        'Invalid cursor: it was issued for a different query. Repeat the exact query the cursor came with, or omit the cursor to start this query from its first page.',
    };
  }
  const given = bytesOf(parts[2]!);
  const expected = await tagOf(scope, parts[1]!);
  if (given === null) return notIssued;
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return notIssued;
  if (body.o >= maxOffset)
    return {
      ok: false,
      message: `Invalid cursor: it points past the last page (at most ${maxOffset} results are paged). Omit the cursor to start over.`,
    };
  return { ok: true, offset: body.o };
}

function parseBody(encoded: string): CursorBody | null {
  try {
    const value: unknown = JSON.parse(decoder.decode(base64url.decode(encoded)));
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
    const { v, q, o } = value as Record<string, unknown>;
    if (
      typeof v !== 'string' ||
      typeof q !== 'string' ||
      typeof o !== 'number' ||
      !Number.isSafeInteger(o) ||
      o < 1
    )
      return null;
    return { v, q, o };
  } catch {
    return null;
  }
}

/** HMAC of the encoded body and the exact query, keyed per content version. */
async function tagOf(scope: CursorScope, encodedBody: string): Promise<Uint8Array> {
  const mac = await crypto.subtle.sign(
    'HMAC',
    await keyOf(scope.manifest),
    encoder.encode(`${encodedBody}\n${scope.query}`),
  );
  return new Uint8Array(mac, 0, TAG_BYTES);
}

/** A cursor's tag as bytes, or null when it is not base64url (then no cursor of ours). */
function bytesOf(tag: string): Uint8Array | null {
  try {
    return base64url.decode(tag);
  } catch {
    return null;
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
/** Signing keys of the versions this isolate serves (at most two are kept loaded; a few more is plenty). */
const MAX_KEYS = 4;
const keys = new Map<string, Promise<CryptoKey>>();

function keyOf(manifest: string): Promise<CryptoKey> {
  let key = keys.get(manifest);
  if (!key) {
    if (keys.size >= MAX_KEYS) keys.delete(keys.keys().next().value!);
    key = crypto.subtle.importKey(
      'raw',
      encoder.encode(`praxis paging cursor\n${manifest}`),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    keys.set(manifest, key);
    key.catch(() => keys.delete(manifest));
  }
  return key;
}

/** A version id from an unverified cursor, as a message may show it. */
const printable = (text: string): string => text.slice(0, 40).replace(/[^A-Za-z0-9._-]/g, '?');

/** FNV-1a of the query text, as 8 hex digits: enough to tell queries apart, not a secret. */
function queryHash(query: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < query.length; i++) hash = Math.imul(hash ^ query.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}
