import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** The commit the content folder is at, or null outside a git checkout (provenance, not a requirement). */
export async function currentCommit(dir: string): Promise<string | null> {
  try {
    const { stdout } = await promisify(execFile)('git', ['-C', dir, 'rev-parse', 'HEAD'], {
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
    });
    return stdout.trim() || null;
  } catch {
    return null;
  }
}

/** Whether the content folder has uncommitted or untracked changes: the served content is then not `commit`'s. */
export async function hasUncommittedChanges(dir: string): Promise<boolean> {
  try {
    const { stdout } = await promisify(execFile)(
      'git',
      ['-C', dir, 'status', '--porcelain', '--', '.'],
      { env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' } },
    );
    return stdout.trim().length > 0;
  } catch {
    return false;
  }
}
