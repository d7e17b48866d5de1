// Compiled documents → a content-addressed bundle: objects keyed by SHA-256, a manifest, a pointer.
import { createHash } from 'node:crypto';
import {
  BUNDLE_SCHEMA,
  type ChunkRef,
  type DocumentEntry,
  type KindSection,
  type LoadLists,
  type Manifest,
  type Pointer,
} from '../../src/bundle/bundle.ts';
import { chunkListText } from '../../src/bundle/chunk-list.ts';
import { audiencesOf, chunkEntries, namesOf } from '../../src/bundle/document-chunks.ts';
import { documentKinds } from '../../src/bundle/kinds.ts';
import {
  isPartsList,
  joinedText,
  partsListOf,
  partsOf,
  PART_CHARS,
  splitText,
} from '../../src/bundle/object-parts.ts';
import { buildSearchIndex, storeSearchIndex } from '../../src/bundle/search/index.ts';
import { shardListsOf } from '../../src/bundle/search/shard-list.ts';
import { codeUnitOrder } from './folder-walk.ts';
import type { CompiledDocument, KeptDocument } from './parse-document.ts';
import { assembleKnowledge } from './knowledge/assemble.ts';
import type { CompiledKnowledge } from './knowledge/compile.ts';

export interface Bundle {
  pointer: Pointer;
  /** hash → exact stored value: the object's text, or for a large object the list of its parts (`object-parts.ts`). */
  objects: Map<string, string>;
}

/** An object's whole text, joining its parts when it was stored in parts. */
export function objectText(objects: ReadonlyMap<string, string>, hash: string): string | undefined {
  const stored = objects.get(hash);
  return stored === undefined ? undefined : joinedText(stored, (part) => objects.get(part));
}

export interface Provenance {
  commit: string | null;
  /** Built from a content folder with uncommitted changes. */
  dirty?: boolean;
  builtAt: string;
}

export interface AssembleOptions {
  /** Characters above which an object is stored in parts (default PART_CHARS); tests make it small to exercise parts everywhere. */
  partChars?: number;
}

export function assembleBundle(
  documents: CompiledDocument[],
  provenance: Provenance,
  knowledge?: CompiledKnowledge,
  options: AssembleOptions = {},
): Bundle {
  const partChars = options.partChars ?? PART_CHARS;
  const objects = new Map<string, string>();
  const put = (text: string): string => {
    // Unreachable from content (documents with control characters are refused), but a value that
    // read as a parts list would make readers fetch other objects in its place.
    if (isPartsList(text))
      throw new Error('refusing to store an object that starts with the parts-list marker');
    const hash = sha256(text);
    if (text.length <= partChars) objects.set(hash, text);
    else
      objects.set(
        hash,
        partsListOf(
          splitText(text, partChars).map((part) => {
            const partHash = sha256(part);
            objects.set(partHash, part);
            return partHash;
          }),
        ),
      );
    return hash;
  };
  const kinds = {} as Manifest['kinds'];
  for (const kind of documentKinds) {
    const ofKind = documents
      .filter((document) => document.kind === kind)
      .sort((a, b) => codeUnitOrder(a.name, b.name));
    kinds[kind] = kindSection(kind, ofKind, put);
  }
  const assembled = knowledge ? assembleKnowledge(knowledge, put) : undefined;
  const manifest: Manifest = {
    schema: BUNDLE_SCHEMA,
    kinds,
    ...(assembled?.records ? { records: assembled.records } : {}),
    ...(assembled ? { knowledge: put(JSON.stringify(assembled.sections)) } : {}),
  };
  const manifestHash = put(JSON.stringify(manifest));
  const withParts = (hash: string): string[] => {
    const stored = objects.get(hash) as string;
    return isPartsList(stored) ? [hash, ...partsOf(stored)] : [hash];
  };
  const pointer = pointerOf(manifestHash, manifest, {
    withParts,
    headText: (hash) => objectText(objects, hash) as string,
    provenance,
    documentCount: documents.length,
  });
  return { pointer, objects };
}

/** The pointer to a version whose manifest is stored under `manifestHash`. */
export function pointerOf(
  manifestHash: string,
  manifest: Manifest,
  from: {
    /** The hash and, for an object stored in parts, its parts. */
    withParts: (hash: string) => string[];
    /** An index head's whole text. */
    headText: (hash: string) => string;
    provenance: Provenance;
    documentCount: number;
  },
): Pointer {
  const { provenance } = from;
  return {
    schema: BUNDLE_SCHEMA,
    version: manifestHash.slice(0, 12),
    manifest: manifestHash,
    ...loadListsOf(manifestHash, manifest, from.withParts),
    shards: shardListsOf(manifest, from.headText),
    commit: provenance.commit,
    ...(provenance.dirty ? { dirty: true as const } : {}),
    builtAt: provenance.builtAt,
    documentCount: from.documentCount,
  };
}

/** A document's entry in its kind's chunks, its body stored under `body`. */
export function entryOf(kind: string, document: KeptDocument, body: string): DocumentEntry {
  return {
    name: document.name,
    title: document.title,
    description: document.description,
    path: `${kind}/${document.path}`,
    body,
    ...(document.access ? { access: document.access } : {}),
    ...(document.flags?.length ? { flags: document.flags } : {}),
    ...(document.owner ? { owner: document.owner } : {}),
    ...(document.reviewed ? { reviewed: document.reviewed } : {}),
    ...(document.reviewDays ? { reviewDays: document.reviewDays } : {}),
    ...(document.lastChanged ? { lastChanged: document.lastChanged } : {}),
  };
}

/** A kind's manifest section from its entries (in name order) and its stored index head. */
export function sectionOf(
  entries: readonly DocumentEntry[],
  index: string,
  put: (text: string) => string,
): KindSection {
  return {
    count: entries.length,
    names: put(JSON.stringify(namesOf(entries))),
    chunkList: put(
      chunkListText(
        chunkEntries(entries).map((chunk): ChunkRef => ({
          count: chunk.length,
          hash: put(JSON.stringify(chunk)),
        })),
      ),
    ),
    index,
    audiences: audiencesOf(entries),
  };
}

function kindSection(
  kind: string,
  documents: CompiledDocument[],
  put: (text: string) => string,
): KindSection {
  const entries: DocumentEntry[] = documents.map((document) =>
    entryOf(kind, document, put(document.content)),
  );
  const index = buildSearchIndex(
    documents.map(({ name, title, description, content, access }) => ({
      name,
      title,
      description,
      body: content,
      ...(access ? { access } : {}),
    })),
  );
  return sectionOf(entries, storeSearchIndex(index, put), put);
}

/**
 * What an isolate reads to load the version, parts included: the manifest, every kind's names,
 * index head and chunk list, the knowledge sections, the graph records' chunk list. Named in the pointer, so one bulk read after the pointer
 * fetches what a request needs instead of a chain manifest → names → parts; sorted by what needs
 * it (`loadBy`), so a search reads neither the knowledge sections nor the names objects.
 */
function loadListsOf(
  manifestHash: string,
  manifest: Manifest,
  withParts: (hash: string) => string[],
): { load: string[]; loadBy: LoadLists } {
  const counted = documentKinds.filter((kind) => manifest.kinds[kind].count);
  const loadBy: LoadLists = {
    manifest: withParts(manifestHash),
    knowledge: manifest.knowledge ? withParts(manifest.knowledge) : [],
    names: Object.fromEntries(counted.map((kind) => [kind, withParts(manifest.kinds[kind].names)])),
    index: Object.fromEntries(counted.map((kind) => [kind, withParts(manifest.kinds[kind].index)])),
    chunkList: Object.fromEntries(
      counted.map((kind) => [kind, withParts(manifest.kinds[kind].chunkList)]),
    ),
    recordChunkList: manifest.records ? withParts(manifest.records.chunkList) : [],
  };
  const load = [
    ...loadBy.manifest,
    ...counted.flatMap((kind) => [
      ...loadBy.names[kind]!,
      ...loadBy.index[kind]!,
      ...loadBy.chunkList[kind]!,
    ]),
    ...loadBy.knowledge,
    ...loadBy.recordChunkList,
  ];
  return { load, loadBy };
}

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
