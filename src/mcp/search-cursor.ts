// Opaque paging cursors for the search tools. A cursor names where the next page starts, and is
// bound to the query and the content version it was issued for: a page of a different query, or of
// content published since, would silently skip or repeat results, so such cursors are refused.

export interface CursorScope {
  query: string;
  version: string;
}

interface CursorBody {
  /** Content version. */
  v: string;
  /** Hash of the exact query text. */
  q: string;
  /** Offset of the next page's first result. */
  o: number;
}

export type CursorCheck = { ok: true; offset: number } | { ok: false; message: string };

export function encodeCursor(scope: CursorScope, offset: number): string {
  const body: CursorBody = { v: scope.version, q: queryHash(scope.query), o: offset };
  return btoa(JSON.stringify(body)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The offset a cursor stands for, or why it cannot be used with this query and version. */
export function decodeCursor(cursor: string, scope: CursorScope, maxOffset: number): CursorCheck {
  const body = parseBody(cursor);
  if (body === null) {
    return { ok: false, message: "Invalid cursor: it is not one this server issued. Pass 'next_cursor' from a previous result unchanged, or omit 'cursor' for the first page." };
  }
  if (body.q !== queryHash(scope.query)) {
    return { ok: false, message: "Invalid cursor: it was issued for a different query. Repeat the exact query the cursor came with, or omit 'cursor' to start this query from its first page." };
  }
  if (body.v !== scope.version) {
    return { ok: false, message: `Expired cursor: it was issued for content version ${body.v}, and version ${scope.version} is now published. Search again without 'cursor'.` };
  }
  if (body.o >= maxOffset) return { ok: false, message: `Invalid cursor: it points past the last page (at most ${maxOffset} results are paged). Omit 'cursor' to start over.` };
  return { ok: true, offset: body.o };
}

function parseBody(cursor: string): CursorBody | null {
  if (!/^[A-Za-z0-9_-]{1,512}$/.test(cursor)) return null;
  try {
    const value = JSON.parse(atob(cursor.replace(/-/g, '+').replace(/_/g, '/'))) as Partial<CursorBody> | null;
    if (typeof value?.v !== 'string' || typeof value.q !== 'string' || !Number.isSafeInteger(value.o) || (value.o as number) < 1) return null;
    return value as CursorBody;
  } catch {
    return null;
  }
}

/** FNV-1a of the query text, as 8 hex digits: enough to tell queries apart, not a secret. */
function queryHash(query: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < query.length; i++) hash = Math.imul(hash ^ query.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}
