// Shared by the publish tests: temporary content folders, real builds, a real local KV store and R2
// archive bucket (wrangler's getPlatformProxy on a temporary persist dir — the same files
// `wrangler dev --persist-to` serves, in workerd — opened as the CLI opens it), a store that fails
// on a chosen call, and a check that a version is served and intact.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { objectKey, type Pointer } from '../../../src/bundle/bundle.ts';
import { currentBundle, resetContentCache } from '../../../src/worker/content/store.ts';
import type { Bundle } from '../../../scripts/compile/assemble.ts';
import { buildContent } from '../../../scripts/compile/build.ts';
import { formatBuildError } from '../../../scripts/compile/errors.ts';
import { r2Archive, type ArchiveStore } from '../../../scripts/publish/archive-store.ts';
import { kvStore, openLocalState, readMany } from '../../../scripts/publish/local-store.ts';
import { containersOf, hashesIn, unnamedObjects } from '../../../scripts/publish/reachability.ts';
import type { ContentStore, Entry } from '../../../scripts/publish/store.ts';

export const PROJECT = new URL('../../../', import.meta.url).pathname;
const made: string[] = [];

export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export async function removeTempDirs(): Promise<void> {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

export async function writeContent(dir: string, files: Record<string, string>): Promise<string> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

/** `count` small process documents, plus whatever `extra` adds or overrides. */
export function processes(
  count: number,
  extra: Record<string, string> = {},
): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i++)
    files[`processes/p${i}.md`] = `# Process ${i}\n\nStep one of process ${i}. Then step two.`;
  return { 'checklists/release.md': '# Release\n\n- [ ] tag it', ...files, ...extra };
}

export async function build(dir: string): Promise<Bundle> {
  const result = await buildContent(dir);
  if (!result.ok)
    throw new Error(
      `test content does not build:\n${result.errors.map(formatBuildError).join('\n')}`,
    );
  return result.bundle;
}

export interface TestStore {
  store: ContentStore;
  kv: KVNamespace;
  r2: R2Bucket;
  persistTo: string;
  dispose(): Promise<void>;
}

/**
 * A fresh local state directory held open through the CLI's own opener: the commands these tests run
 * in process (`praxis(…)` with `--local --persist-to` this directory) share its workerd instead of
 * starting one per command. A spawned CLI process still starts its own.
 */
export async function openTestStore(): Promise<TestStore> {
  const persistTo = await tempDir('praxis-publish-state-');
  const state = await openLocalState(persistTo);
  const kv = state.env.CONTENT as KVNamespace;
  const r2 = state.env.ARCHIVE as R2Bucket;
  const archive = r2Archive(r2, 'test local R2');
  return { store: kvStore(kv, 'test local KV', archive), kv, r2, persistTo, dispose: state.close };
}

/** The calling file's store: opened before its first test, emptied before each, closed after its last (with the temporary folders). */
export function storePerFile(): TestStore {
  let opened: TestStore | undefined;
  const current = (): TestStore => {
    if (!opened) throw new Error('the test store opens before the first test');
    return opened;
  };
  beforeAll(async () => {
    opened = await openTestStore();
  });
  afterAll(async () => {
    await opened?.dispose();
    await removeTempDirs();
  });
  beforeEach(() => clearStore(current().store, current().r2));
  return {
    get store() {
      return current().store;
    },
    get kv() {
      return current().kv;
    },
    get r2() {
      return current().r2;
    },
    get persistTo() {
      return current().persistTo;
    },
    dispose: () => current().dispose(),
  };
}

/** Publish options: one author, and a clock that moves a minute each time it is read, from `start`. */
export function publishOptions(start: string): { author: string; now: () => Date } {
  let clock = Date.parse(start);
  return { author: 'Ada <ada@example.com>', now: () => new Date((clock += 60_000)) };
}

/** Every key of the archive bucket (the binding pages through R2's listing). */
export async function archiveKeys(r2: R2Bucket): Promise<string[]> {
  return (await archiveObjects(r2)).map((object) => object.key).sort();
}

async function archiveObjects(r2: R2Bucket): Promise<R2Object[]> {
  const objects: R2Object[] = [];
  let cursor: string | undefined;
  do {
    const page = await r2.list({ cursor });
    objects.push(...page.objects);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return objects;
}

export async function clearStore(store: ContentStore, r2?: R2Bucket): Promise<void> {
  await store.deleteMany(await store.list('praxis:'));
  if (r2) await deleteArchived(r2, await archiveKeys(r2));
}

/** R2's delete takes up to 1000 keys a call. */
async function deleteArchived(r2: R2Bucket, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 1000) await r2.delete(keys.slice(i, i + 1000));
}

export interface StoreSnapshot {
  kv: Entry[];
  /** Archive objects by key, as SHA-256 of their bytes plus the bytes. */
  r2: Array<{ key: string; bytes: Uint8Array }>;
}

/** Every praxis key and value, and every archive object, to put both back with `restoreStore` or compare. */
export async function snapshotStore(store: ContentStore, r2?: R2Bucket): Promise<StoreSnapshot> {
  const keys = (await store.list('praxis:')).sort();
  const values = await store.getMany(keys);
  const archived = r2 ? await archiveKeys(r2) : [];
  const bytes = await Promise.all(
    archived.map(async (key) => new Uint8Array(await (await r2!.get(key))!.arrayBuffer())),
  );
  return {
    kv: keys.map((key) => ({ key, value: values.get(key)! })),
    r2: archived.map((key, i) => ({ key, bytes: bytes[i]! })),
  };
}

/**
 * Puts back exactly what `snapshot` holds: deletes what it lacks and writes only what is missing or
 * differs (KV values compared through a bulk read, archive objects by their MD5 etag).
 */
export async function restoreStore(
  store: ContentStore,
  snapshot: StoreSnapshot,
  r2?: R2Bucket,
): Promise<void> {
  const wanted = new Map(snapshot.kv.map(({ key, value }) => [key, value]));
  const present = await store.list('praxis:');
  await store.deleteMany(present.filter((key) => !wanted.has(key)));
  const current = await store.getMany([...wanted.keys()]);
  await store.putMany(snapshot.kv.filter(({ key, value }) => current.get(key) !== value));
  if (!r2) return;
  const archived = new Map(snapshot.r2.map(({ key, bytes }) => [key, bytes]));
  const objects = await archiveObjects(r2);
  await deleteArchived(
    r2,
    objects.map((object) => object.key).filter((key) => !archived.has(key)),
  );
  const etags = new Map(objects.map((object) => [object.key, object.etag]));
  for (const [key, bytes] of archived) if (etags.get(key) !== md5(bytes)) await r2.put(key, bytes);
}

/** A store that behaves like `inner` until its `failAt`-th call (0-based), which throws — mid-batch for putMany. */
export function failingStore(
  inner: ContentStore,
  failAt: number,
  calls: string[] = [],
): ContentStore {
  let call = 0;
  const step = (name: string) => {
    calls.push(name);
    if (call++ === failAt) throw new Error(`injected failure at call ${failAt} (${name})`);
  };
  return {
    description: inner.description,
    list: async (prefix) => (step(`list ${prefix}`), inner.list(prefix)),
    get: async (key) => (step(`get ${key}`), inner.get(key)),
    getMany: async (keys) => (step(`getMany ${keys.join(',')}`), inner.getMany(keys)),
    async putMany(entries, onProgress) {
      const name = `putMany ${entries.length === 1 ? entries[0]!.key : `${entries.length} entries`}`;
      if (call === failAt && entries.length > 1) {
        // Interrupted half-way through a batch: some entries landed, the rest did not.
        calls.push(name);
        call++;
        await inner.putMany(entries.slice(0, Math.ceil(entries.length / 2)));
        throw new Error(`injected failure half-way through call ${failAt} (${name})`);
      }
      step(name);
      return inner.putMany(entries, onProgress);
    },
    deleteMany: async (keys) => (step(`deleteMany ${keys.length} keys`), inner.deleteMany(keys)),
    archive: failingArchive(inner.archive, step),
    close: () => inner.close(),
  };
}

function failingArchive(inner: ArchiveStore, step: (name: string) => void): ArchiveStore {
  return {
    description: inner.description,
    get: async (key) => (step(`archive.get ${key}`), inner.get(key)),
    put: async (key, bytes) => (step(`archive.put ${key}`), inner.put(key, bytes)),
  };
}

/** The object hashes a publish of `bundle` writes: its own plus, when the manifest leaves some unnamed, their list. */
export function entryHashes(bundle: Bundle): Set<string> {
  const hashes = new Set(bundle.objects.keys());
  const unnamed = unnamedObjects(bundle);
  if (unnamed.length) hashes.add(sha256(JSON.stringify(unnamed)));
  return hashes;
}

export const entryCount = (bundle: Bundle): number => entryHashes(bundle).size;

/** How many objects publishing `next` over `previous` must upload: its new objects, plus its unnamed-objects list when that changed. */
export function expectedUploads(previous: Bundle, next: Bundle): number {
  const fresh = [...next.objects.keys()].filter((hash) => !previous.objects.has(hash)).length;
  const list = (bundle: Bundle) => JSON.stringify(unnamedObjects(bundle));
  return fresh + (unnamedObjects(next).length && list(next) !== list(previous) ? 1 : 0);
}

export const sha256 = (text: string): string =>
  createHash('sha256').update(text, 'utf8').digest('hex');
const md5 = (bytes: Uint8Array): string => createHash('md5').update(bytes).digest('hex');

/**
 * The Worker's own store code (`currentBundle`) serves `pointer`, and every object its manifest names
 * is stored, byte for byte (read straight from KV: the isolate object cache would hide a deletion).
 */
export async function expectServedIntact(kv: KVNamespace, pointer: Pointer): Promise<void> {
  resetContentCache();
  const bundle = await currentBundle({ CONTENT: kv, PRAXIS_POINTER_TTL_MS: '0' });
  expect(bundle?.pointer).toEqual(pointer);
  await expectComplete(kv, pointer.manifest);
}

/** Every object reachable from a manifest (directly or through its chunks and index heads) is present and hashes to its key. */
export async function expectComplete(kv: KVNamespace, manifestHash: string): Promise<void> {
  const manifest = await kv.get(objectKey(manifestHash), 'text');
  expect(manifest, `manifest ${manifestHash}`).not.toBeNull();
  // Twice: the chunk lists first, then the chunks they name.
  let containerTexts = new Map<string, string | null>();
  let containers: string[] = [];
  for (let round = 0; round < 2; round++) {
    containers = containersOf(manifest!, (hash) => containerTexts.get(objectKey(hash)));
    containerTexts = await readMany(kv, containers.map(objectKey));
  }
  const hashes = [
    ...new Set([
      manifestHash,
      ...hashesIn(manifest!),
      ...containers.flatMap((hash) => [...hashesIn(containerTexts.get(objectKey(hash)) ?? '')]),
    ]),
  ];
  const texts = await readMany(kv, hashes.map(objectKey));
  const broken = hashes.filter((hash) => {
    const text = texts.get(objectKey(hash));
    return text == null || sha256(text) !== hash;
  });
  expect(broken).toEqual([]);
}
