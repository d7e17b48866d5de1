// A loaded version's chunk lists — each kind's and the graph records' — each read at most once per
// isolate (from the bulk read that brought it when there was one, retried after a failure) and
// checked against the manifest's count: a list that does not add up is a damaged bundle, and no
// entry is read through it.
import type { Manifest, RecordChunkRef } from '../../bundle/bundle.ts';
import { chunkListOf, type ChunkList } from '../../bundle/chunk-list.ts';
import type { DocumentKind } from '../../bundle/kinds.ts';
import type { Stash } from './bulk-read.ts';
import { loadedOnce } from './loaded-once.ts';
import type { ParsedObject } from './parsed-objects.ts';

/** What a bulk read brought, once it is in (undefined: read each list on its own). */
export type PendingRead = Promise<Stash | undefined>;

export interface ChunkLists {
  /** The kind's chunk list (no chunks for a kind without documents). */
  ofKind(kind: DocumentKind, read?: PendingRead): Promise<ChunkList>;
  /** The graph records' chunk list (empty without records). */
  ofRecords(read?: PendingRead): Promise<RecordChunkRef[]>;
  /** The load of a kind's list, or the records' (`'records'`), if one has started. */
  started(list: DocumentKind | 'records'): Promise<unknown> | undefined;
}

export function chunkListsOf(manifest: Manifest, json: ParsedObject): ChunkLists {
  const loads = new Map<DocumentKind | 'records', Promise<unknown>>();
  /** The list `section` names, read once, parsed by `parse`, its entries checked against the manifest's count. */
  const listed = <List>(
    key: DocumentKind | 'records',
    section: { count: number; chunkList: string } | undefined,
    what: string,
    read: PendingRead,
    parse: (text: string) => List,
    entries: (list: List) => number,
    empty: List,
  ): Promise<List> => {
    if (!section?.count) return Promise.resolve(empty);
    return loadedOnce(loads, key, () =>
      read
        .then((stash) => json(section.chunkList, stash, parse))
        .then((list) =>
          counted(list, entries(list), section.count, `${what} ${section.chunkList}`),
        ),
    ) as Promise<List>;
  };
  return {
    ofKind: (kind, read = Promise.resolve(undefined)) =>
      listed(
        kind,
        manifest.kinds[kind],
        `the ${kind} chunk list`,
        read,
        chunkListOf,
        (list) => list.entries,
        NO_CHUNKS,
      ),
    ofRecords: (read = Promise.resolve(undefined)) =>
      listed(
        'records',
        manifest.records,
        "the graph records' chunk list",
        read,
        (text) => JSON.parse(text) as RecordChunkRef[],
        (chunks) => chunks.reduce((sum, chunk) => sum + chunk.count, 0),
        [],
      ),
    started: (list) => loads.get(list),
  };
}

/** The chunk list of a kind without documents. */
const NO_CHUNKS: ChunkList = chunkListOf('[]');

/** A chunk list whose entries add up to the manifest's count; anything else is a damaged bundle. */
function counted<List>(list: List, total: number, count: number, what: string): List {
  if (total !== count)
    throw new Error(
      `${what} counts ${total} entries where the manifest says ${count}: the bundle is damaged; republish it`,
    );
  return list;
}
