// Reading the store's state: the current pointer, the versions index, and one version's needed objects.
import {
  BUNDLE_SCHEMA,
  POINTER_KEY,
  VERSIONS_INDEX_KEY,
  objectKey,
  versionKey,
  type Pointer,
  type VersionRecord,
  type VersionsIndex,
} from '../../src/bundle/bundle.ts';
import type { ContentStore, Entry } from './store.ts';
import { isPartsList, joinedText, partsOf } from '../../src/bundle/object-parts.ts';
import { containersOf, versionObjects } from './reachability.ts';

export interface StoreState {
  pointer: Pointer | null;
  /** Recorded versions, oldest published first. */
  versions: VersionRecord[];
}

export const OBJECT_PREFIX = objectKey('');

/** Pointer and versions index in one round trip. */
export async function readState(store: ContentStore): Promise<StoreState> {
  const values = await store.getMany([POINTER_KEY, VERSIONS_INDEX_KEY]);
  const pointerText = values.get(POINTER_KEY);
  const indexText = values.get(VERSIONS_INDEX_KEY);
  return {
    pointer: pointerText == null ? null : parseJson<Pointer>(pointerText, POINTER_KEY),
    versions:
      indexText == null ? [] : parseJson<VersionsIndex>(indexText, VERSIONS_INDEX_KEY).versions,
  };
}

/** The record's own key plus the index with the record last (a republished version moves to the end). */
export function versionEntries(
  record: VersionRecord,
  versions: VersionRecord[],
): { entries: Entry[]; versions: VersionRecord[] } {
  const next = [...versions.filter((existing) => existing.version !== record.version), record];
  return {
    entries: [{ key: versionKey(record.version), value: JSON.stringify(record) }, indexEntry(next)],
    versions: next,
  };
}

export const indexEntry = (versions: VersionRecord[]): Entry => ({
  key: VERSIONS_INDEX_KEY,
  value: JSON.stringify({ schema: BUNDLE_SCHEMA, versions } satisfies VersionsIndex),
});

/** The pointer a record is served with: exactly the fields of Pointer. */
export function pointerOf(record: VersionRecord): Pointer {
  const { schema, version, manifest, commit, builtAt, documentCount, load, loadBy } = record;
  return {
    schema,
    version,
    manifest,
    commit,
    builtAt,
    documentCount,
    load,
    ...(loadBy ? { loadBy } : {}),
  };
}

/** Every object the given versions need, reading their manifests and extra lists, then their chunks and index heads. */
export async function neededObjects(
  store: ContentStore,
  records: VersionRecord[],
): Promise<Set<string>> {
  const texts = new Map<string, string | null>();
  const read = async (hashes: string[]) => {
    const keys = [...new Set(hashes)].filter((hash) => !texts.has(hash));
    const raw = keys.length
      ? await store.getMany(keys.map(objectKey))
      : new Map<string, string | null>();
    for (const hash of keys) texts.set(hash, raw.get(objectKey(hash)) ?? null);
    // An object stored in parts: read its parts too (versionObjects joins them).
    const parts = keys.flatMap((hash) => {
      const value = texts.get(hash);
      return value != null && isPartsList(value) ? partsOf(value) : [];
    });
    if (parts.length) await read(parts);
  };
  await read(
    records.flatMap((record) => [
      record.manifest,
      ...(record.extraObjects ? [record.extraObjects] : []),
    ]),
  );
  // A missing manifest is reported by versionObjects below, before anything is deleted. The chunk
  // lists come in the first round of containers, the chunks they name in the second.
  const joined = (hash: string): string | null | undefined => {
    const value = texts.get(hash);
    if (value == null || !isPartsList(value)) return value;
    try {
      return joinedText(value, (part) => texts.get(part));
    } catch {
      return null; // a missing part: versionObjects names it
    }
  };
  for (let round = 0; round < 2; round++)
    await read(
      records.flatMap((record) => {
        const manifest = joined(record.manifest);
        return manifest == null ? [] : containersOf(manifest, joined);
      }),
    );
  const needed = new Set<string>();
  for (const record of records) for (const hash of versionObjects(record, texts)) needed.add(hash);
  return needed;
}

/** Hashes of every object in the store, from one listing. */
export async function storedObjects(store: ContentStore): Promise<Set<string>> {
  return new Set((await store.list(OBJECT_PREFIX)).map((key) => key.slice(OBJECT_PREFIX.length)));
}

/** A version by full id or unambiguous prefix (at least 4 characters), like git. */
export function findVersion(versions: VersionRecord[], id: string): VersionRecord {
  const matches = versions.filter(
    (record) => record.version === id || (id.length >= 4 && record.version.startsWith(id)),
  );
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1)
    throw new Error(
      `version '${id}' is ambiguous: it matches ${matches.map((record) => record.version).join(', ')}`,
    );
  throw new Error(`no recorded version '${id}'; \`praxis versions\` lists them`);
}

function parseJson<T>(text: string, key: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(
      `the store's ${key} key is not valid JSON; it was not written by praxis publish`,
    );
  }
}
