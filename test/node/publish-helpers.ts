// Shared by the publish tests: temporary content folders, real builds, a real local KV store and R2
// archive bucket (wrangler's getPlatformProxy on a temporary persist dir — the same files
// `wrangler dev --persist-to` serves, in workerd), a store that fails on a chosen call, and a check
// that a version is served and intact.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { getPlatformProxy } from 'wrangler';
import { expect, vi } from 'vitest';
import { objectKey, type Pointer } from '../../src/bundle/bundle.ts';
import { currentBundle, resetContentCache } from '../../src/worker/content/store.ts';
import { main } from '../../scripts/cli/main.ts';
import type { Bundle } from '../../scripts/compile/assemble.ts';
import { buildContent } from '../../scripts/compile/build.ts';
import { formatBuildError } from '../../scripts/compile/errors.ts';
import { r2Archive, type ArchiveStore } from '../../scripts/publish/archive-store.ts';
import { kvStore } from '../../scripts/publish/local-store.ts';
import { containersOf, hashesIn, unnamedObjects } from '../../scripts/publish/reachability.ts';
import type { ContentStore, Entry } from '../../scripts/publish/store.ts';

export const PROJECT = new URL('../../', import.meta.url).pathname;
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
export function processes(count: number, extra: Record<string, string> = {}): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i++) files[`processes/p${i}.md`] = `# Process ${i}\n\nStep one of process ${i}. Then step two.`;
  return { 'checklists/release.md': '# Release\n\n- [ ] tag it', ...files, ...extra };
}

export async function build(dir: string): Promise<Bundle> {
  const result = await buildContent(dir);
  if (!result.ok) throw new Error(`test content does not build:\n${result.errors.map(formatBuildError).join('\n')}`);
  return result.bundle;
}

export interface TestStore {
  store: ContentStore;
  kv: KVNamespace;
  r2: R2Bucket;
  persistTo: string;
  dispose(): Promise<void>;
}

export async function openTestStore(): Promise<TestStore> {
  const persistTo = await tempDir('praxis-publish-state-');
  const proxy = await getPlatformProxy<{ CONTENT: KVNamespace; ARCHIVE: R2Bucket }>({
    configPath: join(PROJECT, 'wrangler.toml'), persist: { path: join(persistTo, 'v3') }, remoteBindings: false, envFiles: [],
  });
  const archive = r2Archive(proxy.env.ARCHIVE, 'test local R2');
  return { store: kvStore(proxy.env.CONTENT, 'test local KV', archive), kv: proxy.env.CONTENT, r2: proxy.env.ARCHIVE, persistTo, dispose: () => proxy.dispose() };
}

/** Every key of the archive bucket (the binding pages through R2's listing). */
export async function archiveKeys(r2: R2Bucket): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await r2.list({ cursor });
    keys.push(...page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
}

export async function clearStore(store: ContentStore, r2?: R2Bucket): Promise<void> {
  await store.deleteMany(await store.list('praxis:'));
  if (r2) for (const key of await archiveKeys(r2)) await r2.delete(key);
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
  const bytes = await Promise.all(archived.map(async (key) => new Uint8Array(await (await r2!.get(key))!.arrayBuffer())));
  return { kv: keys.map((key) => ({ key, value: values.get(key)! })), r2: archived.map((key, i) => ({ key, bytes: bytes[i]! })) };
}

export async function restoreStore(store: ContentStore, snapshot: StoreSnapshot, r2?: R2Bucket): Promise<void> {
  await clearStore(store, r2);
  await store.putMany(snapshot.kv);
  if (r2) for (const { key, bytes } of snapshot.r2) await r2.put(key, bytes);
}

/** A store that behaves like `inner` until its `failAt`-th call (0-based), which throws — mid-batch for putMany. */
export function failingStore(inner: ContentStore, failAt: number, calls: string[] = []): ContentStore {
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

export const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

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
  const containers = containersOf(manifest!);
  const containerTexts = await Promise.all(containers.map((hash) => kv.get(objectKey(hash), 'text')));
  const hashes = [...new Set([manifestHash, ...hashesIn(manifest!), ...containerTexts.flatMap((text) => [...hashesIn(text ?? '')])])];
  const texts = await Promise.all(hashes.map((hash) => kv.get(objectKey(hash), 'text')));
  const broken = hashes.filter((hash, i) => texts[i] === null || sha256(texts[i]!) !== hash);
  expect(broken).toEqual([]);
}

/** `praxis …` in this process: its exit code and what it printed. */
export async function praxis(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...parts) => void out.push(`${parts.join(' ')}\n`));
  const error = vi.spyOn(console, 'error').mockImplementation((...parts) => void err.push(`${parts.join(' ')}\n`));
  try {
    const code = await main(args);
    return { code, stdout: out.join(''), stderr: err.join('') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}
