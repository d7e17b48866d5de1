// A session's full state — commits, staged and unstaged edits, untracked files — as one git
// tree, built without touching the session: `git add --all` runs against a copy of its index
// in a temporary directory (GIT_INDEX_FILE), so its index and files stay exactly as they were.
// The only lasting effect is new blobs/trees in the shared object store, which git's garbage
// collection removes when nothing refers to them.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { git, type GitTarget } from './run.ts';

export interface Snapshot {
  /** The tree of everything in the session worktree, ignored files excepted. */
  tree: string;
  /** The tree of the session's HEAD commit. */
  headTree: string;
}

export async function snapshotOf(session: GitTarget, head: string): Promise<Snapshot> {
  const scratch = await mkdtemp(join(tmpdir(), 'praxis-shim-'));
  try {
    const indexFile = join(scratch, 'index');
    await seedIndex(session, indexFile, head);
    await git(session, ['add', '--all', '--', '.'], { indexFile });
    const tree = (await git(session, ['write-tree'], { indexFile })).stdout.trim();
    const headTree = (await git(session, ['rev-parse', '--verify', '--end-of-options', `${head}^{tree}`])).stdout.trim();
    return { tree, headTree };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

// Starting from a copy of the real index keeps its stat cache, so unchanged files are not
// re-hashed and staged-only changes are kept; a worktree without an index starts from HEAD.
async function seedIndex(session: GitTarget, indexCopy: string, head: string): Promise<void> {
  try {
    await copyFile(join(session.gitDir, 'index'), indexCopy);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await git(session, ['read-tree', head], { indexFile: indexCopy });
  }
}
