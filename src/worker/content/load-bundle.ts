// A content version loaded for the request that first needs it: the manifest and everything that
// request needs (with its searches' term shards) in one bulk read, then the bundle it is served from.
import type { Manifest, Pointer } from '../../bundle/bundle.ts';
import { documentKinds } from '../../bundle/kinds.ts';
import { checkAudiences, refuseUnknownSchema } from './bundle-checks.ts';
import type { BundleNeeds } from './bundle-needs.ts';
import { keysOf, shardsAhead, takeFrom } from './bulk-read.ts';
import { bundlePartsOf, type BundleParts } from './bundle-parts.ts';
import type { StoredBundle } from './loaded-bundle.ts';
import type { ObjectReader } from './objects.ts';
import { parsedObjectsOf, type ParsedObject } from './parsed-objects.ts';

export async function loadBundle(
  objects: ObjectReader,
  pointer: Pointer,
  firstNeeds: BundleNeeds,
): Promise<StoredBundle> {
  // One bulk read for everything this request needs (the pointer lists it), instead of a chain
  // manifest → names → parts, plus the term shards of the search that made this request. Anything
  // the lists lack is read on its own when needed; the manifest always comes in the first read.
  const shardsFirst = shardsAhead(pointer, firstNeeds.searches);
  const first = await objects.storedValues([
    ...new Set([
      ...(pointer.loadBy?.manifest ?? [pointer.manifest]),
      ...keysOf(pointer, firstNeeds),
      ...shardsFirst,
    ]),
  ]);
  // The manifest is kept parsed in the bundle, so it is not cached as text too.
  const manifestText =
    takeFrom(first, pointer.manifest) ?? (await objects.text(pointer.manifest, false));
  const manifest = JSON.parse(manifestText) as Manifest;
  refuseUnknownSchema(manifest.schema, `manifest ${pointer.manifest}`);
  for (const kind of documentKinds) checkAudiences(kind, manifest.kinds[kind], pointer.manifest);
  const json = parsedObjectsOf(objects);
  const parts = bundlePartsOf(pointer, manifest, objects, json);

  // What the first request needs was in the first read; so were the shards of its searches, kept parsed for it.
  await parts.provide(firstNeeds, first);
  for (const shard of shardsFirst)
    if (first.has(shard)) void json(shard, first).catch(() => undefined);
  first.clear();
  return storedBundle(pointer, manifest, objects, parts, json);
}

function storedBundle(
  pointer: Pointer,
  manifest: Manifest,
  objects: ObjectReader,
  parts: BundleParts,
  json: ParsedObject,
): StoredBundle {
  const text = (hash: string) => objects.text(hash);
  return {
    pointer,
    manifest,
    get knowledge() {
      return parts.knowledge();
    },
    get records() {
      return parts.records();
    },
    record: (id) => parts.record(id),
    documents: (kind) => parts.directory(kind).refs,
    directory: parts.directory,
    visibleCount(kind, canSee) {
      const section = manifest.kinds[kind];
      if (!section?.count) return 0;
      if (!section.audiences) return parts.directory(kind).refs.filter(canSee).length;
      let count = 0;
      for (const audience of section.audiences)
        if (canSee(audience.access ? { access: audience.access } : {})) count += audience.count;
      return count;
    },
    searcher: parts.searcher,
    async body(entry) {
      if ('body' in entry) return text(entry.body);
      const found = parts.directory(entry.kind);
      const position = found.positionOf(entry.name);
      if (position === undefined)
        throw new Error(`version ${pointer.version} has no ${entry.kind} '${entry.name}'`);
      const [resolved] = await found.entriesAt([position]);
      return text(resolved!.body);
    },
    text,
    json: <T>(hash: string) => json<T>(hash),
    provide: (needs) => parts.provide(needs),
  };
}
