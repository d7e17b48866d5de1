// `praxis worktree list|read|get`: the same operations as the tools, for the human at a
// terminal. `get` here is the human action the gate points agents to, so it is never gated.
// Everything printed passes through visibleText: a diff, a path or a branch name may carry
// control characters the terminal would obey (see visible-text.ts).
import { formatChanges, formatGetOutcome, formatListing, formatStat } from './format.ts';
import { GitError } from './git/run.ts';
import { Refusal } from './refusal.ts';
import { visibleText } from '../text/visible-text.ts';

export type WorktreeAction =
  | { action: 'list'; repoDir: string }
  | { action: 'read'; repoDir: string; sessionId: string; stat: boolean }
  | { action: 'get'; repoDir: string; sessionId: string; squash: boolean; noCommit: boolean };

export interface Output {
  out: (text: string) => void;
  err: (text: string) => void;
}

/**
 * Runs one action and returns the exit status: 0 done, 1 refused or failed. An unexpected error
 * is told by its message alone, shown like the rest: its text may quote a session's path.
 */
export async function runWorktreeAction(request: WorktreeAction, output: Output): Promise<number> {
  try {
    output.out(visibleText(await render(request)));
    return 0;
  } catch (error) {
    const told = error instanceof Refusal || error instanceof GitError;
    const message = error instanceof Error ? error.message : String(error);
    output.err(
      visibleText(
        `praxis worktree ${request.action}${told ? '' : ' failed unexpectedly'}: ${message}`,
      ),
    );
    return 1;
  }
}

// Each action imports only its own operation: a `praxis worktree list` process starts without
// loading (and type-stripping) the modules of read and get.
async function render(request: WorktreeAction): Promise<string> {
  if (request.action === 'list') {
    const { listSessions } = await import('./operations/list.ts');
    return formatListing(await listSessions(request.repoDir));
  }
  if (request.action === 'read') {
    const { readSession } = await import('./operations/read.ts');
    const changes = await readSession(request.repoDir, request.sessionId, {
      statOnly: request.stat,
    });
    return request.stat ? formatStat(changes) : formatChanges(changes);
  }
  const { getSession } = await import('./operations/get.ts');
  return formatGetOutcome(
    await getSession(request.repoDir, request.sessionId, {
      squash: request.squash,
      noCommit: request.noCommit,
    }),
  );
}
