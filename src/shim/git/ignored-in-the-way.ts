// Files a merge would write over without a word: git treats ignored files as expendable, so
// merging a session that added a path the active tree ignores (a force-added `.env`, say)
// silently replaces the person's file there. Before merging, every path the merge adds is
// checked against what is on disk in the active working directory — the path itself, and any
// non-directory standing where the path needs a directory.
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { DIFF_FLAGS } from './diff.ts';
import { git, splitNul, type GitTarget } from './run.ts';

/** Paths (relative to the work tree) on disk but not tracked that merging `tree` into `head` would replace. */
export async function untrackedPathsInTheWay(
  active: GitTarget,
  head: string,
  tree: string,
): Promise<string[]> {
  const { added, tracked } = await addedAndTracked(active, head, tree);
  const inTheWay = new Set<string>();
  for (const path of added) {
    for (const blocker of await blockersOf(active.workTree, path, tracked)) inTheWay.add(blocker);
  }
  return [...inTheWay].sort();
}

/** Paths the merge adds, and paths it changes that `head` already tracks. */
async function addedAndTracked(
  active: GitTarget,
  head: string,
  tree: string,
): Promise<{ added: string[]; tracked: Set<string> }> {
  const { stdout } = await git(active, [
    'diff',
    ...DIFF_FLAGS.filter((f) => f !== '--find-renames'),
    '--no-renames',
    '--name-status',
    '-z',
    head,
    tree,
    '--',
  ]);
  return parseNameStatus(splitNul(stdout));
}

/** `git diff --name-status -z --no-renames`: "status\0path\0" pairs. */
export function parseNameStatus(fields: string[]): { added: string[]; tracked: Set<string> } {
  const added: string[] = [];
  const tracked = new Set<string>();
  for (let i = 0; i + 1 < fields.length; i += 2) {
    if (fields[i] === 'A') added.push(fields[i + 1]!);
    else tracked.add(fields[i + 1]!);
  }
  return { added, tracked };
}

/** What already stands at `path` or at a parent the path needs to be a directory. */
async function blockersOf(top: string, path: string, tracked: Set<string>): Promise<string[]> {
  const parts = path.split('/');
  for (let depth = 1; depth < parts.length; depth++) {
    const parent = parts.slice(0, depth).join('/');
    const stat = await lstat(join(top, parent)).catch(() => undefined);
    if (!stat) return [];
    if (!stat.isDirectory()) return tracked.has(parent) ? [] : [parent];
  }
  const stat = await lstat(join(top, path)).catch(() => undefined);
  if (!stat) return [];
  return [stat.isDirectory() ? `${path}/` : path];
}
