import { describe, expect, it } from 'vitest';
import { parseNumstat, totalsOf } from '../../../src/shim/git/diff.ts';

describe('git output parsers', () => {
  it('parses numstat with renames and binaries', () => {
    const stats = parseNumstat(
      '3\t1\tsrc/a.ts\0-\t-\timg.png\x000\t0\t\0old name.txt\0new name.txt\0',
    );
    expect(stats).toEqual([
      { path: 'src/a.ts', added: 3, deleted: 1 },
      { path: 'img.png', added: null, deleted: null },
      { oldPath: 'old name.txt', path: 'new name.txt', added: 0, deleted: 0 },
    ]);
    expect(totalsOf(stats)).toEqual({ files: 3, insertions: 3, deletions: 1, binary: 1 });
  });
});
