// Real repositories with real worktrees in a temp folder, and fingerprints that prove a
// refusal or a read left a working tree, its index and its refs byte-for-byte as they were.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

// GIT_OPTIONAL_LOCKS=0 keeps the tests' own `git status` from refreshing an index that a
// fingerprint is watching.
const env = { ...process.env, GIT_OPTIONAL_LOCKS: '0' };

export function sh(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
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

export function createFixture(): Fixture {
  const root = mkdtempSync(join(tmpdir(), 'praxis-shim-test-'));
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
    hash.update(`${file}\0${statSync(join(worktree, file)).mode}\0`).update(readFileSync(join(worktree, file)));
  }
  // One process answers both: the git directory, then the commit HEAD names.
  const [gitDir, head] = sh(worktree, 'rev-parse', '--absolute-git-dir', 'HEAD').trim().split('\n') as [string, string];
  for (const name of ['index', 'HEAD', 'MERGE_HEAD', 'MERGE_MSG', 'SQUASH_MSG', 'CHERRY_PICK_HEAD', 'ORIG_HEAD']) {
    const path = join(gitDir, name);
    hash.update(`${name}\0`).update(existsSync(path) ? readFileSync(path) : 'absent');
  }
  hash.update(`${head}\n`);
  if (allRefs) {
    hash.update(sh(worktree, 'for-each-ref', '--format=%(refname) %(objectname)'));
    hash.update(sh(worktree, 'worktree', 'list', '--porcelain'));
  }
  return hash.digest('hex');
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
