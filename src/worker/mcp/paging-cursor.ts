// Opaque paging cursors (the search tools' `cursor`, resources/list's `cursor`). A cursor names where
// the next page starts and is bound to what it pages (the exact query, or the listing) and to the
// content version: a page of something else, or of content published since, would silently skip or
// repeat results, so such cursors are refused. Cursors are signed (HMAC-SHA-256, keyed by the full
// manifest hash of the version that issued them — never sent to clients), so one that was made up
// or edited, even to another offset, is refused too. The HMAC is WebCrypto's (native in workerd; the
// node:crypto one is a JavaScript layer that cost a fifth of a millisecond per search page), with
// each version's key imported once per isolate.
import { Buffer } from 'node:buffer';
import { timingSafeEqual } from 'node:crypto';

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
  const body = base64url(
    JSON.stringify({ v: scope.version, q: queryHash(scope.query), o: offset } satisfies CursorBody),
  );
  return `${body}.${(await tagOf(scope, body)).toString('base64url')}`;
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
  const given = Buffer.from(parts[2]!, 'base64url');
  const expected = await tagOf(scope, parts[1]!);
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
    const value: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
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
async function tagOf(scope: CursorScope, encodedBody: string): Promise<Buffer> {
  const mac = await crypto.subtle.sign(
    'HMAC',
    await keyOf(scope.manifest),
    encoder.encode(`${encodedBody}\n${scope.query}`),
  );
  return Buffer.from(mac, 0, TAG_BYTES);
}

const encoder = new TextEncoder();
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

const base64url = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');

/** A version id from an unverified cursor, as a message may show it. */
const printable = (text: string): string => text.slice(0, 40).replace(/[^A-Za-z0-9._-]/g, '?');

/** FNV-1a of the query text, as 8 hex digits: enough to tell queries apart, not a secret. */
function queryHash(query: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < query.length; i++) hash = Math.imul(hash ^ query.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}
