// Real repositories with real worktrees in a temp folder, and fingerprints that prove a
// refusal or a read left a working tree, its index and its refs byte-for-byte as they were.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { inject } from 'vitest';

// GIT_OPTIONAL_LOCKS=0 keeps the tests' own `git status` from refreshing an index that a
// fingerprint is watching.
const env = { ...process.env, GIT_OPTIONAL_LOCKS: '0' };

export function sh(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Like sh, but returns git's exit status instead of throwing (for commands expected to fail). */
export function shStatus(cwd: string, ...args: string[]): number {
  try {
    execFileSync('git', args, { cwd, env, stdio: 'ignore' });
    return 0;
  } catch (error) {
    return (error as { status: number }).status;
  }
}

export function write(dir: string, path: string, content: string): void {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), content);
}

export interface Fixture {
  root: string;
  /** The active working directory (main worktree, branch main). */
  repo: string;
  /** Adds a session worktree at <root>/sessions/<dir> on branch praxis/<branch ?? dir>. */
  addSession(dir: string, branch?: string): string;
  cleanup(): void;
}

/**
 * A fresh copy of the repository `build` makes in a folder of its own. `build` runs once per test
 * file (keyed by `name`); each call then copies its folder instead of running the same dozen git
 * processes again — a copy is the repository git wrote, byte for byte, under a new root. The only
 * absolute paths a repository with linked worktrees holds are each worktree's `.git` file and the
 * `gitdir` file git keeps for it; both are rewritten to the new root, as `git worktree repair`
 * would. `at` names the root to use (replacing whatever is there), for a test that keeps one
 * process serving the same path while the repository under it is made afresh.
 */
export function copyOfTemplate(name: string, build: (root: string) => void, at?: string): string {
  let template = templates.get(name);
  if (!template) {
    template = mkdtempSync(join(inject('runFolder'), 'shim-template-'));
    build(template);
    templates.set(name, template);
  }
  const root = at ?? mkdtempSync(join(tmpdir(), 'praxis-shim-test-'));
  rmSync(root, { recursive: true, force: true });
  cpSync(template, root, { recursive: true, preserveTimestamps: true, verbatimSymlinks: true });
  const adminDirs = join(root, 'repo/.git/worktrees');
  for (const id of existsSync(adminDirs) ? readdirSync(adminDirs) : []) {
    const gitdirFile = join(adminDirs, id, 'gitdir');
    const worktreeGitFile = readFileSync(gitdirFile, 'utf8').trim().replace(template, root);
    for (const pointer of [gitdirFile, worktreeGitFile])
      writeFileSync(pointer, readFileSync(pointer, 'utf8').replaceAll(template, root));
  }
  return root;
}

// Templates live in the run's folder (test/helpers/node/run-folder-setup.ts), removed after the run.
const templates = new Map<string, string>();

/** The fixture's repository: two commits' worth of files on main, one of them ignored by .gitignore. */
export function initialRepository(root: string): void {
  const repo = join(root, 'repo');
  mkdirSync(repo);
  sh(repo, 'init', '-q', '-b', 'main');
  sh(repo, 'config', 'user.name', 'Praxis Test');
  sh(repo, 'config', 'user.email', 'test@praxis.invalid');
  sh(repo, 'config', 'commit.gpgsign', 'false');
  write(repo, 'README.md', '# Demo\n\nLine one.\n');
  write(repo, 'src/app.ts', 'export const answer = 41;\n');
  write(repo, '.gitignore', 'ignored/\n');
  sh(repo, 'add', '--all');
  sh(repo, 'commit', '-q', '-m', 'Initial commit');
}

export function createFixture(): Fixture {
  return fixtureAt(copyOfTemplate('initial', initialRepository));
}

export const SESSION_ID = '3f9a12c8';

/** The initial repository and session 3f9a12c8 (branch praxis/3f9a12c8), one commit ahead: the answer is 42. */
export function sessionRepository(root: string): void {
  initialRepository(root);
  const session = fixtureAt(root).addSession(SESSION_ID);
  write(session, 'src/app.ts', 'export const answer = 42;\n');
  commitAll(session, 'Fix the answer');
}

/** A fresh copy of sessionRepository, with the session's folder. */
export function createSessionFixture(): Fixture & { session: string } {
  const fx = fixtureAt(copyOfTemplate('one-session', sessionRepository));
  return { ...fx, session: join(fx.root, 'sessions', SESSION_ID) };
}

/** The fixture whose repository (and any sessions) `copyOfTemplate` put under `root`. */
export function fixtureAt(root: string): Fixture {
  const repo = join(root, 'repo');
  return {
    root,
    repo,
    addSession(dir, branch) {
      const path = join(root, 'sessions', dir);
      sh(repo, 'worktree', 'add', '-q', '-b', `praxis/${branch ?? dir}`, path);
      return path;
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

export function commitAll(dir: string, message: string): void {
  sh(dir, 'add', '--all');
  sh(dir, 'commit', '-q', '-m', message);
}

/**
 * A digest of everything a person could lose or notice: every file of the working tree
 * (ignored ones too), the worktree's index and state files, its HEAD, and all refs and the
 * worktree list — shared by every worktree, so `allRefs: false` leaves them out when another
 * worktree may legitimately move its own branch.
 */
export function fingerprint(worktree: string, { allRefs = true } = {}): string {
  const hash = createHash('sha256');
  for (const file of filesUnder(worktree)) {
    hash
      .update(`${file}\0${statSync(join(worktree, file)).mode}\0`)
      .update(readFileSync(join(worktree, file)));
  }
  const gitDir = gitDirOf(worktree);
  for (const name of [
    'index',
    'HEAD',
    'MERGE_HEAD',
    'MERGE_MSG',
    'SQUASH_MSG',
    'CHERRY_PICK_HEAD',
    'ORIG_HEAD',
  ]) {
    const path = join(gitDir, name);
    hash.update(`${name}\0`).update(existsSync(path) ? readFileSync(path) : 'absent');
  }
  if (allRefs) {
    // HEAD's bytes (a branch name, or a commit when detached) with every ref pin down the commit
    // HEAD names. Refs and worktrees are read as git stores them, byte for byte, which is stricter
    // than `git for-each-ref` and `git worktree list` (a repacked ref or a stale lock counts too)
    // and starts no process.
    for (const [name, content] of refsAndWorktrees(commonDirOf(gitDir)))
      hash.update(`${name}\0`).update(content);
  } else {
    hash.update(`${sh(worktree, 'rev-parse', 'HEAD').trim()}\n`);
  }
  return hash.digest('hex');
}

/** The git directory of a worktree the fixture made: `.git` itself, or the directory its `.git` file names. */
function gitDirOf(worktree: string): string {
  const dotGit = join(worktree, '.git');
  if (statSync(dotGit).isDirectory()) return dotGit;
  const named = /^gitdir: (.+)\n?$/.exec(readFileSync(dotGit, 'utf8'))?.[1];
  if (!named) throw new Error(`${dotGit} does not name a git directory`);
  return resolve(worktree, named);
}

/** A linked worktree's git directory names the shared one in its `commondir` file. */
function commonDirOf(gitDir: string): string {
  const named = join(gitDir, 'commondir');
  return existsSync(named) ? resolve(gitDir, readFileSync(named, 'utf8').trim()) : gitDir;
}

/**
 * What `git for-each-ref` and `git worktree list` are made of: packed-refs and every loose ref, and
 * for each linked worktree the files git keeps for it (HEAD, the path of its `.git` file, a lock)
 * and whether its folder is still there.
 */
function refsAndWorktrees(commonDir: string): Array<[string, Buffer | string]> {
  const entries: Array<[string, Buffer | string]> = [];
  const add = (path: string) =>
    entries.push([relative(commonDir, path), existsSync(path) ? readFileSync(path) : 'absent']);
  add(join(commonDir, 'packed-refs'));
  for (const ref of filesUnder(join(commonDir, 'refs'))) add(join(commonDir, 'refs', ref));
  const admin = join(commonDir, 'worktrees');
  for (const id of existsSync(admin) ? readdirSync(admin).sort() : []) {
    for (const name of ['HEAD', 'gitdir', 'locked']) add(join(admin, id, name));
    const gitFile = join(admin, id, 'gitdir');
    if (existsSync(gitFile))
      entries.push([
        `${id} folder`,
        existsSync(readFileSync(gitFile, 'utf8').trim()) ? 'present' : 'gone',
      ]);
  }
  return entries;
}

function filesUnder(top: string, dir = top): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === '.git') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...filesUnder(top, path));
    else files.push(relative(top, path));
  }
  return files.sort();
}
