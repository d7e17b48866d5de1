// Per-session facts for listing: how far the session is from the active branch, and whether
// its worktree has uncommitted work. Read-only (GIT_OPTIONAL_LOCKS=0 keeps status from
// refreshing the index).
import { git, splitNul, type GitTarget } from '../git/run.ts';

export interface Divergence {
  /** Commits on the session that the active branch does not have. */
  ahead: number;
  /** Commits on the active branch that the session does not have. */
  behind: number;
}

export async function divergence(
  active: GitTarget,
  activeHead: string,
  sessionHead: string,
): Promise<Divergence> {
  const { stdout } = await git(active, [
    'rev-list',
    '--left-right',
    '--count',
    `${activeHead}...${sessionHead}`,
    '--',
  ]);
  return parseLeftRightCount(stdout);
}

/** `git rev-list --left-right --count A...B` prints "<only in A>\t<only in B>". */
export function parseLeftRightCount(output: string): Divergence {
  const [left, right] = output.trim().split(/\s+/).map(Number);
  return { behind: left ?? 0, ahead: right ?? 0 };
}

/**
 * Paths with uncommitted changes, untracked files included and ignored files excluded. A
 * submodule counts by the commit it is at, never by looking inside it: that would run git again
 * in a repository found from files in the work tree.
 */
export async function changedPaths(target: GitTarget): Promise<string[]> {
  const { stdout } = await git(target, [
    'status',
    '--porcelain=v1',
    '-z',
    '--untracked-files=all',
    '--ignore-submodules=dirty',
  ]);
  return parsePorcelainPaths(stdout);
}

/** Paths from `git status --porcelain=v1 -z`; a rename's second field (its old path) is skipped. */
export function parsePorcelainPaths(output: string): string[] {
  const fields = splitNul(output);
  const paths: string[] = [];
  for (let i = 0; i < fields.length; i++) {
    const entry = fields[i]!;
    paths.push(entry.slice(3));
    if (entry[0] === 'R' || entry[0] === 'C') i++;
  }
  return paths;
}
