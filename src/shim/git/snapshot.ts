// A session's full state — commits, staged and unstaged edits, untracked files — as one git
// tree, built without touching the session: `git add --all` runs against a copy of its index
// in a temporary directory (GIT_INDEX_FILE), so its index and files stay exactly as they were.
// The only lasting effect is new blobs/trees in the shared object store, which git's garbage
// collection removes when nothing refers to them. Submodules keep the commit the session's index
// records: `git add` would otherwise run `git status` inside each one, in a repository found
// from files in the session folder.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { git, splitNul, type GitTarget } from './run.ts';

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
    const submodules = await gitlinksIn(session, indexFile);
    await git(
      session,
      ['add', '--all', '--', '.', ...submodules.map((path) => `:(exclude,literal)${path}`)],
      { indexFile },
    );
    const tree = (await git(session, ['write-tree'], { indexFile })).stdout.trim();
    const headTree = (
      await git(session, ['rev-parse', '--verify', '--end-of-options', `${head}^{tree}`])
    ).stdout.trim();
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

/** Paths of the submodule entries (gitlinks) in an index. */
async function gitlinksIn(session: GitTarget, indexFile: string): Promise<string[]> {
  const { stdout } = await git(session, ['ls-files', '--stage', '-z'], { indexFile });
  return parseGitlinks(stdout);
}

/** `git ls-files --stage -z`: "mode oid stage\tpath\0"; gitlinks have mode 160000. */
export function parseGitlinks(output: string): string[] {
  return splitNul(output)
    .filter((entry) => entry.startsWith('160000 '))
    .map((entry) => entry.slice(entry.indexOf('\t') + 1));
}
