// A content version loaded for the request that first needs it: the manifest and everything that
// request needs in one bulk read, its searches' term shards in single reads beside it, then the
// bundle it is served from.
import type { Manifest, Pointer } from '../../bundle/bundle.ts';
import { documentKinds } from '../../bundle/kinds.ts';
import { checkAudiences, refuseUnknownSchema } from './bundle-checks.ts';
import type { BundleNeeds } from './bundle-needs.ts';
import { keysOf, shardsAhead, takeFrom } from './bulk-read.ts';
import { bundlePartsOf, termShard, type BundleParts } from './bundle-parts.ts';
import type { StoredBundle } from './loaded-bundle.ts';
import type { ObjectReader } from './objects.ts';
import { parsedObjectsOf, type ParsedObject } from './parsed-objects.ts';

export async function loadBundle(
  objects: ObjectReader,
  pointer: Pointer,
  firstNeeds: BundleNeeds,
): Promise<StoredBundle> {
  // One bulk read for everything this request needs (the pointer lists it), instead of a chain
  // manifest → names → parts; the term shards of the search that made this request are read beside
  // it, each on its own (large objects cost the isolate less so: kv-read.ts), kept parsed for it.
  // Anything the lists lack is read on its own when needed; the manifest always comes in the first read.
  const json = parsedObjectsOf(objects);
  for (const shard of shardsAhead(pointer, firstNeeds.searches))
    void termShard(json, shard).catch(() => undefined);
  const first = await objects.storedValues([
    ...new Set([
      ...(pointer.loadBy?.manifest ?? [pointer.manifest]),
      ...keysOf(pointer, firstNeeds),
    ]),
  ]);
  // The manifest is kept parsed in the bundle, so it is not cached as text too.
  const manifestText =
    takeFrom(first, pointer.manifest) ??
    (await objects.text(pointer.manifest, { cacheText: false }));
  const manifest = JSON.parse(manifestText) as Manifest;
  refuseUnknownSchema(manifest.schema, `manifest ${pointer.manifest}`);
  for (const kind of documentKinds) checkAudiences(kind, manifest.kinds[kind], pointer.manifest);
  const parts = bundlePartsOf(pointer, manifest, objects, json);

  // What the first request needs was in the first read.
  await parts.provide(firstNeeds, first);
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
