import { describe, expect, it } from 'vitest';
import { parseWorktreeList } from '../../../src/shim/sessions/worktree-list.ts';
import { PORCELAIN } from '../../helpers/shim/worktree-list-porcelain.ts';

describe('worktree list', () => {
  const worktrees = parseWorktreeList(PORCELAIN);
  it('parses records and attributes', () => {
    expect(worktrees).toHaveLength(4);
    expect(worktrees[1]).toEqual({
      path: '/s/one',
      head: 'bbb',
      branch: 'refs/heads/praxis/3f9a12c8',
      bare: false,
      detached: false,
      locked: true,
      prunable: false,
    });
    expect(worktrees[2]!.detached).toBe(true);
    expect(worktrees[3]!.prunable).toBe(true);
  });
});
