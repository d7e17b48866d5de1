// A worktree's `.git` file points at its admin folder, whose `gitdir` file points back: one case
// reads both ends, verify.ts's parseGitFile and admin-dirs.ts's worktreePathOf.
import { describe, expect, it } from 'vitest';
import { parseGitFile } from '../../../src/shim/sessions/verify.ts';
import { worktreePathOf } from '../../../src/shim/sessions/admin-dirs.ts';

describe('git invocation', () => {
  it('reads the gitdir line of a worktree .git file and the path a gitdir file records', () => {
    expect(parseGitFile('gitdir: /r/.git/worktrees/s\n')).toBe('/r/.git/worktrees/s');
    expect(parseGitFile('gitdir: .evil')).toBe('.evil');
    expect(parseGitFile('gitdir: a\ngitdir: b\n')).toBeUndefined();
    expect(parseGitFile('[core]\n')).toBeUndefined();
    expect(worktreePathOf('/r/.git/worktrees/s', '/w/s/.git\n')).toBe('/w/s');
    expect(worktreePathOf('/r/.git/worktrees/s', '../../../../w/s/.git')).toBe('/w/s');
  });
});
