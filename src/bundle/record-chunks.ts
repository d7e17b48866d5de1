// How the graph's record entries are stored: chunks of a few hundred entries in id order, each its own
// object, a chunk list naming them, and the manifest's summary of them. Both builds write them
// through `recordsSectionOf`, one chunk at a time, so no build holds every record's entry as one
// string. Boundaries are content-defined (as document chunks are): adding a record changes the
// chunk it falls in, not every chunk after it.
import type { RecordAudience, RecordChunkRef, RecordsSection } from './bundle.ts';
import { startsChunk } from './document-chunks.ts';
import type { RecordEntry } from './sections.ts';

/** One id in this many starts a chunk: about 190 KiB of entries at the scale corpus's 380 bytes an entry. */
const AVERAGE_RECORDS = 512;
/** A run without a boundary is cut here. */
const MAX_RECORDS = 1024;

/**
 * The records section of entries given in id order, each chunk stored by `put` as soon as it is
 * complete and their list by `putList`; undefined for none.
 */
export function recordsSectionOf(
  entries: Iterable<RecordEntry>,
  put: (text: string) => string,
  putList: (text: string) => string = put,
): RecordsSection | undefined {
  const chunks: RecordChunkRef[] = [];
  const audiences = new Map<string, { access?: string[]; count: number; types: Set<string> }>();
  let current: RecordEntry[] = [];
  let count = 0;
  const store = () => {
    chunks.push({
      count: current.length,
      hash: put(JSON.stringify(current)),
      first: current[0]!.id,
    });
    current = [];
  };
  for (const entry of entries) {
    if (current.length && (current.length >= MAX_RECORDS || startsChunk(entry.id, AVERAGE_RECORDS)))
      store();
    current.push(entry);
    count += 1;
    // JSON, not a join: no group name can make two different lists share a key.
    const key = JSON.stringify(entry.access ?? null);
    const audience = audiences.get(key);
    if (audience) {
      audience.count += 1;
      audience.types.add(entry.type);
    } else
      audiences.set(key, {
        ...(entry.access ? { access: [...entry.access] } : {}),
        count: 1,
        types: new Set([entry.type]),
      });
  }
  if (current.length) store();
  if (!count) return undefined;
  return {
    count,
    chunkList: putList(JSON.stringify(chunks)),
    audiences: [...audiences.values()].map(({ types, ...audience }): RecordAudience => ({
      ...audience,
      types: [...types].sort(),
    })),
  };
}

/** The record types a caller who sees what `canSee` admits may see, sorted: from the manifest alone. */
export function visibleRecordTypes(
  section: RecordsSection | undefined,
  canSee: (entry: { access?: readonly string[] }) => boolean,
): string[] {
  const types = new Set<string>();
  for (const audience of section?.audiences ?? [])
    if (canSee(audience)) for (const type of audience.types) types.add(type);
  return [...types].sort();
}
