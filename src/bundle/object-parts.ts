// Objects that grow with the corpus (a kind's names, the knowledge sections, the graph's indexes)
// are stored in parts once they pass PART_CHARS: the object keeps its key (the hash of its whole
// text) but holds only the list of its parts, each an ordinary content-addressed object. No stored
// value then comes near KV's 25 MiB limit, however large the corpus, and a reader joins the parts
// it fetched in one bulk read. Build, publisher and Worker share this file.
//
// A parts list starts with a NUL character: JSON text never holds a raw NUL, and the build refuses
// documents with control characters, so no other object can be mistaken for a parts list (the
// build also refuses to store one that starts with the marker).

/** Characters per part: at most 3 MiB of UTF-8, far below KV's value limit and the build's target. */
export const PART_CHARS = 1024 * 1024;
const MARKER = '\u0000praxis-parts/1\n';

/** True when a stored value is a parts list rather than an object's text. */
export const isPartsList = (stored: string): boolean => stored.startsWith(MARKER);

/** The part hashes a parts list names, in order. */
export function partsOf(stored: string): string[] {
  const parts = JSON.parse(stored.slice(MARKER.length)) as unknown;
  if (
    !Array.isArray(parts) ||
    !parts.every((part) => typeof part === 'string' && /^[0-9a-f]{64}$/.test(part))
  ) {
    throw new Error('a stored parts list is damaged: republish the bundle');
  }
  return parts as string[];
}

export const partsListOf = (parts: readonly string[]): string =>
  `${MARKER}${JSON.stringify(parts)}`;

/** `text` cut into pieces of at most PART_CHARS characters, never between the two halves of a surrogate pair. */
export function splitText(text: string, partChars = PART_CHARS): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + partChars, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

/**
 * The text of an object given its stored value and a way to fetch stored values (synchronous over a
 * map or a prefetched batch). Missing parts make it throw naming the part.
 */
export function joinedText(
  stored: string,
  storedValue: (hash: string) => string | null | undefined,
): string {
  if (!isPartsList(stored)) return stored;
  return partsOf(stored)
    .map((part) => {
      const value = storedValue(part);
      if (value == null)
        throw new Error(
          `part ${part} of a stored object is missing: the bundle was published incompletely or garbage-collected too early`,
        );
      return value;
    })
    .join('');
}
