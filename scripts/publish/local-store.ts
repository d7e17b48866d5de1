// wrangler's local state — the files `wrangler dev --persist-to DIR` serves — opened in-process
// through wrangler's own getPlatformProxy (the same namespace id and layout as `wrangler kv … --local`),
// so `praxis dev` and `praxis publish --local` skip a wrangler start-up per call.
import { join } from 'node:path';
import { PROJECT_ROOT } from '../dev/paths.ts';
import { r2Archive, type ArchiveStore } from './archive-store.ts';
import { entryBytes, type ContentStore, type Entry } from './store.ts';
import { ARCHIVE_BINDING, missingArchiveBinding } from './wrangler-archive.ts';

export interface LocalStoreOptions {
  /** The directory given to `wrangler dev --persist-to` (wrangler adds `v3/`). */
  persistTo: string;
  /** A `[env.NAME]` of wrangler.toml: its CONTENT namespace id selects the local namespace. */
  env?: string;
  binding?: string;
}

// The local store is SQLite plus blob files; a few writes in flight keep it busy without thrashing.
const WRITE_CONCURRENCY = 8;

export async function openLocalStore(options: LocalStoreOptions): Promise<ContentStore> {
  const binding = options.binding ?? 'CONTENT';
  // Loaded on use: wrangler is large, and `praxis --help` lists this command without opening a store.
  const { getPlatformProxy } = await import('wrangler');
  const proxy = await getPlatformProxy<Record<string, KVNamespace | R2Bucket>>({
    configPath: join(PROJECT_ROOT, 'wrangler.toml'),
    environment: options.env,
    persist: { path: join(options.persistTo, 'v3') },
    remoteBindings: false,
    envFiles: [],
  });
  const kv = proxy.env[binding] as KVNamespace | undefined;
  const bucket = proxy.env[ARCHIVE_BINDING] as R2Bucket | undefined;
  if (!kv || !bucket) {
    await proxy.dispose();
    throw new Error(!kv
      ? `wrangler.toml${options.env ? ` [env.${options.env}]` : ''} has no KV namespace bound as ${binding}: add a [[kv_namespaces]] entry with binding = "${binding}"`
      : missingArchiveBinding(options.env));
  }
  const where = `${options.persistTo}${options.env ? `, env ${options.env}` : ''}`;
  return kvStore(kv, `local KV (${where})`, r2Archive(bucket, `local R2 (${where})`), () => proxy.dispose());
}

/** A ContentStore over a KVNamespace binding and an archive (here: Miniflare's, through the platform proxy). */
export function kvStore(kv: KVNamespace, description: string, archive: ArchiveStore, close: () => Promise<void> = async () => undefined): ContentStore {
  return {
    description,
    archive,
    async list(prefix) {
      const keys: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await kv.list({ prefix, cursor });
        keys.push(...page.keys.map((key) => key.name));
        cursor = page.list_complete ? undefined : page.cursor;
      } while (cursor);
      return keys;
    },
    get: (key) => kv.get(key, 'text'),
    async getMany(keys) {
      const values = await Promise.all(keys.map((key) => kv.get(key, 'text')));
      return new Map(keys.map((key, i) => [key, values[i]!]));
    },
    async putMany(entries, onProgress) {
      let done = 0;
      let bytes = 0;
      await eachConcurrently(entries, WRITE_CONCURRENCY, async (entry: Entry) => {
        await kv.put(entry.key, entry.value);
        done += 1;
        bytes += entryBytes(entry);
        onProgress?.(done, bytes);
      });
    },
    async deleteMany(keys) {
      await eachConcurrently(keys, WRITE_CONCURRENCY, (key: string) => kv.delete(key));
    },
    close,
  };
}

/** Runs `work` over `items` with at most `limit` in flight; the first failure stops new work and rejects. */
async function eachConcurrently<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
