// A session is only ever touched through the git directory the main repository keeps for it.
// Before any git process runs on a session, its `.git` must be the plain file git wrote, naming
// exactly that directory; anything else — a directory, a link, a file naming another git
// directory — means the folder was changed to redirect git, and the session is refused by name.
import { lstat, readFile, realpath } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { GitTarget } from '../git/target.ts';
import { Refusal } from '../refusal.ts';
import type { Session } from './resolve.ts';

/** Larger than any path git writes; a bigger `.git` file is not git's. */
const MAX_GIT_FILE_BYTES = 4096;

export type Verification = { ok: true; target: GitTarget } | { ok: false; problem: string };

/** The main worktree: its `.git` is the common git directory itself. */
export interface MainWorktree {
  path: string;
  commonDir: string;
}

export async function verifySession(
  session: Session,
  adminDirs: Map<string, string[]>,
  main: MainWorktree | undefined,
): Promise<Verification> {
  // When the active working directory is a linked worktree, the main checkout is one of the
  // sessions; its `.git` must be the common git directory itself, not a link to it.
  if (main && session.path === main.path) {
    const problem = await gitDirectoryProblem(session.path, main.commonDir);
    return problem
      ? { ok: false, problem }
      : { ok: true, target: { gitDir: main.commonDir, workTree: session.path } };
  }
  const claimed = adminDirs.get(session.path) ?? [];
  if (claimed.length !== 1) {
    return {
      ok: false,
      problem:
        claimed.length === 0
          ? 'the main repository records no git directory for it'
          : `the main repository records ${claimed.length} git directories for it (${claimed.join(', ')})`,
    };
  }
  const adminDir = claimed[0]!;
  const problem = await gitFileProblem(session.path, adminDir);
  return problem
    ? { ok: false, problem }
    : { ok: true, target: { gitDir: adminDir, workTree: session.path } };
}

/** Why `<worktree>/.git` is not the file git writes for the worktree kept at `adminDir`. */
export async function gitFileProblem(
  worktree: string,
  adminDir: string,
): Promise<string | undefined> {
  const path = join(worktree, '.git');
  const stat = await lstat(path).catch(() => undefined);
  if (!stat) return 'its .git file is missing';
  if (stat.isSymbolicLink())
    return 'its .git is a symbolic link, not the file git writes for a worktree';
  if (stat.isDirectory()) return 'its .git is a directory, not the file git writes for a worktree';
  if (!stat.isFile() || stat.size > MAX_GIT_FILE_BYTES)
    return 'its .git is not the small file git writes for a worktree';
  const pointer = parseGitFile(await readFile(path, 'utf8'));
  if (pointer === undefined) return 'its .git file does not have the form "gitdir: <path>"';
  const named = resolve(worktree, pointer);
  if ((await realOrSelf(named)) !== (await realOrSelf(adminDir))) {
    return `its .git file names ${named}, not ${adminDir}, the git directory the main repository keeps for it`;
  }
  return undefined;
}

async function gitDirectoryProblem(
  worktree: string,
  commonDir: string,
): Promise<string | undefined> {
  const path = join(worktree, '.git');
  const stat = await lstat(path).catch(() => undefined);
  if (!stat?.isDirectory()) return 'its .git is not the directory of the main repository';
  if ((await realOrSelf(path)) !== (await realOrSelf(commonDir)))
    return `its .git is not ${commonDir}, the main repository's git directory`;
  return undefined;
}

/** The path in a `.git` file's single `gitdir: <path>` line, or undefined. */
export function parseGitFile(text: string): string | undefined {
  const match = /^gitdir: ([^\n]+)\n?$/.exec(text);
  return match?.[1];
}

async function realOrSelf(path: string): Promise<string> {
  return realpath(path).catch(() => `unresolvable:${path}`);
}

export function unverifiedRefusal(failures: Array<{ session: Session; problem: string }>): Refusal {
  const lines = failures.map(
    ({ session, problem }) =>
      `Session '${session.id}' (${session.path}) cannot be verified: ${problem}.`,
  );
  return new Refusal(
    'SESSION_NOT_VERIFIED',
    `${lines.join('\n')}\nPraxis runs git on a session only through the git directory the main repository keeps for it, so it neither reads nor merges ${failures.length === 1 ? 'this session' : 'these sessions'}. Nothing was changed. Inspect the folder before trusting its contents.`,
    failures.map(({ session }) => session.path),
  );
}
