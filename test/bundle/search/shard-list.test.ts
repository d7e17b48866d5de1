// The pointer's packed shard lists: what the build packs is what a Worker unpacks, and anything
// else (a hand-made or damaged pointer) unpacks to nothing, so the shards are read after the head.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { packHashes } from '../../../src/bundle/packed-hashes.ts';
import { unpackShardHashes } from '../../../src/bundle/search/shard-list.ts';

const hashes = (count: number) =>
  Array.from({ length: count }, (_, i) => createHash('sha256').update(String(i)).digest('hex'));

describe('packed shard lists', () => {
  it('unpack to the hashes packed, in order, at 43 characters a shard', () => {
    for (const count of [1, 2, 64, 1024]) {
      const packed = packHashes(hashes(count));
      expect(unpackShardHashes(packed)).toEqual(hashes(count));
      expect(packed.length).toBeLessThanOrEqual(Math.ceil((count * 32) / 3) * 4);
    }
  });

  it('refuse to pack what is not an object hash', () => {
    expect(() => packHashes(['ABC'])).toThrow(/not an object hash/);
  });

  it('unpack to null from anything that is not a packed list of a power-of-two count', () => {
    for (const damaged of [
      undefined,
      null,
      42,
      '',
      '!!!not base64',
      btoa('x'.repeat(31)),
      packHashes(hashes(3)),
      [packHashes(hashes(2))],
      ...[' ', '-', '_', '=', '!'].map((bad) => `${bad}${packHashes(hashes(4)).slice(1)}`),
      `${packHashes(hashes(2)).slice(0, 40)}\n${packHashes(hashes(2)).slice(41)}`,
    ]) {
      expect(unpackShardHashes(damaged)).toBeNull();
    }
  });
});
