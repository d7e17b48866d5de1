// A loaded version's chunk lists — each kind's and the graph records' — each read at most once per
// isolate (from the bulk read that brought it when there was one, retried after a failure) and
// checked against the manifest's count: a list that does not add up is a damaged bundle, and no
// entry is read through it.
import type { ChunkRef, Manifest, RecordChunkRef } from '../../bundle/bundle.ts';
import type { DocumentKind } from '../../bundle/kinds.ts';
import type { Stash } from './bulk-read.ts';
import { loadedOnce } from './loaded-once.ts';
import type { ParsedObject } from './parsed-objects.ts';

/** What a bulk read brought, once it is in (undefined: read each list on its own). */
export type PendingRead = Promise<Stash | undefined>;

export interface ChunkLists {
  /** The kind's chunk list (empty for a kind without documents). */
  ofKind(kind: DocumentKind, read?: PendingRead): Promise<ChunkRef[]>;
  /** The graph records' chunk list (empty without records). */
  ofRecords(read?: PendingRead): Promise<RecordChunkRef[]>;
  /** The load of a kind's list, or the records' (`'records'`), if one has started. */
  started(list: DocumentKind | 'records'): Promise<unknown> | undefined;
}

export function chunkListsOf(manifest: Manifest, json: ParsedObject): ChunkLists {
  const loads = new Map<DocumentKind | 'records', Promise<ChunkRef[]>>();
  const listed = <Ref extends ChunkRef>(
    key: DocumentKind | 'records',
    section: { count: number; chunkList: string } | undefined,
    what: string,
    read: PendingRead,
  ): Promise<Ref[]> => {
    if (!section?.count) return Promise.resolve([]);
    return loadedOnce(loads, key, () =>
      read
        .then((stash) => json<Ref[]>(section.chunkList, stash))
        .then((chunks) => counted(chunks, section.count, `${what} ${section.chunkList}`)),
    ) as Promise<Ref[]>;
  };
  return {
    ofKind: (kind, read = Promise.resolve(undefined)) =>
      listed(kind, manifest.kinds[kind], `the ${kind} chunk list`, read),
    ofRecords: (read = Promise.resolve(undefined)) =>
      listed('records', manifest.records, "the graph records' chunk list", read),
    started: (list) => loads.get(list),
  };
}

/** A chunk list whose counts add up to the manifest's; anything else is a damaged bundle. */
function counted<Ref extends ChunkRef>(chunks: Ref[], count: number, what: string): Ref[] {
  const total = chunks.reduce((sum, chunk) => sum + chunk.count, 0);
  if (total !== count)
    throw new Error(
      `${what} counts ${total} entries where the manifest says ${count}: the bundle is damaged; republish it`,
    );
  return chunks;
}
