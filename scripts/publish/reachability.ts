// Which objects a version needs. Generic on purpose: every 64-hex value in the manifest counts as a
// reference, so sections added by new content kinds are covered without touching this file, and
// objects the manifest does not name (an index shard named by another object, say) are listed in
// the version record's `extraObjects` object at publish time.
import type { VersionRecord } from '../../src/content/bundle.ts';
import type { Bundle } from '../build/assemble.ts';

const HASH = /\b[0-9a-f]{64}\b/g;

/** Every SHA-256-looking value in a text; a false positive only keeps an object alive. */
export const hashesIn = (text: string): Set<string> => new Set(text.match(HASH) ?? []);

/** Objects of a freshly built bundle that its manifest does not name (kept alive through the version record). */
export function unnamedObjects(bundle: Bundle): string[] {
  const manifest = bundle.objects.get(bundle.pointer.manifest);
  if (manifest === undefined) throw new Error(`bundle ${bundle.pointer.version} lacks its own manifest object ${bundle.pointer.manifest}`);
  const named = hashesIn(manifest);
  return [...bundle.objects.keys()].filter((hash) => hash !== bundle.pointer.manifest && !named.has(hash)).sort();
}

/**
 * The object hashes a recorded version needs, given the texts of its manifest and extra-objects list.
 * Throws when either is missing: then the version is already damaged and nothing may be deleted on its account.
 */
export function versionObjects(record: VersionRecord, texts: Map<string, string | null>): Set<string> {
  const manifest = texts.get(record.manifest);
  if (manifest == null) throw new Error(`version ${record.version}: its manifest object ${record.manifest} is missing from the store`);
  const needed = hashesIn(manifest);
  needed.add(record.manifest);
  if (record.extraObjects) {
    const extra = texts.get(record.extraObjects);
    if (extra == null) throw new Error(`version ${record.version}: its extra-objects list ${record.extraObjects} is missing from the store`);
    needed.add(record.extraObjects);
    for (const hash of JSON.parse(extra) as string[]) needed.add(hash);
  }
  return needed;
}
