import { describe, expect, it } from 'vitest';
import { parseWorktreeList } from '../../../src/shim/sessions/worktree-list.ts';
import { findSession, namesOf } from '../../../src/shim/sessions/resolve.ts';
import { PORCELAIN } from '../../helpers/shim/worktree-list-porcelain.ts';

describe('worktree list', () => {
  const worktrees = parseWorktreeList(PORCELAIN);
  it('names a worktree by directory, then branch leaf', () => {
    expect(namesOf(worktrees[1]!)).toEqual(['one', '3f9a12c8']);
    expect(namesOf(worktrees[2]!)).toEqual(['two']);
  });
  it('finds sessions by either name, never the active tree or a pruned one', () => {
    expect(findSession(worktrees, '/r', 'one')).toMatchObject({
      found: true,
      session: { path: '/s/one', id: 'one' },
    });
    expect(findSession(worktrees, '/r', '3f9a12c8')).toMatchObject({
      found: true,
      session: { path: '/s/one' },
    });
    expect(findSession(worktrees, '/r', 'r')).toMatchObject({ found: false, reason: 'active' });
    expect(findSession(worktrees, '/r', 'main')).toMatchObject({ found: false, reason: 'active' });
    expect(findSession(worktrees, '/r', 'gone')).toMatchObject({
      found: false,
      reason: 'unknown',
      candidates: ['one', 'two'],
    });
  });
  it('refuses to guess between two worktrees with the same name', () => {
    const twins = parseWorktreeList(
      [
        'worktree /r',
        'HEAD a',
        '',
        'worktree /x/dup',
        'HEAD b',
        '',
        'worktree /y/other',
        'HEAD c',
        'branch refs/heads/p/dup',
        '',
      ].join('\0'),
    );
    expect(findSession(twins, '/r', 'dup')).toMatchObject({
      found: false,
      reason: 'ambiguous',
      candidates: ['/x/dup', '/y/other'],
    });
  });
});
