// A long list's interval bounds: what the pruned ranking skips by. Stored ones are each interval's
// largest digit exactly; derived ones (a sparse list stores none) are at least it; both are 0 only
// where the list has no posting, and the list's postings still decode as they were written.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BLOCK,
  INTERVAL,
  encodePostingArrays,
  firstPairAt,
  intervalBoundsOfBlocks,
  readSkipData,
} from '../../../src/bundle/search/postings.ts';
import { readDigit, readVarint } from '../../../src/bundle/search/codec.ts';
import { fuzzRuns } from '../../helpers/fuzz-runs.ts';

/** Each interval's largest digit among `ids` (0: none there), up to the last id's interval. */
function exactMaxima(ids: readonly number[], weights: readonly number[]): Uint8Array {
  const maxima = new Uint8Array(Math.floor(ids.at(-1)! / INTERVAL) + 1);
  ids.forEach((id, i) => {
    const interval = Math.floor(id / INTERVAL);
    maxima[interval] = Math.max(maxima[interval]!, weights[i]!);
  });
  return maxima;
}

/** A list of `length` ascending ids, gaps up to `spread`, digits 1–63. */
const lists = fc
  .record({
    length: fc.integer({ min: BLOCK + 1, max: 600 }),
    spread: fc.constantFrom(1, 3, 40, 400, 3000),
    seed: fc.array(fc.integer({ min: 0, max: 1 << 20 }), { minLength: 601, maxLength: 601 }),
  })
  .map(({ length, spread, seed }) => {
    const ids: number[] = [];
    const weights: number[] = [];
    let id = -1;
    for (let i = 0; i < length; i++) {
      id += 1 + (seed[i]! % spread);
      ids.push(id);
      weights.push(1 + (seed[i]! % 63));
    }
    return { ids, weights };
  });

describe('interval bounds of a long list', () => {
  it('are stored exactly for a dense list and derived from its blocks for a sparse one', () => {
    let stored = 0;
    let derived = 0;
    fc.assert(
      fc.property(lists, ({ ids, weights }) => {
        const postings = encodePostingArrays(ids, weights, 0, null);
        const skip = readSkipData(postings, 0, 0)!;
        const exact = exactMaxima(ids, weights);
        expect(skip.intervalMax.length).toBe(exact.length);
        const fromBlocks = intervalBoundsOfBlocks(skip.last, skip.blockMax);
        if (ids.length >= 2 * exact.length) {
          stored += 1;
          expect(skip.intervalMax).toEqual(exact);
        } else {
          derived += 1;
          expect(skip.intervalMax).toEqual(fromBlocks);
        }
        exact.forEach((max, i) => {
          expect(fromBlocks[i]).toBeGreaterThanOrEqual(max);
          // Zero only where nothing is: the ranking takes a 0 to mean the list is absent.
          if (max > 0) expect(skip.intervalMax[i]).toBeGreaterThan(0);
        });
        // The pairs after the skip data are the list as written.
        const reader = { text: postings, pos: firstPairAt(postings, 0, 0) };
        let id = -1;
        ids.forEach((expected, i) => {
          id += readVarint(reader) + 1;
          expect(id).toBe(expected);
          expect(readDigit(reader)).toBe(weights[i]);
        });
        expect(reader.pos).toBe(postings.length);
      }),
      { numRuns: fuzzRuns(200) },
    );
    expect(stored).toBeGreaterThan(0);
    expect(derived).toBeGreaterThan(0);
  });
});
