// Which repository a git process works on, always named rather than discovered: the git
// directory and the work tree are passed explicitly, so no `.git` file or directory inside a
// work tree can point git anywhere else.
import { dirname } from 'node:path';

export interface GitTarget {
  /** The git directory: the main repository's, or the admin dir it keeps for a linked worktree. */
  gitDir: string;
  /** The top of the work tree that goes with it. */
  workTree: string;
}

/** Directories git must not climb into looking for a repository (for anything git spawns). */
export function ceilingOf(target: GitTarget): string {
  return [target.workTree, dirname(target.workTree)].join(':');
}
