// The deployed KV namespace, through the project's wrangler (`wrangler kv key list`, `kv bulk get/put/delete`):
// wrangler owns authentication (CLOUDFLARE_API_TOKEN or `wrangler login`) and the Cloudflare API calls.
// It works against `--local` state too, which is how the tests prove this path without a network.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { entryBytes, type ContentStore, type Entry } from './store.ts';
import { archiveBucketName, openWranglerArchive } from './wrangler-archive.ts';
import { runWranglerJson, runWranglerQuietly } from './wrangler-run.ts';

export interface WranglerTarget {
  /** `remote` is the deployed namespace; `local` is wrangler's state in `persistTo`. */
  mode: 'remote' | 'local';
  persistTo?: string;
  env?: string;
  binding?: string;
  /** Overrides the id wrangler.toml gives the binding. */
  namespaceId?: string;
  /** The archive bucket's name; default: the bucket wrangler.toml binds as ARCHIVE. */
  bucket?: string;
}

// Cloudflare's bulk API takes up to 10 000 pairs and 100 MB per request; smaller batches give the progress bar steps.
const PUT_BATCH_KEYS = 5000;
const PUT_BATCH_BYTES = 50 * 1024 * 1024;
const GET_BATCH_KEYS = 100;
const DELETE_BATCH_KEYS = 10_000;

export function openWranglerStore(target: WranglerTarget): ContentStore {
  const flags = targetFlags(target);
  const archive = openWranglerArchive({
    mode: target.mode,
    bucket: target.bucket ?? archiveBucketName(target.env),
    persistTo: target.persistTo,
    env: target.env,
  });
  let scratch: Promise<string> | undefined;
  const file = async (name: string, content: unknown) => {
    scratch ??= mkdtemp(join(tmpdir(), 'praxis-publish-'));
    const path = join(await scratch, name);
    await writeFile(path, JSON.stringify(content), { mode: 0o600 });
    return path;
  };
  const getMany = async (keys: string[]) => {
    const values = new Map<string, string | null>();
    for (let i = 0; i < keys.length; i += GET_BATCH_KEYS) {
      const batch = keys.slice(i, i + GET_BATCH_KEYS);
      const result = await runWranglerJson<Record<string, unknown>>([
        'kv',
        'bulk',
        'get',
        await file('get.json', batch),
        ...flags,
      ]);
      for (const key of batch) values.set(key, bulkValue(result[key]));
    }
    return values;
  };
  return {
    description: describeTarget(target),
    archive,
    async list(prefix) {
      const keys = await runWranglerJson<Array<{ name: string }>>([
        'kv',
        'key',
        'list',
        '--prefix',
        prefix,
        ...flags,
      ]);
      return keys.map((key) => key.name);
    },
    get: async (key) => (await getMany([key])).get(key) ?? null,
    getMany,
    async putMany(entries, onProgress) {
      let done = 0;
      let bytes = 0;
      for (const batch of putBatches(entries)) {
        await runWranglerQuietly(['kv', 'bulk', 'put', await file('put.json', batch), ...flags]);
        done += batch.length;
        bytes += batch.reduce((sum, entry) => sum + entryBytes(entry), 0);
        onProgress?.(done, bytes);
      }
    },
    async deleteMany(keys) {
      for (let i = 0; i < keys.length; i += DELETE_BATCH_KEYS) {
        await runWranglerQuietly([
          'kv',
          'bulk',
          'delete',
          await file('delete.json', keys.slice(i, i + DELETE_BATCH_KEYS)),
          '--force',
          ...flags,
        ]);
      }
    },
    async close() {
      await archive.close();
      if (scratch) await rm(await scratch, { recursive: true, force: true });
    },
  };
}

function targetFlags(target: WranglerTarget): string[] {
  const flags = target.namespaceId
    ? ['--namespace-id', target.namespaceId]
    : ['--binding', target.binding ?? 'CONTENT'];
  if (target.mode === 'remote') flags.push('--remote');
  else flags.push('--local', ...(target.persistTo ? ['--persist-to', target.persistTo] : []));
  if (target.env) flags.push('--env', target.env);
  return flags;
}

function describeTarget(target: WranglerTarget): string {
  const namespace = target.namespaceId
    ? `namespace ${target.namespaceId}`
    : `binding ${target.binding ?? 'CONTENT'}`;
  const where =
    target.mode === 'remote'
      ? 'remote KV'
      : `local KV via wrangler (${target.persistTo ?? '.wrangler/state'})`;
  return `${where}, ${namespace}${target.env ? `, env ${target.env}` : ''}`;
}

/** Local bulk get answers `{key: {value}}`, the Cloudflare API `{key: value}`. */
function bulkValue(raw: unknown): string | null {
  if (raw && typeof raw === 'object' && 'value' in raw) raw = (raw as { value: unknown }).value;
  if (raw === null || raw === undefined) return null;
  return typeof raw === 'string' ? raw : JSON.stringify(raw);
}

function* putBatches(entries: Entry[]): Generator<Entry[]> {
  let batch: Entry[] = [];
  let bytes = 0;
  for (const entry of entries) {
    const size = entryBytes(entry) + entry.key.length;
    if (batch.length && (batch.length >= PUT_BATCH_KEYS || bytes + size > PUT_BATCH_BYTES)) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(entry);
    bytes += size;
  }
  if (batch.length) yield batch;
}
