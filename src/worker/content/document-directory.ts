// One kind's documents as the Worker reads them: the names object answers names, titles and access
// by position; full entries come from the chunks that hold them, each loaded on demand and cached
// with the bundle — a get reads one chunk, a search page the chunks of its hits, only a list reads
// them all. A search needs no names object at all (its hits are positions, the chunks are named by
// the kind's chunk list), so the names object is read only by requests that look documents up by
// name.
import type { DocumentEntry, DocumentNames, KindSection } from '../../bundle/bundle.ts';
import type { ChunkList } from '../../bundle/chunk-list.ts';
import type { DocumentKind } from '../../bundle/kinds.ts';

/** What the names object knows about a document: enough to list names, check access and title a prompt. */
export interface DocumentRef {
  kind: DocumentKind;
  name: string;
  title: string;
  access?: string[];
}

export interface DocumentDirectory {
  /** Every document of the kind, in entry order (a search hit's `doc` is a position here). Needs the names object loaded. */
  readonly refs: DocumentRef[];
  /** Entry position of a name, if the kind has it. Needs the names object loaded. */
  positionOf(name: string): number | undefined;
  /** Full entries at these positions, in the order given. */
  entriesAt(positions: readonly number[]): Promise<DocumentEntry[]>;
  /** Every entry, in entry order: every chunk. */
  entries(): Promise<DocumentEntry[]>;
}

export const NO_NAMES: DocumentNames = { names: [], titles: [], access: {} };

/** Reads a section's names object and checks it against the manifest's count. */
export async function loadNames(
  kind: DocumentKind,
  section: KindSection | undefined,
  json: <T>(hash: string) => Promise<T>,
): Promise<DocumentNames> {
  if (!section || section.count === 0) return NO_NAMES;
  const names = await json<DocumentNames>(section.names);
  if (names.names.length !== section.count) {
    throw new Error(
      `the ${kind} names object ${section.names} lists ${names.names.length} documents where the manifest says ${section.count}: the bundle is damaged; republish it`,
    );
  }
  return names;
}

/**
 * A kind's directory. `names` returns the loaded names object, or throws when the request did not
 * ask for it (a programming error: the request's needs are declared before the server runs);
 * `chunkList` the kind's chunk list, read once.
 */
export function directoryOf(
  kind: DocumentKind,
  names: () => DocumentNames,
  chunkList: () => Promise<ChunkList>,
  json: <T>(hash: string) => Promise<T>,
): DocumentDirectory {
  let refs: DocumentRef[] | undefined;
  let positions: Map<string, number> | undefined;
  return {
    get refs() {
      refs ??= refsOf(kind, names());
      return refs;
    },
    positionOf(name) {
      positions ??= new Map(names().names.map((known, position) => [known, position]));
      return positions.get(name);
    },
    async entriesAt(wanted) {
      if (wanted.length === 0) return [];
      const chunks = await chunkList();
      const indexes = wanted.map((position) => chunks.chunkAt(position));
      const loaded = new Map(
        await Promise.all(
          [...new Set(indexes)].map(async (index) => {
            const position = wanted[indexes.indexOf(index)] as number;
            if (!(position >= 0 && position < chunks.entries))
              throw new Error(
                `${kind} entry ${position} is past its chunk list: the bundle is damaged; republish it`,
              );
            return [index, await json<DocumentEntry[]>(chunks.hashAt(index))] as const;
          }),
        ),
      );
      return wanted.map((position, i) =>
        entryIn(
          loaded.get(indexes[i] as number)!,
          position - chunks.startOf(indexes[i] as number),
          kind,
          position,
        ),
      );
    },
    async entries() {
      const chunks = await chunkList();
      return (
        await Promise.all(
          Array.from({ length: chunks.chunks }, (_, chunk) =>
            json<DocumentEntry[]>(chunks.hashAt(chunk)),
          ),
        )
      ).flat();
    },
  };
}

function refsOf(kind: DocumentKind, names: DocumentNames): DocumentRef[] {
  return names.names.map((name, position) => {
    const access = names.access[position];
    return { kind, name, title: names.titles[position] as string, ...(access ? { access } : {}) };
  });
}

function entryIn(
  chunk: DocumentEntry[],
  offset: number,
  kind: DocumentKind,
  position: number,
): DocumentEntry {
  const entry = chunk[offset];
  if (!entry)
    throw new Error(
      `${kind} entry ${position} is missing from its chunk: the bundle is damaged; republish it`,
    );
  return entry;
}
