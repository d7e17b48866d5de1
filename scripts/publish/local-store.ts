// wrangler's local state — the files `wrangler dev --persist-to DIR` serves — opened in-process
// through wrangler's own getPlatformProxy (the same namespace id and layout as `wrangler kv … --local`),
// so `praxis dev` and `praxis publish --local` skip a wrangler start-up per call.
import { join, resolve } from 'node:path';
import { PROJECT_ROOT } from '../dev/paths.ts';
import { r2Archive, type ArchiveStore } from './archive-store.ts';
import { entryBytes, type ContentStore, type Entry } from './store.ts';
import { ARCHIVE_BINDING, missingArchiveBinding } from './archive-binding.ts';
import { requireWrangler } from './wrangler-module.ts';

export interface LocalStoreOptions {
  /** The directory given to `wrangler dev --persist-to` (wrangler adds `v3/`). */
  persistTo: string;
  /** A `[env.NAME]` of wrangler.toml: its CONTENT namespace id selects the local namespace. */
  env?: string;
  binding?: string;
}

// The local store is SQLite plus blob files; a few writes in flight keep it busy without thrashing.
const WRITE_CONCURRENCY = 8;
// The most keys one KV bulk get takes.
const GET_BATCH_KEYS = 100;

export async function openLocalStore(options: LocalStoreOptions): Promise<ContentStore> {
  const binding = options.binding ?? 'CONTENT';
  const state = await openLocalState(options.persistTo, options.env);
  const kv = state.env[binding] as KVNamespace | undefined;
  const bucket = state.env[ARCHIVE_BINDING] as R2Bucket | undefined;
  if (!kv || !bucket) {
    await state.close();
    throw new Error(
      !kv
        ? `wrangler.toml${options.env ? ` [env.${options.env}]` : ''} has no KV namespace bound as ${binding}: add a [[kv_namespaces]] entry with binding = "${binding}"`
        : missingArchiveBinding(options.env),
    );
  }
  const where = `${options.persistTo}${options.env ? `, env ${options.env}` : ''}`;
  return kvStore(kv, `local KV (${where})`, r2Archive(bucket, `local R2 (${where})`), state.close);
}

export interface LocalState {
  /** Every binding wrangler.toml (or its [env.NAME]) declares, served by workerd over the local state. */
  env: Record<string, KVNamespace | R2Bucket | undefined>;
  /** Lets go of this opening; the last one open stops the workerd. */
  close(): Promise<void>;
}

type PlatformProxy = { env: Record<string, KVNamespace | R2Bucket>; dispose(): Promise<void> };
const opened = new Map<string, { proxy: Promise<PlatformProxy>; users: number }>();

/**
 * wrangler's local state in `persistTo` through its platform proxy, one per directory and env in this
 * process: a second opening while the first is still open (a command run in process next to state a
 * caller already holds, as the tests do) shares the workerd the first started instead of starting
 * another over the same SQLite files, and the last close stops it.
 */
export async function openLocalState(persistTo: string, env?: string): Promise<LocalState> {
  const key = `${resolve(persistTo)}\0${env ?? ''}`;
  let entry = opened.get(key);
  if (!entry) {
    const proxy = Promise.resolve()
      .then(() => requireWrangler())
      .then(({ getPlatformProxy }) =>
        getPlatformProxy<Record<string, KVNamespace | R2Bucket>>({
          configPath: join(PROJECT_ROOT, 'wrangler.toml'),
          environment: env,
          persist: { path: join(persistTo, 'v3') },
          remoteBindings: false,
          envFiles: [],
        }),
      );
    entry = { proxy, users: 0 };
    opened.set(key, entry);
    proxy.catch(() => opened.delete(key));
  }
  const held = entry;
  held.users += 1;
  let proxy: PlatformProxy;
  try {
    proxy = await held.proxy;
  } catch (error) {
    held.users -= 1;
    throw error;
  }
  let closed = false;
  return {
    env: proxy.env,
    async close() {
      if (closed) return;
      closed = true;
      held.users -= 1;
      if (held.users > 0) return;
      if (opened.get(key) === held) opened.delete(key);
      await proxy.dispose();
    },
  };
}

/** Each key's text (null when absent) through KV's bulk get: one round trip per GET_BATCH_KEYS keys instead of one per key. */
export async function readMany(
  kv: KVNamespace,
  keys: readonly string[],
): Promise<Map<string, string | null>> {
  const unique = [...new Set(keys)];
  const batches: string[][] = [];
  for (let i = 0; i < unique.length; i += GET_BATCH_KEYS)
    batches.push(unique.slice(i, i + GET_BATCH_KEYS));
  const found = await Promise.all(batches.map((batch) => kv.get(batch, 'text')));
  const values = new Map(found.flatMap((batch) => [...batch]));
  return new Map(keys.map((key) => [key, values.get(key) ?? null]));
}

/** A ContentStore over a KVNamespace binding and an archive (here: Miniflare's, through the platform proxy). */
export function kvStore(
  kv: KVNamespace,
  description: string,
  archive: ArchiveStore,
  close: () => Promise<void> = async () => undefined,
): ContentStore {
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
    getMany: (keys) => readMany(kv, keys),
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
async function eachConcurrently<T>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
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
