// `git worktree list --porcelain -z` output of a repository at /r with three session worktrees: one
// locked on a praxis branch, one detached, one whose folder is gone (prunable). Parsed by the
// worktree-list tests and looked up in by the resolve tests.
export const PORCELAIN = [
  'worktree /r',
  'HEAD aaa',
  'branch refs/heads/main',
  '',
  'worktree /s/one',
  'HEAD bbb',
  'branch refs/heads/praxis/3f9a12c8',
  'locked',
  '',
  'worktree /s/two',
  'HEAD ccc',
  'detached',
  '',
  'worktree /s/gone',
  'HEAD ddd',
  'branch refs/heads/praxis/gone',
  'prunable gitdir file points to non-existent location',
  '',
].join('\0');
