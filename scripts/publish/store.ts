// The one seam between the publish algorithm and a KV namespace: wrangler's local state (what
// `praxis dev` serves) or the deployed namespace, with the R2 bucket beside it that archives every
// published version. Small on purpose, so each publish step can be exercised — and made to fail —
// against a real store in tests.
import type { ArchiveStore } from './archive-store.ts';

export interface Entry {
  key: string;
  value: string;
}

export interface ContentStore {
  /** Where this store writes, for messages: "local KV (.wrangler/state)", "remote KV (binding CONTENT)". */
  readonly description: string;
  /** Every key starting with `prefix`, in one logical call (the store pages internally). */
  list(prefix: string): Promise<string[]>;
  get(key: string): Promise<string | null>;
  /** Several keys in as few round trips as the store allows; missing keys map to null. */
  getMany(keys: string[]): Promise<Map<string, string | null>>;
  /** Writes every entry; `onProgress(entriesDone, bytesDone)` after each batch. Order within one call is not guaranteed. */
  putMany(entries: Entry[], onProgress?: (entries: number, bytes: number) => void): Promise<void>;
  deleteMany(keys: string[]): Promise<void>;
  /** The R2 bucket of the same deployment that keeps each published version's complete archive. */
  readonly archive: ArchiveStore;
  close(): Promise<void>;
}

export const entryBytes = (entry: Entry): number => Buffer.byteLength(entry.value, 'utf8');
