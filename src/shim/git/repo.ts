// The active repository: the working directory the shim was started for (`--repo`, default cwd).
// It is the one repository found by discovery, from the directory the person named; every git
// call after that names its git directory and work tree explicitly.
import { git, gitDiscovering, GitError } from './run.ts';
import type { GitTarget } from './target.ts';
import { Refusal } from '../refusal.ts';

export interface ActiveRepo {
  /** Top of the active working directory. */
  top: string;
  /** This working directory's own git dir (merge/rebase state lives here). */
  gitDir: string;
  /** The git dir shared by all worktrees (config, objects, refs). */
  commonDir: string;
  /** How git calls on the active working directory name it. */
  target: GitTarget;
  /** The checked-out commit, absent before the first commit. */
  head?: string;
  /** The checked-out branch as a full ref, absent when HEAD is detached. */
  branch?: string;
}

const LOCATION = [
  'rev-parse',
  '--path-format=absolute',
  '--show-toplevel',
  '--absolute-git-dir',
  '--git-common-dir',
];

export async function openRepo(dir: string): Promise<ActiveRepo> {
  return (await withHeadAndBranch(dir)) ?? stepByStep(dir);
}

/**
 * One git process for the usual case, a repository with a commit: where it is, the commit HEAD
 * names and the branch (`HEAD` itself when detached). It fails before the first commit — and
 * stepByStep then asks again, one question at a time.
 */
async function withHeadAndBranch(dir: string): Promise<ActiveRepo | undefined> {
  const { stdout } = await gitDiscovering(dir, [
    ...LOCATION,
    'HEAD^{commit}',
    '--symbolic-full-name',
    'HEAD',
    '--',
  ]).catch(() => ({ stdout: '' }));
  const lines = stdout.split('\n');
  if (lines.length !== 7 || lines[5] !== '--' || lines[6] !== '') return undefined;
  const [top, gitDir, commonDir, head, branch] = lines as [string, string, string, string, string];
  return {
    top,
    gitDir,
    commonDir,
    target: { gitDir, workTree: top },
    head,
    ...(branch.startsWith('refs/') ? { branch } : {}),
  };
}

async function stepByStep(dir: string): Promise<ActiveRepo> {
  let paths: string[];
  try {
    const { stdout } = await gitDiscovering(dir, LOCATION);
    paths = stdout.split('\n').filter(Boolean);
  } catch (error) {
    const detail = error instanceof GitError ? error.stderr.trim() : (error as Error).message;
    throw new Refusal(
      'NOT_A_REPOSITORY',
      `${dir} is not inside a git working tree (${detail}). Pass --repo with the repository the sessions belong to.`,
    );
  }
  const [top, gitDir, commonDir] = paths as [string, string, string];
  const target = { gitDir, workTree: top };
  return {
    top,
    gitDir,
    commonDir,
    target,
    head: await headOf(target),
    branch: await branchOf(target),
  };
}

/** The commit HEAD names, absent before the first commit. */
export async function headOf(target: GitTarget): Promise<string | undefined> {
  const { stdout, code } = await git(
    target,
    ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'],
    { okCodes: [0, 1] },
  );
  return code === 0 ? stdout.trim() : undefined;
}

async function branchOf(target: GitTarget): Promise<string | undefined> {
  const { stdout, code } = await git(target, ['symbolic-ref', '--quiet', 'HEAD'], {
    okCodes: [0, 1],
  });
  return code === 0 ? stdout.trim() : undefined;
}

/** The active HEAD, or a refusal explaining that there is nothing to compare with yet. */
export function requireHead(repo: ActiveRepo): string {
  if (!repo.head)
    throw new Refusal(
      'NO_COMMITS',
      `The active working directory ${repo.top} has no commit yet; commit once before comparing sessions with it.`,
    );
  return repo.head;
}

/** How the active branch is named in messages. */
export function activeLabel(repo: ActiveRepo): string {
  return repo.branch
    ? repo.branch.replace(/^refs\/heads\//, '')
    : `detached HEAD ${repo.head?.slice(0, 12) ?? ''}`.trim();
}
