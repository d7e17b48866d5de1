// What gc keeps of a recorded version: every object its manifest reaches through its chunk lists,
// chunks and index heads — for this build's manifests, and for manifests older builds recorded,
// whose chunk lists were inline or JSON (a gc must never delete a kept version's chunks or bodies
// because its manifest or chunk list has another shape: a list stored as text names its chunks in
// packed bytes, not hex).
import { describe, expect, it } from 'vitest';
import { containersOf, versionObjects } from '../../../scripts/publish/reachability.ts';
import type { VersionRecord } from '../../../src/bundle/bundle.ts';
import { chunkListText } from '../../../src/bundle/chunk-list.ts';

const hash = (n: number) => n.toString(16).padStart(64, '0');
const [manifest, list, chunk, body, head, shard, recordList, recordChunk, recordBody] = [
  1, 2, 3, 4, 5, 6, 7, 8, 9,
].map(hash);

const chunkText = JSON.stringify([{ name: 'a', body }]);
const recordChunkText = JSON.stringify([{ id: 'r', body: recordBody }]);
const headText = JSON.stringify({ shards: [shard] });

const record = { version: 'v', manifest, load: [manifest] } as unknown as VersionRecord;

describe('the objects a recorded version needs', () => {
  it.each([
    [6, 'as text, its hashes packed', chunkListText([{ count: 1, hash: chunk }])],
    [5, 'as JSON', JSON.stringify([{ count: 1, hash: chunk }])],
  ])(
    'follow the chunk lists to the chunks and their bodies (schema %i: a kind’s list %s)',
    (schema, _how, listText) => {
      const manifestText = JSON.stringify({
        schema,
        kinds: { processes: { count: 1, chunkList: list, index: head } },
        records: { count: 1, chunkList: recordList },
      });
      const stored = new Map<string, string | null>([
        [manifest, manifestText],
        [list, listText],
        [recordList, JSON.stringify([{ count: 1, hash: recordChunk, first: 'r' }])],
        [chunk, chunkText],
        [recordChunk, recordChunkText],
        [head, headText],
      ]);
      // Before the lists are read, only they (and the heads) are known to read; then their chunks.
      expect(new Set(containersOf(manifestText, () => undefined))).toEqual(
        new Set([list, recordList, head]),
      );
      expect(new Set(containersOf(manifestText, (h) => stored.get(h)))).toEqual(
        new Set([list, recordList, chunk, recordChunk, head]),
      );
      expect(versionObjects(record, stored)).toEqual(
        new Set([manifest, list, recordList, chunk, recordChunk, head, body, recordBody, shard]),
      );
    },
  );

  it('follow an older manifest’s inline chunk lists to the same objects', () => {
    const manifestText = JSON.stringify({
      schema: 4,
      kinds: { processes: { count: 1, chunks: [{ count: 1, hash: chunk }], index: head } },
      records: { count: 1, chunks: [{ count: 1, hash: recordChunk, first: 'r' }] },
    });
    const stored = new Map<string, string | null>([
      [manifest, manifestText],
      [chunk, chunkText],
      [recordChunk, recordChunkText],
      [head, headText],
    ]);
    expect(new Set(containersOf(manifestText, () => undefined))).toEqual(
      new Set([chunk, recordChunk, head]),
    );
    expect(versionObjects(record, stored)).toEqual(
      new Set([manifest, chunk, recordChunk, head, body, recordBody, shard]),
    );
  });

  it('refuse, naming it, when a chunk list or a chunk it names is missing', () => {
    const manifestText = JSON.stringify({
      schema: 5,
      kinds: { processes: { count: 1, chunkList: list, index: head } },
    });
    const complete = new Map<string, string | null>([
      [manifest, manifestText],
      [list, JSON.stringify([{ count: 1, hash: chunk }])],
      [chunk, chunkText],
      [head, headText],
    ]);
    for (const missing of [list, chunk]) {
      const stored = new Map(complete);
      stored.set(missing, null);
      expect(() => versionObjects(record, stored)).toThrow(
        `version v: its chunk list, chunk, index head or knowledge object ${missing} is missing from the store`,
      );
    }
  });
});
