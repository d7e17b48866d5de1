// The current bundle for a request: the pointer (current-pointer.ts), then the version it names,
// loaded once per isolate with what the request needs (load-bundle.ts) and kept per version. A
// request holds on to the bundle it started with, so a pointer flip mid-request never mixes versions.
import type { Pointer } from '../../bundle/bundle.ts';
import { refuseUnknownSchema } from './bundle-checks.ts';
import { EVERY_NEED, type BundleNeeds } from './bundle-needs.ts';
import { currentPointer, forgetCurrentPointer, type ContentEnv } from './current-pointer.ts';
import { kvTimeoutOf } from './kv-read.ts';
import { forgetLastServed, keepServing, rememberServed } from './last-served.ts';
import { loadBundle } from './load-bundle.ts';
import type { LoadedBundle, StoredBundle } from './loaded-bundle.ts';
import { forgetCachedObjects, objectReaderOf } from './objects.ts';

/** What reading the content needs of the Worker's env (the binding, the pointer TTL, the KV timeout). */
export type { ContentEnv };

const KEPT_VERSIONS = 2;
const bundles = new Map<string, Promise<StoredBundle>>();

/**
 * The bundle to serve, with what `needs` names loaded, or null when nothing has been published yet.
 * Throws ContentUnavailableError when KV fails and nothing is cached. When this request loads the
 * version, what it needs comes in the same bulk read as the manifest, its searches' term shards beside it.
 */
export async function currentBundle(
  env: ContentEnv,
  now = Date.now(),
  needs: BundleNeeds = EVERY_NEED,
): Promise<LoadedBundle | null> {
  let pointer: Pointer | null;
  try {
    pointer = await currentPointer(env, now);
    if (!pointer) return null;
  } catch (error) {
    return keepServing('pointer_unreadable', error, needs);
  }
  try {
    // Before the cache: a pointer of another schema naming a manifest this isolate holds is still refused.
    refuseUnknownSchema(pointer.schema, `the pointer of version ${pointer.version}`);
    const loaded = await bundleOf(env, pointer, needs);
    await loaded.provide(needs);
    rememberServed(loaded);
    return loaded;
  } catch (error) {
    return keepServing('version_unloadable', error, needs, pointer.version);
  }
}

/** The version's bundle, loaded by the first request that needs it; at most KEPT_VERSIONS kept. */
function bundleOf(env: ContentEnv, pointer: Pointer, needs: BundleNeeds): Promise<StoredBundle> {
  let bundle = bundles.get(pointer.manifest);
  if (!bundle) {
    bundle = loadBundle(objectReaderOf(env.CONTENT, kvTimeoutOf(env)), pointer, needs);
    bundles.set(pointer.manifest, bundle);
    bundle.catch(() => bundles.delete(pointer.manifest));
    for (const key of bundles.keys()) if (bundles.size > KEPT_VERSIONS) bundles.delete(key);
  }
  return bundle;
}

/** Forget the cached pointer, bundles and objects (tests). */
export function resetContentCache(): void {
  forgetCurrentPointer();
  forgetLastServed();
  bundles.clear();
  forgetCachedObjects();
}
