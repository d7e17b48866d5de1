// Where the main repository keeps each linked worktree's git directory: `<common dir>/worktrees/
// <id>/`, whose `gitdir` file names the worktree's `.git`. Read from the main repository only —
// these files are outside every session folder — so they say which git directory belongs to a
// session whatever its folder now contains.
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/** Admin dirs by the worktree path they record; a path claimed twice keeps every claimant. */
export async function adminDirsOf(commonDir: string): Promise<Map<string, string[]>> {
  const byPath = new Map<string, string[]>();
  const root = join(commonDir, 'worktrees');
  let ids: string[];
  try {
    ids = await readdir(root);
  } catch {
    return byPath;
  }
  for (const id of ids) {
    const adminDir = join(root, id);
    const recorded = await readFile(join(adminDir, 'gitdir'), 'utf8').catch(() => undefined);
    if (recorded === undefined || recorded.trim() === '') continue;
    const path = worktreePathOf(adminDir, recorded);
    byPath.set(path, [...(byPath.get(path) ?? []), adminDir]);
  }
  return byPath;
}

/** The worktree a `gitdir` file names: the directory holding the `.git` it records. */
export function worktreePathOf(adminDir: string, recorded: string): string {
  return dirname(resolve(adminDir, recorded.trim()));
}
