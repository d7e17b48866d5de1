// The publish algorithm against a real local KV store (wrangler's local state through getPlatformProxy):
// incremental uploads, a failure injected at every step, rollback, and gc safety. "Served intact" is
// checked with the Worker's own store code plus a byte-for-byte check of every object.
import { describe, expect, it } from 'vitest';
import {
  POINTER_KEY,
  VERSIONS_INDEX_KEY,
  objectKey,
  versionKey,
  type Manifest,
} from '../../../src/bundle/bundle.ts';
import { chunkRefsOf, entriesFromObjects } from '../../../src/bundle/document-chunks.ts';
import { objectText, type Bundle } from '../../../scripts/compile/assemble.ts';
import { collectGarbage } from '../../../scripts/publish/gc.ts';
import { publishBundle } from '../../../scripts/publish/publish.ts';
import { rollback } from '../../../scripts/publish/rollback.ts';
import { readState } from '../../../scripts/publish/versions.ts';
import {
  build,
  expectComplete,
  restoreStore,
  snapshotStore,
  expectServedIntact,
  failingStore,
  processes,
  entryCount,
  entryHashes,
  expectedUploads,
  sha256,
  tempDir,
  writeContent,
  publishOptions,
  storePerFile,
} from '../../helpers/node/publish-helpers.ts';

const local = storePerFile();
const options = publishOptions('2026-01-01T00:00:00Z');

/** Version A: `count` documents; version B: A with p0 edited (and optionally more changes). */
async function versions(
  count = 4,
  changes: Record<string, string> = {},
): Promise<{ a: Bundle; b: Bundle }> {
  const dir = await writeContent(await tempDir('praxis-content-'), processes(count));
  const a = await build(dir);
  await writeContent(dir, { 'processes/p0.md': '# Process 0\n\nStep one, revised.', ...changes });
  return { a, b: await build(dir) };
}

describe('publish', () => {
  it('uploads everything the first time, then only what an edit changed: its body, its kind index parts, the manifest', async () => {
    const { a, b } = await versions(40);
    const first = await publishBundle(a, local.store, options);
    expect(first).toMatchObject({ outcome: 'published', previous: null, skipped: { count: 0 } });
    expect(first.uploaded.count).toBe(entryCount(a));
    expect(first.diff.added).toHaveLength(41);
    await expectServedIntact(local.kv, a.pointer);

    const second = await publishBundle(b, local.store, options);
    const uploads = expectedUploads(a, b);
    expect(uploads).toBeLessThanOrEqual(6);
    expect(second).toMatchObject({
      outcome: 'published',
      previous: a.pointer,
      uploaded: { count: uploads },
    });
    expect(second.skipped.count).toBe(entryCount(b) - uploads);
    expect(second.diff).toEqual({ added: [], changed: ['processes/p0.md'], removed: [] });
    await expectServedIntact(local.kv, b.pointer);

    expect(await publishBundle(b, local.store, options)).toMatchObject({
      outcome: 'unchanged',
      uploaded: { count: 0 },
    });
  });

  it('records each version with commit, author, time, document count and size, in publish order', async () => {
    const { a, b } = await versions();
    await publishBundle(a, local.store, options);
    await publishBundle(b, local.store, options);
    const { pointer, versions: recorded } = await readState(local.store);
    expect(pointer).toEqual(b.pointer);
    expect(recorded.map((record) => record.version)).toEqual([
      a.pointer.version,
      b.pointer.version,
    ]);
    const bytes = [...b.objects.values()].reduce((sum, text) => sum + Buffer.byteLength(text), 0);
    // The pointer's packed shard lists stay out of the records (a rollback reads them back from the heads).
    const { shards, ...recordedPointer } = b.pointer;
    expect(shards?.processes).toBeTruthy();
    expect(recorded[1]).toMatchObject({
      ...recordedPointer,
      author: 'Ada <ada@example.com>',
      objects: { count: b.objects.size, bytes },
      publishedAt: expect.stringMatching(/^2026-01-01T/),
    });
    expect(recorded[1]).not.toHaveProperty('shards');
    expect(JSON.parse((await local.store.get(versionKey(b.pointer.version)))!)).toEqual(
      recorded[1],
    );
  });

  it('dry run reports the diff and the upload without writing anything', async () => {
    const { a, b } = await versions(3, { 'processes/new.md': '# New\n\nA new one.' });
    await publishBundle(a, local.store, options);
    const before = (await local.store.list('praxis:')).sort();
    const report = await publishBundle(b, local.store, { ...options, dryRun: true });
    expect(report).toMatchObject({
      outcome: 'dry-run',
      uploaded: { count: expectedUploads(a, b) },
    });
    expect(report.diff).toEqual({
      added: ['processes/new.md'],
      changed: ['processes/p0.md'],
      removed: [],
    });
    expect((await local.store.list('praxis:')).sort()).toEqual(before);
    await expectServedIntact(local.kv, a.pointer);
  });
});

describe('a publish that fails at any step', () => {
  it('leaves the previous version serving intact, and a rerun finishes it uploading only what is missing', async () => {
    const { a, b } = await versions(4);
    const steps: string[] = [];
    await publishBundle(a, local.store, options);
    const onlyA = await snapshotStore(local.store, local.r2);
    await publishBundle(b, failingStore(local.store, Infinity, steps), options);
    // read state and the archive's history, previous manifest + object listing, the previous chunk
    // lists and then chunks the edit replaced (for the diff), objects, the archive (is it there? its
    // part, its head, the history), version record + index, pointer
    expect(steps.map((step) => step.split(' ')[0])).toEqual([
      'getMany',
      'archive.get',
      'get',
      'list',
      'getMany',
      'getMany',
      'putMany',
      'archive.get',
      'archive.put',
      'archive.put',
      'archive.put',
      'putMany',
      'putMany',
    ]);
    expect(steps.at(-1)).toBe(`putMany ${POINTER_KEY}`);

    for (let failAt = 0; failAt < steps.length; failAt++) {
      await restoreStore(local.store, onlyA, local.r2);
      const failed = publishBundle(b, failingStore(local.store, failAt), options);
      await expect(failed, `failure at ${steps[failAt]}`).rejects.toThrow(/injected failure/);
      await expectServedIntact(local.kv, a.pointer);

      const rerun = await publishBundle(b, local.store, options);
      expect(rerun.outcome).toBe('published');
      expect(rerun.uploaded.count).toBeLessThanOrEqual(expectedUploads(a, b));
      await expectServedIntact(local.kv, b.pointer);
    }
  });

  it('survives a failure half-way through a large object upload', async () => {
    const { a, b } = await versions(
      6,
      Object.fromEntries(
        Array.from({ length: 30 }, (_, i) => [`checklists/c${i}.md`, `# C${i}\n\n- [ ] item ${i}`]),
      ),
    );
    await publishBundle(a, local.store, options);
    await expect(publishBundle(b, failingStore(local.store, 6), options)).rejects.toThrow(
      /half-way/,
    );
    await expectServedIntact(local.kv, a.pointer);
    const stored = await local.store.list(objectKey(''));
    expect(stored.length).toBeGreaterThan(a.objects.size);
    const rerun = await publishBundle(b, local.store, options);
    expect(rerun.skipped.count).toBe(
      stored.filter((key) => b.objects.has(key.slice(objectKey('').length))).length,
    );
    await expectServedIntact(local.kv, b.pointer);
  });
});

describe('rollback', () => {
  it('flips back to the previous or a named version, and refuses unknown ones', async () => {
    const { a, b } = await versions();
    await publishBundle(a, local.store, options);
    await publishBundle(b, local.store, options);
    expect(await rollback(local.store)).toMatchObject({
      from: b.pointer,
      to: { version: a.pointer.version },
      unchanged: false,
    });
    await expectServedIntact(local.kv, a.pointer);
    expect(await rollback(local.store, a.pointer.version)).toMatchObject({ unchanged: true });
    expect(await rollback(local.store, b.pointer.version.slice(0, 6))).toMatchObject({
      to: { version: b.pointer.version },
    });
    await expectServedIntact(local.kv, b.pointer);
    await expect(rollback(local.store, 'ffffffffffff')).rejects.toThrow(
      "no recorded version 'ffffffffffff'",
    );
  });

  it("puts back, from the version's archive, objects that are gone from KV before it flips", async () => {
    const { a, b } = await versions();
    await publishBundle(a, local.store, options);
    await publishBundle(b, local.store, options);
    const onlyInA = [...a.objects.keys()].find((hash) => !b.objects.has(hash))!;
    await local.store.deleteMany([objectKey(onlyInA)]);
    expect(await rollback(local.store, a.pointer.version)).toMatchObject({
      to: { version: a.pointer.version },
      restored: 1,
    });
    await expectServedIntact(local.kv, a.pointer);
  });
});

describe('gc', () => {
  let built: Promise<{ a: Bundle; b: Bundle; c: Bundle }> | undefined;
  async function buildThree() {
    const dir = await writeContent(await tempDir('praxis-content-'), processes(3));
    const a = await build(dir);
    await writeContent(dir, { 'processes/p1.md': '# Process 1\n\nRevised in B.' });
    const b = await build(dir);
    await writeContent(dir, { 'processes/p2.md': '# Process 2\n\nRevised in C.' });
    return { a, b, c: await build(dir) };
  }

  /** Three versions, then a rollback to the middle one: current = B, newest = C. */
  async function threeVersions() {
    const { a, b, c } = await (built ??= buildThree());
    for (const bundle of [a, b, c]) await publishBundle(bundle, local.store, options);
    await rollback(local.store, b.pointer.version);
    return { a, b, c };
  }

  it('keeps the current and the last N versions whole, and deletes only what no kept version uses', async () => {
    const { a, b, c } = await threeVersions();
    const dry = await collectGarbage(local.store, { keep: 1, dryRun: true });
    const stored = (await local.store.list(objectKey(''))).length;
    const report = await collectGarbage(local.store, { keep: 1 });
    expect(report).toEqual(dry);
    expect(report.kept.map((record) => record.version)).toEqual([
      b.pointer.version,
      c.pointer.version,
    ]);
    expect(report.dropped.map((record) => record.version)).toEqual([a.pointer.version]);
    const [inB, inC] = [entryHashes(b), entryHashes(c)];
    const onlyInA = [...entryHashes(a)].filter((hash) => !inB.has(hash) && !inC.has(hash));
    expect(report.deleted).toBe(onlyInA.length);
    expect((await local.store.list(objectKey(''))).length).toBe(stored - onlyInA.length);

    await expectServedIntact(local.kv, b.pointer);
    await expectComplete(local.kv, c.pointer.manifest);
    expect(await local.store.get(versionKey(a.pointer.version))).toBeNull();
    expect((await readState(local.store)).versions.map((record) => record.version)).toEqual([
      b.pointer.version,
      c.pointer.version,
    ]);
    await rollback(local.store, c.pointer.version);
    await expectServedIntact(local.kv, c.pointer);
    // The pruned version is still archived: rolling back to it puts its objects back into KV, and records it there again.
    expect(await rollback(local.store, a.pointer.version)).toMatchObject({
      restored: onlyInA.length,
    });
    await expectServedIntact(local.kv, a.pointer);
    expect((await readState(local.store)).versions.map((record) => record.version)).toEqual([
      b.pointer.version,
      c.pointer.version,
      a.pointer.version,
    ]);
  });

  it('keeps only the current version with --keep 0, and an interrupted gc never leaves a listed version incomplete', async () => {
    const steps: string[] = [];
    const { b } = await threeVersions();
    const beforeGc = await snapshotStore(local.store, local.r2);
    await collectGarbage(failingStore(local.store, Infinity, steps), { keep: 0 });
    // read state; the archive's history (are the dropped versions archived?); kept manifests, object listing, record listing;
    // their chunk lists, index heads and knowledge objects, then the chunks; then the index, stale records, objects
    expect(steps.map((step) => step.split(' ')[0])).toEqual([
      'getMany',
      'archive.get',
      'getMany',
      'list',
      'list',
      'getMany',
      'getMany',
      'putMany',
      'deleteMany',
      'deleteMany',
    ]);
    expect(await local.store.list('praxis:version:')).toEqual([
      `praxis:version:${b.pointer.version}`,
    ]);
    expect((await local.store.list(objectKey(''))).length).toBe(entryCount(b));

    for (let failAt = 0; failAt < steps.length; failAt++) {
      await restoreStore(local.store, beforeGc, local.r2);
      const current = b.pointer;
      await expect(collectGarbage(failingStore(local.store, failAt), { keep: 0 })).rejects.toThrow(
        /injected failure/,
      );
      for (const record of (await readState(local.store)).versions)
        await expectComplete(local.kv, record.manifest);
      await expectServedIntact(local.kv, current);
      await collectGarbage(local.store, { keep: 0 });
      expect(await local.store.list('praxis:version:')).toEqual([
        `praxis:version:${current.version}`,
      ]);
    }
  });

  it('keeps objects a manifest does not name, through the version record', async () => {
    const dir = await writeContent(await tempDir('praxis-content-'), processes(2));
    const bundle = await build(dir);
    // A kind whose index points at shards from another object: the manifest names only the first.
    const shard = '{"shard":1}';
    bundle.objects.set(sha256(shard), shard);
    await publishBundle(bundle, local.store, options);
    const [record] = (await readState(local.store)).versions;
    expect(record!.extraObjects).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse((await local.store.get(objectKey(record!.extraObjects!)))!)).toContain(
      sha256(shard),
    );
    await collectGarbage(local.store, { keep: 0 });
    expect(await local.store.get(objectKey(sha256(shard)))).toBe(shard);
  });

  it("keeps the bodies only a kept version's document chunks name, and refuses, deleting nothing, when a chunk is missing", async () => {
    const { b } = await threeVersions();
    const manifestText = b.objects.get(b.pointer.manifest)!;
    const manifest = JSON.parse(manifestText) as Manifest;
    const bodies = entriesFromObjects(manifest, 'processes', (hash) => b.objects.get(hash)).map(
      (entry) => entry.body,
    );
    const record = (await readState(local.store)).versions.find(
      (recorded) => recorded.version === b.pointer.version,
    )!;
    const extra = record.extraObjects
      ? (JSON.parse((await local.store.get(objectKey(record.extraObjects)))!) as string[])
      : [];
    expect(bodies).toHaveLength(3);
    for (const body of bodies) {
      expect(manifestText).not.toContain(body);
      expect(extra).not.toContain(body);
    }
    await collectGarbage(local.store, { keep: 0 });
    for (const body of bodies)
      expect(await local.store.get(objectKey(body))).toBe(b.objects.get(body));
    await expectServedIntact(local.kv, b.pointer);

    // A missing chunk, then a missing chunk list: each refused before anything is deleted.
    const list = manifest.kinds.processes.chunkList;
    const chunk = chunkRefsOf(manifest.kinds.processes, (hash) => objectText(b.objects, hash))[0]!
      .hash;
    for (const missing of [chunk, list]) {
      await local.store.deleteMany([objectKey(missing)]);
      const before = (await local.store.list('praxis:')).length;
      await expect(collectGarbage(local.store, { keep: 0 })).rejects.toThrow(
        `version ${b.pointer.version}: its chunk list, chunk, index head or knowledge object ${missing} is missing from the store`,
      );
      expect((await local.store.list('praxis:')).length).toBe(before);
    }
  });

  it('refuses, deleting nothing, when a kept manifest is missing or the current version has no record', async () => {
    const { b } = await threeVersions();
    await local.store.deleteMany([objectKey(b.pointer.manifest)]);
    const before = (await local.store.list('praxis:')).length;
    await expect(collectGarbage(local.store, { keep: 0 })).rejects.toThrow(
      `version ${b.pointer.version}: its manifest object ${b.pointer.manifest} is missing`,
    );
    expect((await local.store.list('praxis:')).length).toBe(before);

    await local.store.deleteMany([VERSIONS_INDEX_KEY]);
    await expect(collectGarbage(local.store, { keep: 0 })).rejects.toThrow(/has no version record/);
  });
});
