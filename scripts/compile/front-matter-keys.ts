// The front matter keys each content kind reads, in one table. A key no parser reads is a build
// error, not a silent no-op: a misspelt `acess:` or a capitalised `Access:` would otherwise publish
// a document its author meant to restrict. The parsers' getters are typed by this table, so a key a
// parser reads cannot be missing from it.
import {
  DOCUMENT_FRONT_MATTER_KEYS,
  documentKinds,
  type DocumentKind,
} from '../../src/bundle/kinds.ts';
import type { BuildError } from './errors.ts';

/** Every document kind reads the same keys (kinds.ts). */
const documentKeys = Object.fromEntries(
  documentKinds.map((kind) => [kind, DOCUMENT_FRONT_MATTER_KEYS]),
) as Record<DocumentKind, typeof DOCUMENT_FRONT_MATTER_KEYS>;

export const FRONT_MATTER_KEYS = {
  ...documentKeys,
  // A record is addressed by `id`; `name` is its human name, the title's last fallback (as for
  // processes: title, else the first heading, else name).
  graph: ['id', 'type', 'name', 'title', 'description', 'tags', 'links', 'access'],
  wiki: ['title', 'description', 'access'],
  frameworks: ['title', 'description', 'access'],
  context: ['title', 'updated', 'access'],
  prompts: ['name', 'title', 'description', 'arguments', 'embed', 'access'],
  /** The keys of one item of a prompt's `arguments` list. */
  'prompt arguments': ['name', 'description', 'required', 'complete', 'values'],
} as const satisfies Record<string, readonly string[]>;

export type FrontMatterKind = keyof typeof FRONT_MATTER_KEYS;
export type KnownKey<Kind extends FrontMatterKind> = (typeof FRONT_MATTER_KEYS)[Kind][number];

/** One error per key that `kind` does not know, at the key's line, naming the nearest known key. */
export function unknownKeyErrors(
  kind: FrontMatterKind,
  keyLines: ReadonlyMap<string, number>,
  file: string,
): BuildError[] {
  const known: readonly string[] = FRONT_MATTER_KEYS[kind];
  const errors: BuildError[] = [];
  for (const [key, line] of keyLines) {
    if (known.includes(key)) continue;
    const nearest = nearestKey(key, known);
    const hint =
      nearest === undefined
        ? ''
        : key.toLowerCase() === nearest
          ? ` (did you mean '${nearest}'? keys are lowercase)`
          : ` (did you mean '${nearest}'?)`;
    errors.push({
      file,
      line,
      message: `unknown front matter key '${printable(key)}'${hint}: ${kind} know ${known.join(', ')}`,
    });
  }
  return errors;
}

/** The known key closest to `key` by edit distance, if it is close enough to be a slip of the keyboard. */
export function nearestKey(key: string, known: readonly string[]): string | undefined {
  const typed = key.toLowerCase();
  let best: { key: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(typed, candidate);
    if (!best || distance < best.distance) best = { key: candidate, distance };
  }
  return best && best.distance <= Math.max(1, Math.min(2, Math.floor(best.key.length / 3)))
    ? best.key
    : undefined;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3) return Math.abs(a.length - b.length);
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [
    i,
    ...Array<number>(b.length).fill(0),
  ]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = value;
    }
  }
  return rows[a.length]![b.length]!;
}

/** A key as an error message can show it: one line, bounded. */
const printable = (key: string): string =>
  (key.length > 60 ? `${key.slice(0, 60)}…` : key).replace(/[\u0000-\u001F\u007F]/g, '?');
