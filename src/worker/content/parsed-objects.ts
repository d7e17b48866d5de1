// Objects of one version (index heads, term shards, chunks, the knowledge sections), parsed once
// and kept parsed, weighed by their text's length: without a bound, an isolate answering varied
// queries over 100 000 documents would end up holding the whole index.
import { takeFrom, type Stash } from './bulk-read.ts';
import { LruCache } from './lru-cache.ts';
import type { ObjectReader } from './objects.ts';

/** Characters of JSON text behind the objects one bundle keeps parsed (two bundles may be kept). */
const PARSED_OBJECT_CHARS = 12 * 1024 * 1024;

/**
 * An object parsed (by `parse`, JSON's unless given; an object's parse is always the same, as its
 * text is): from `from` when it is a bulk read's stash that brought it; else read — joined to the
 * reads asked for in the same turn, or with `from` 'alone' in a single read of its own (term
 * shards: see kv-read.ts).
 */
export type ParsedObject = <T>(
  hash: string,
  from?: Stash | 'alone',
  parse?: (text: string) => T,
) => Promise<T>;

export function parsedObjectsOf(objects: ObjectReader): ParsedObject {
  const parsedObjects = new LruCache<string, Promise<unknown>>(PARSED_OBJECT_CHARS);
  return function json<T>(
    hash: string,
    from?: Stash | 'alone',
    parse: (text: string) => T = JSON.parse,
  ): Promise<T> {
    let parsed = parsedObjects.get(hash);
    if (!parsed) {
      const early = typeof from === 'object' ? takeFrom(from, hash) : undefined;
      // Objects kept parsed are not cached as text too.
      const text =
        early === undefined
          ? objects.text(hash, { cacheText: false, alone: from === 'alone' })
          : Promise.resolve(early);
      const reading = text.then((raw) => parse(raw) as unknown);
      parsed = reading;
      // Weighed once its text is in; a failed read is forgotten, so the next request tries again.
      parsedObjects.set(hash, reading, 0);
      const current = () => parsedObjects.get(hash) === reading;
      text.then(
        (raw) => current() && parsedObjects.set(hash, reading, raw.length),
        () => undefined,
      );
      reading.catch(() => current() && parsedObjects.delete(hash));
    }
    return parsed as Promise<T>;
  };
}
