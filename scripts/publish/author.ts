// Who wrote the content being published: the commit's author, else whoever runs the publish.
import { execFile } from 'node:child_process';
import { userInfo } from 'node:os';
import { promisify } from 'node:util';

export async function contentAuthor(dir: string): Promise<string | null> {
  try {
    const { stdout } = await promisify(execFile)(
      'git',
      ['-C', dir, 'log', '-1', '--format=%an <%ae>'],
      { env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } },
    );
    if (stdout.trim()) return stdout.trim();
  } catch {
    // not a git checkout, or no commits yet: fall through to the local user
  }
  try {
    return process.env.GITHUB_ACTOR || userInfo().username || null;
  } catch {
    return null;
  }
}
