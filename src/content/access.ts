import type { DocumentEntry } from './bundle.ts';

/** A document with `access` is visible only to holders of one of its groups; others see no trace of it. */
export function isVisible(entry: DocumentEntry, groups: readonly string[]): boolean {
  return !entry.access || entry.access.some((group) => groups.includes(group));
}
