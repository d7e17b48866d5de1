import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** The commit the content folder is at, or null outside a git checkout (provenance, not a requirement). */
export async function currentCommit(dir: string): Promise<string | null> {
  try {
    const { stdout } = await promisify(execFile)('git', ['-C', dir, 'rev-parse', 'HEAD'], { env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } });
    return stdout.trim() || null;
  } catch {
    return null;
  }
}
