// Which objects a version needs. Generic on purpose: every 64-hex value in the manifest counts as a
// reference, so sections added by new content kinds are covered without touching this file; so does
// every 64-hex value in the objects that name the rest as containers — the chunk lists (which name
// the chunks), the chunks (which name the bodies), the search index heads (which name the shards)
// and the knowledge object: listing those in `extraObjects` would make that list as long as the
// corpus and change on every edit. Other objects the manifest does not name (a knowledge section's
// index shards, say) are listed in the version record's `extraObjects` object at publish time.
import { knowledgeHashOf, type Manifest, type VersionRecord } from '../../src/bundle/bundle.ts';
import { packedChunkHashes } from '../../src/bundle/chunk-list.ts';
import { chunkHashesOf, chunkListHashesOf } from '../../src/bundle/document-chunks.ts';
import { isPartsList, joinedText } from '../../src/bundle/object-parts.ts';
import { objectText, type Bundle } from '../compile/assemble.ts';

const HASH = /\b[0-9a-f]{64}\b/g;

/**
 * Every SHA-256-looking value in a text, and every hash a chunk list stored as text packs (its
 * hashes are bytes, not hex); a false positive only keeps an object alive.
 */
export const hashesIn = (text: string): Set<string> =>
  new Set([...(text.match(HASH) ?? []), ...packedChunkHashes(text)]);

/** Objects of a freshly built bundle that its manifest does not name (kept alive through the version record). */
export function unnamedObjects(bundle: Bundle): string[] {
  const manifest = objectText(bundle.objects, bundle.pointer.manifest);
  if (manifest === undefined)
    throw new Error(
      `bundle ${bundle.pointer.version} lacks its own manifest object ${bundle.pointer.manifest}`,
    );
  const named = hashesIn(manifest);
  for (const hash of bundle.pointer.load ?? []) named.add(hash);
  for (const container of containersOf(manifest, (hash) => objectText(bundle.objects, hash))) {
    for (const hash of hashesIn(objectText(bundle.objects, container) ?? '')) named.add(hash);
    // A container's parts are found when it is read (neededObjects); other objects' parts go to the extra list.
    const stored = bundle.objects.get(container);
    if (stored !== undefined && isPartsList(stored))
      for (const part of hashesIn(stored)) named.add(part);
  }
  return [...bundle.objects.keys()]
    .filter((hash) => hash !== bundle.pointer.manifest && !named.has(hash))
    .sort();
}

/**
 * The objects to read to know every object a version needs: the chunk lists, index heads and
 * knowledge object the manifest names, and the chunks of each chunk list `text` holds (read the
 * lists, then ask again for their chunks) or that an older manifest lists inline.
 */
export function containersOf(
  manifestText: string,
  text: (hash: string) => string | null | undefined,
): string[] {
  const manifest = JSON.parse(manifestText) as Manifest;
  const heads = Object.values(manifest.kinds ?? {})
    .map((section) => section?.index)
    .filter((hash): hash is string => typeof hash === 'string' && hash.length === 64);
  return [
    ...new Set([
      ...chunkListHashesOf(manifest),
      ...chunkHashesOf(manifest, text, true),
      ...heads,
      ...knowledgeHashOf(manifest),
    ]),
  ];
}

/**
 * The object hashes a recorded version needs, given the texts of its manifest, its containers (`containersOf`) and its extra-objects list.
 * Throws when either is missing: then the version is already damaged and nothing may be deleted on its account.
 */
export function versionObjects(
  record: VersionRecord,
  stored: Map<string, string | null>,
): Set<string> {
  // Texts of objects stored in parts, joined; their parts are needed too (a parts list names them).
  const parts = new Set<string>();
  const texts = new Map<string, string | null>();
  for (const [hash, value] of stored) {
    if (value != null && isPartsList(value)) {
      for (const part of hashesIn(value)) parts.add(part);
      try {
        texts.set(
          hash,
          joinedText(value, (part) => stored.get(part)),
        );
      } catch {
        throw new Error(
          `version ${record.version}: a part of object ${hash} is missing from the store`,
        );
      }
    } else texts.set(hash, value);
  }
  const manifest = texts.get(record.manifest);
  if (manifest == null)
    throw new Error(
      `version ${record.version}: its manifest object ${record.manifest} is missing from the store`,
    );
  const needed = hashesIn(manifest);
  needed.add(record.manifest);
  for (const hash of record.load ?? []) needed.add(hash);
  for (const part of parts) needed.add(part);
  for (const container of containersOf(manifest, (hash) => texts.get(hash))) {
    const text = texts.get(container);
    if (text == null)
      throw new Error(
        `version ${record.version}: its chunk list, chunk, index head or knowledge object ${container} is missing from the store`,
      );
    for (const hash of hashesIn(text)) needed.add(hash);
  }
  if (record.extraObjects) {
    const extra = texts.get(record.extraObjects);
    if (extra == null)
      throw new Error(
        `version ${record.version}: its extra-objects list ${record.extraObjects} is missing from the store`,
      );
    needed.add(record.extraObjects);
    for (const hash of JSON.parse(extra) as string[]) needed.add(hash);
  }
  return needed;
}
