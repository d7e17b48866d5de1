// folderPagesOf against the definition pageTopicsOfIndexes scans for: a document is a page of every
// other document whose name followed by "-" starts its name.
import { describe, expect, it } from 'vitest';
import { folderPagesOf } from '../../../../scripts/compile/stream/folder-pages.ts';
import { seededRandom } from '../../../helpers/seeded-random.ts';

function byDefinition(names: readonly string[]) {
  const isIndex = new Uint8Array(names.length);
  const indexesOf = new Map<number, number[]>();
  names.forEach((page, position) => {
    const indexes = names.flatMap((index, at) =>
      at !== position && page.startsWith(`${index}-`) ? [at] : [],
    );
    for (const index of indexes) isIndex[index] = 1;
    if (indexes.length) indexesOf.set(position, indexes);
  });
  return { isIndex, indexesOf };
}

const sortedLists = (map: Map<number, number[]>) =>
  [...map].map(([position, list]) => [position, [...list].sort((a, b) => a - b)]).sort();

describe('folderPagesOf', () => {
  it('finds nested folders, and no page in a name that only shares the letters', () => {
    const names = ['e2e', 'e2e!', 'e2e-mobile', 'e2e-mobile-devices', 'e2ex', 'e2e-flaky', 'other'];
    const { isIndex, indexesOf } = folderPagesOf(names);
    expect([...isIndex]).toEqual([1, 0, 1, 0, 0, 0, 0]);
    expect(indexesOf.get(3)).toEqual([0, 2]);
    expect(indexesOf.get(5)).toEqual([0]);
    expect(indexesOf.has(1)).toBe(false);
    expect(indexesOf.has(4)).toBe(false);
  });

  it('agrees with the definition on random names', () => {
    const rng = seededRandom(11);
    const parts = ['a', 'b', 'ab', 'a-b', 'b!', '0'];
    for (let round = 0; round < 200; round++) {
      const names = Array.from({ length: rng.int(1, 30) }, () =>
        Array.from({ length: rng.int(1, 3) }, () => rng.pick(parts)).join(rng.pick(['-', '', '-'])),
      );
      const actual = folderPagesOf(names);
      const expected = byDefinition(names);
      expect([...actual.isIndex]).toEqual([...expected.isIndex]);
      expect(sortedLists(actual.indexesOf)).toEqual(sortedLists(expected.indexesOf));
    }
  });
});
