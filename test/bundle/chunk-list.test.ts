// A kind's chunk list stored as text: what the build writes is what every reader gets back, at about
// half the bytes of JSON, a position's chunk found without decoding the list; a list written as
// JSON (schema 5) reads the same; a damaged one is refused, naming what does not add up.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ChunkRef } from '../../src/bundle/bundle.ts';
import {
  chunkListOf,
  chunkListText,
  packedChunkHashes,
  storedChunkRefs,
} from '../../src/bundle/chunk-list.ts';

const refs = (count: number): ChunkRef[] =>
  Array.from({ length: count }, (_, i) => ({
    count: 1 + ((i * 37) % 128),
    hash: createHash('sha256').update(String(i)).digest('hex'),
  }));

describe('a chunk list stored as text', () => {
  it('gives back the chunks stored, in order, at about half the characters of JSON', () => {
    for (const count of [1, 2, 63, 6094]) {
      const chunks = refs(count);
      const text = chunkListText(chunks);
      expect(storedChunkRefs(text)).toEqual(chunks);
      expect(packedChunkHashes(text)).toEqual(chunks.map((chunk) => chunk.hash));
      if (count > 60) expect(text.length).toBeLessThan(JSON.stringify(chunks).length * 0.6);
    }
  });

  it('holds a kind of up to 64^5 − 1 entries and refuses to store more', () => {
    const big = [
      { count: 64 ** 5 - 2, hash: refs(1)[0]!.hash },
      { count: 1, hash: refs(2)[1]!.hash },
    ];
    const list = chunkListOf(chunkListText(big));
    expect(list.entries).toBe(64 ** 5 - 1);
    expect(list.chunkAt(64 ** 5 - 2)).toBe(1);
    expect(list.chunkAt(64 ** 5 - 3)).toBe(0);
    expect(() => chunkListText([...big, { count: 1, hash: big[0]!.hash }])).toThrow(
      /more than a chunk list holds/,
    );
    expect(chunkListOf(chunkListText([]))).toMatchObject({ chunks: 0, entries: 0 });
  });

  it('finds the chunk of every position and where each chunk starts', () => {
    const chunks = refs(40);
    const list = chunkListOf(chunkListText(chunks));
    let position = 0;
    chunks.forEach((chunk, index) => {
      expect(list.startOf(index)).toBe(position);
      for (let offset = 0; offset < chunk.count; offset++)
        expect(list.chunkAt(position + offset)).toBe(index);
      position += chunk.count;
    });
    expect(list).toMatchObject({ chunks: 40, entries: position });
    expect(list.hashAt(39)).toBe(chunks[39]!.hash);
    expect(() => list.hashAt(40)).toThrow(RangeError);
  });

  it('reads a list stored as JSON the same way, and names no packed hashes in it', () => {
    const chunks = refs(30);
    const json = JSON.stringify(chunks);
    const fromJson = chunkListOf(json);
    const fromText = chunkListOf(chunkListText(chunks));
    for (let position = 0; position < fromText.entries; position += 7)
      expect(fromJson.chunkAt(position)).toBe(fromText.chunkAt(position));
    expect(storedChunkRefs(json)).toEqual(chunks);
    expect(packedChunkHashes(json)).toEqual([]);
  });

  it('refuses a damaged list, naming what does not add up', () => {
    const text = chunkListText(refs(5));
    const [marker, ends, packed] = text.split('\n');
    expect(() => chunkListOf(`${marker}\n${ends}A\n${packed}`)).toThrow(
      'damaged chunk list: 26 digits of chunk ends and 5 hashes',
    );
    expect(() => chunkListOf(`${marker}\n${ends}AAAAB\n${packed}`)).toThrow(
      'damaged chunk list: 30 digits of chunk ends and 5 hashes',
    );
    expect(() => chunkListOf(`${marker}\n${ends}\n${packed!.slice(0, -4)}`)).toThrow(
      /damaged chunk list: 25 digits of chunk ends and (no readable|4) hashes/,
    );
    expect(() => chunkListOf(`${marker}\n${ends}\n!!`)).toThrow(
      'damaged chunk list: 25 digits of chunk ends and no readable hashes',
    );
    expect(() => chunkListOf(`${marker}\n${ends}`)).toThrow(
      'damaged chunk list: one line and no readable hashes',
    );
    // A damaged character is found where it is read: the chunks before it still read.
    const flawed = chunkListOf(
      `${marker}\n${ends}\n${packed!.slice(0, 100)}*${packed!.slice(101)}`,
    );
    expect(flawed.hashAt(0)).toBe(refs(5)[0]!.hash);
    expect(() => flawed.hashAt(2)).toThrow('damaged chunk list: the hash of chunk 2 is not base64');
    // White space, which atob would skip, is damage too: no hash is built from fewer bytes.
    const spaced = chunkListOf(
      `${marker}\n${ends}\n${packed!.slice(0, 100)} ${packed!.slice(101)}`,
    );
    expect(() => spaced.hashAt(2)).toThrow('damaged chunk list: the hash of chunk 2 is not base64');
    expect(() => chunkListOf('{"count":1}')).toThrow(
      'damaged chunk list: neither text nor a JSON list',
    );
  });

  it('refuses to store a hash that is not one', () => {
    expect(() => chunkListText([{ count: 1, hash: 'ABC' }])).toThrow(/not an object hash/);
  });
});
