import { describe, expect, it } from 'vitest';
import { mergeArgs, parseMergeTree } from '../../../src/shim/git/merge.ts';

describe('git output parsers', () => {
  it('parses merge-tree results', () => {
    expect(parseMergeTree('abc\0', 0)).toEqual({ tree: 'abc', conflicts: [], clean: true });
    expect(parseMergeTree('abc\0a.txt\0b.txt\0a.txt\0', 1)).toEqual({
      tree: 'abc',
      conflicts: ['a.txt', 'b.txt'],
      clean: false,
    });
  });
});

describe('git invocation', () => {
  it('builds merge argv with -- before the commit, never forcing or stashing', () => {
    const oid = 'a'.repeat(40);
    expect(mergeArgs('commit', oid, 'msg')).toEqual([
      'merge',
      '--no-ff',
      '--no-edit',
      '--no-autostash',
      '--no-verify',
      '-m',
      'msg',
      '--',
      oid,
    ]);
    expect(mergeArgs('squash', oid, 'msg')).toEqual([
      'merge',
      '--squash',
      '--no-autostash',
      '--no-verify',
      '--',
      oid,
    ]);
    expect(mergeArgs('no-commit', oid, 'msg')).toContain('--no-commit');
    for (const mode of ['commit', 'squash', 'no-commit'] as const) {
      expect(mergeArgs(mode, oid, 'm').join(' ')).not.toMatch(/--force|reset|-X|--strategy/);
    }
  });
});
