// The bundle this isolate last served: kept serving, logged as stale, while KV fails or the pointer
// names a version that cannot be loaded. Without one, the failure is a clean 503.
import type { BundleNeeds } from './bundle-needs.ts';
import { ContentUnavailableError } from './kv-read.ts';
import type { LoadedBundle, StoredBundle } from './loaded-bundle.ts';

let lastServed: StoredBundle | undefined;

export function rememberServed(bundle: StoredBundle): void {
  lastServed = bundle;
}

export function forgetLastServed(): void {
  lastServed = undefined;
}

/** The previous bundle, logged as stale; without one, the failure as ContentUnavailableError. */
export async function keepServing(
  event: string,
  error: unknown,
  needs: BundleNeeds,
  wanted?: string,
): Promise<LoadedBundle> {
  console.error(
    JSON.stringify({
      event,
      wanted,
      serving: lastServed?.pointer.version ?? null,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    }),
  );
  if (lastServed) {
    try {
      await lastServed.provide(needs);
      return lastServed;
    } catch (failure) {
      error = failure;
    }
  }
  throw error instanceof ContentUnavailableError
    ? error
    : new ContentUnavailableError(
        'The published content version could not be loaded; its operators have been told why in the log.',
      );
}
