// The `access` front matter field, read the same way for every kind. It fails closed: a present but
// empty field (`access:`, `access: ~`, `access: []`) is an error, never "no restriction", because an
// author who wrote the key meant to restrict the document.
import type { BuildError } from './errors.ts';

export type AccessRead = { ok: true; access?: string[] } | { ok: false; error: BuildError };

/** The groups of `access`, absent when the key is absent, or an error at the key's line. */
export function readAccess(
  data: Record<string, unknown>,
  keyLines: ReadonlyMap<string, number>,
  file: string,
): AccessRead {
  if (!keyLines.has('access') && !Object.hasOwn(data, 'access')) return { ok: true };
  const line = keyLines.get('access') ?? 1;
  const value = data.access;
  if (
    value === undefined ||
    value === null ||
    (Array.isArray(value) && value.length === 0) ||
    (typeof value === 'string' && !value.trim())
  ) {
    return {
      ok: false,
      error: {
        file,
        line,
        message:
          "'access' is empty: list the groups that may read this document (access: [team-a]), or delete the line to publish it to every caller",
      },
    };
  }
  const items = Array.isArray(value) ? value : [value];
  if (!items.every((item) => typeof item === 'string' && item.trim())) {
    return {
      ok: false,
      error: { file, line, message: "'access' must be a list of non-empty group names" },
    };
  }
  return { ok: true, access: items.map((item: string) => item.trim()) };
}
