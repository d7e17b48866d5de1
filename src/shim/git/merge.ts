// Merging a session commit into the active working directory, in two steps: `git merge-tree
// --write-tree` computes the result in the object store only — conflicts are found before the
// working directory is touched — and `git merge` applies a result already known to be clean.
import { git, splitNul, type GitTarget } from './run.ts';

export type MergeMode = 'commit' | 'no-commit' | 'squash';

export interface MergePreview {
  /** The tree the merge produces (with conflict markers when there are conflicts). */
  tree: string;
  /** Conflicted paths; empty when the merge is clean. */
  conflicts: string[];
  clean: boolean;
}

export async function previewMerge(
  target: GitTarget,
  ours: string,
  theirs: string,
): Promise<MergePreview> {
  const { stdout, code } = await git(
    target,
    ['merge-tree', '--write-tree', '--name-only', '--no-messages', '-z', '--', ours, theirs],
    { okCodes: [0, 1] },
  );
  return parseMergeTree(stdout, code);
}

/** Parses `git merge-tree --write-tree --name-only -z`: the tree, then each conflicted path. */
export function parseMergeTree(output: string, exitCode: number): MergePreview {
  const [tree = '', ...paths] = splitNul(output).filter(Boolean);
  return { tree, conflicts: [...new Set(paths)], clean: exitCode === 0 };
}

/** The argv of `git merge` for a mode; the commit is a full object id we resolved ourselves. */
export function mergeArgs(mode: MergeMode, commit: string, message: string): string[] {
  // Never stash the person's work on their behalf, and never run hooks (also disabled globally).
  const common = ['--no-autostash', '--no-verify'];
  if (mode === 'squash') return ['merge', '--squash', ...common, '--', commit];
  if (mode === 'no-commit')
    return ['merge', '--no-ff', '--no-commit', ...common, '-m', message, '--', commit];
  return ['merge', '--no-ff', '--no-edit', ...common, '-m', message, '--', commit];
}

export async function applyMerge(
  target: GitTarget,
  mode: MergeMode,
  commit: string,
  message: string,
): Promise<void> {
  await git(target, mergeArgs(mode, commit, message));
}

/**
 * A commit object for a session's uncommitted work, parented on its HEAD, so that what
 * `worktree_get` merges is what `worktree_read` showed. No ref points at it; the session's
 * branch, index and files are left alone.
 */
export async function commitSnapshot(
  target: GitTarget,
  tree: string,
  parent: string,
  message: string,
): Promise<string> {
  return (await git(target, ['commit-tree', tree, '-p', parent, '-m', message])).stdout.trim();
}
