// Cloudflare's limits by construction: objects that grow with the corpus are stored in parts, each
// part far below KV's value limit, and a bundle that would break a limit is refused before anything
// is written, naming the object, its size, the limit and what to do.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectText, type Bundle } from '../../../scripts/compile/assemble.ts';
import { chunkRefsOf } from '../../../src/bundle/document-chunks.ts';
import { buildContent } from '../../../scripts/compile/build.ts';
import { platformProblems } from '../../../scripts/compile/platform-check.ts';
import { objectKey, POINTER_KEY, type Manifest } from '../../../src/bundle/bundle.ts';
import { isPartsList, partsOf } from '../../../src/bundle/object-parts.ts';
import { KV } from '../../../src/bundle/platform-limits.ts';
import type { ShardedIndex } from '../../../src/bundle/search/index.ts';
import { packHashes } from '../../../src/bundle/packed-hashes.ts';
import { unpackShardHashes } from '../../../src/bundle/search/shard-list.ts';
import { writeCorpus } from '../../helpers/node/generated-corpus.ts';
import { openLocalStore } from '../../../scripts/publish/local-store.ts';
import { publishBundle } from '../../../scripts/publish/publish.ts';

const DOCUMENTS = 1500;
const PART_CHARS = 4096;
let dir: string;
let whole: Bundle;
let parted: Bundle;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'praxis-limits-'));
  await writeCorpus(join(dir, 'content'), DOCUMENTS);
  const built = await buildContent(join(dir, 'content'), () => undefined);
  const inParts = await buildContent(join(dir, 'content'), () => undefined, {
    partChars: PART_CHARS,
  });
  if (!built.ok || !inParts.ok) throw new Error('the generated corpus does not build');
  whole = built.bundle;
  parted = inParts.bundle;
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('objects that grow with the corpus are stored in parts', () => {
  it('keeps every stored value of a generated corpus within the part size, and the same content under the same hashes', () => {
    const manifest = JSON.parse(objectText(parted.objects, parted.pointer.manifest)!) as Manifest;
    // What grows with the corpus is stored in parts: names, graph record chunks, graph and search
    // indexes (chunk lists too, past 4096 characters: about 50 chunks, more than this corpus has).
    const text = (hash: string) => objectText(parted.objects, hash);
    const grown = [
      manifest.kinds.processes.names,
      manifest.kinds.checklists.names,
      ...chunkRefsOf(manifest.records!, text).map((chunk) => chunk.hash),
    ];
    for (const hash of grown) expect(isPartsList(parted.objects.get(hash)!)).toBe(true);
    for (const [hash, stored] of parted.objects) {
      if (isPartsList(stored)) expect(partsOf(stored).length).toBeGreaterThan(1);
      else expect(stored.length, `object ${hash}`).toBeLessThanOrEqual(PART_CHARS);
    }
    // Every object of the whole-object build is there, with the same text, joined from its parts.
    for (const [hash, text] of whole.objects) expect(objectText(parted.objects, hash)).toBe(text);
    expect(parted.pointer.manifest).toBe(whole.pointer.manifest);
  });

  it('names in the pointer every object loading reads, parts included, and keeps the pointer small', () => {
    const manifest = JSON.parse(objectText(parted.objects, parted.pointer.manifest)!) as Manifest;
    const load = new Set(parted.pointer.load);
    for (const hash of [
      parted.pointer.manifest,
      manifest.knowledge!,
      manifest.kinds.processes.names,
      manifest.kinds.processes.index,
    ]) {
      expect(load.has(hash)).toBe(true);
      const stored = parted.objects.get(hash)!;
      if (isPartsList(stored))
        for (const part of partsOf(stored)) expect(load.has(part)).toBe(true);
    }
    // Besides the load list, the pointer carries each kind's shard hashes (43 characters a shard):
    // those the index head names, in order, so a cold search can read its shards beside the head.
    const { shards, ...rest } = whole.pointer;
    expect(Buffer.byteLength(JSON.stringify(rest))).toBeLessThan(2048);
    const wholeManifest = JSON.parse(
      objectText(whole.objects, whole.pointer.manifest)!,
    ) as Manifest;
    for (const kind of ['processes', 'checklists'] as const) {
      const head = JSON.parse(
        objectText(whole.objects, wholeManifest.kinds[kind].index)!,
      ) as ShardedIndex;
      expect(unpackShardHashes(shards?.[kind])).toEqual(head.shards);
    }
  });

  it('finds nothing to refuse in either build', () => {
    expect(platformProblems(whole)).toEqual([]);
    expect(platformProblems(parted)).toEqual([]);
  });
});

describe('a bundle that breaks a limit is refused', () => {
  const over = (bundle: Bundle, hash: string, bytes: number): Bundle => ({
    pointer: bundle.pointer,
    objects: new Map([...bundle.objects, [hash, 'x'.repeat(bytes)]]),
  });
  const aBody = () => {
    const manifest = JSON.parse(objectText(whole.objects, whole.pointer.manifest)!) as Manifest;
    const [chunk] = chunkRefsOf(manifest.kinds.processes, (hash) =>
      objectText(whole.objects, hash),
    );
    const [entry] = JSON.parse(objectText(whole.objects, chunk!.hash)!) as Array<{
      body: string;
      path: string;
    }>;
    return entry!;
  };

  it('names the object, its size, the limit and what to do', () => {
    const entry = aBody();
    const [problem, ...rest] = platformProblems(
      over(whole, entry.body, KV.valueBytes + 1024 * 1024),
    );
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ key: objectKey(entry.body), file: entry.path });
    expect(problem!.message).toContain(`body of ${entry.path}`);
    expect(problem!.message).toContain('26.0 MiB');
    expect(problem!.message).toContain('at most 25.0 MiB');
    expect(problem!.message).toContain('split the document');
  });

  it("refuses an object stored whole above the build's target, long before KV's limit", () => {
    const manifest = JSON.parse(objectText(whole.objects, whole.pointer.manifest)!) as Manifest;
    const [problem] = platformProblems(
      over(whole, manifest.kinds.checklists.names, 6 * 1024 * 1024),
    );
    expect(problem!.message).toMatch(
      /names of checklists .* is 6\.0 MiB; the build keeps every object under 5\.0 MiB .*store it in parts/,
    );
  });

  it('refuses a pointer too large to re-read every few seconds', () => {
    const bundle = {
      pointer: {
        ...whole.pointer,
        load: Array.from({ length: 2000 }, (_, i) => String(i).padStart(64, '0')),
      },
      objects: whole.objects,
    };
    expect(platformProblems(bundle).map((problem) => problem.key)).toContain(POINTER_KEY);
    const shardList = packHashes(
      Array.from({ length: 4096 }, (_, i) => String(i).padStart(64, '0')),
    );
    const sharded = {
      pointer: { ...whole.pointer, shards: { processes: shardList, checklists: shardList } },
      objects: whole.objects,
    };
    expect(
      platformProblems(sharded)
        .map((problem) => problem.message)
        .join('\n'),
    ).toMatch(/search shard lists of 2 kinds.*lower MAX_SHARDS/);
  });

  it('publishes nothing: the store keeps no pointer and no object', async () => {
    const store = await openLocalStore({ persistTo: join(dir, 'state') });
    try {
      await expect(
        publishBundle(over(whole, aBody().body, KV.valueBytes + 1), store, { author: null }),
      ).rejects.toThrow(/breaks Cloudflare's limits; nothing was written/);
      expect(await store.get(POINTER_KEY)).toBeNull();
      expect(await store.list('praxis:obj:')).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
