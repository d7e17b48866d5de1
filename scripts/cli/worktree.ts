// `praxis worktree list|read|get`: the human side of the shim's worktree tools.
import { parseOptions, UsageError } from './command.ts';
import { runWorktreeAction, type WorktreeAction } from '../../src/shim/worktree-command.ts';

export const usage = `Usage:
  praxis worktree list [--repo DIR]
  praxis worktree read <session-id> [--stat] [--repo DIR]
  praxis worktree get <session-id> [--squash] [--no-commit] [--repo DIR]

A session is a git worktree of the repository at --repo (default: the current directory),
named by its directory name or by the last segment of its branch (praxis/3f9a12c8 -> 3f9a12c8).

  list   sessions with branch, head, commits ahead/behind the active branch, dirty state
  read   the session's changes against its merge base with the active branch: commits plus
         uncommitted and untracked files, as a unified diff (--stat: per-file counts only).
         Changes nothing.
  get    merge the session (including its uncommitted work) into the active working
         directory: a merge commit naming the session by default; --no-commit merges
         without committing; --squash stages the combined changes for one commit you make.
         Refuses, changing nothing, when the active tree is dirty, a merge/rebase/
         cherry-pick is in progress, the merge would conflict, or it would write over
         files the active tree ignores (such as a .env the session force-added); the
         paths are listed.

Every command refuses a session whose .git no longer points at the git directory the
repository keeps for it, and no git process it starts runs a program named by git
configuration (filters, diff and merge drivers, hooks, fsmonitor, pagers, ssh, helpers).
Control characters in what a session holds (escape sequences, a lone CR, bidirectional
overrides) are printed as markers such as ‹ESC› and ‹U+202E›, never sent to the terminal.`;

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions(argv, {
    repo: { type: 'string' },
    stat: { type: 'boolean' },
    squash: { type: 'boolean' },
    'no-commit': { type: 'boolean' },
  });
  const request = actionFrom(positionals, values, process.cwd());
  return runWorktreeAction(request, {
    out: (text) => console.log(text),
    err: (text) => console.error(text),
  });
}

function actionFrom(
  positionals: string[],
  values: { repo?: string; stat?: boolean; squash?: boolean; 'no-commit'?: boolean },
  cwd: string,
): WorktreeAction {
  const [action, sessionId, ...extra] = positionals;
  const repoDir = values.repo ?? cwd;
  if (extra.length > 0) throw new UsageError(`unexpected argument '${extra[0]}'`);
  if (action === 'list') {
    if (sessionId !== undefined) throw new UsageError('list takes no session id');
    return { action, repoDir };
  }
  if (action !== 'read' && action !== 'get')
    throw new UsageError(
      action ? `unknown action '${action}'` : 'missing action: list, read or get',
    );
  if (sessionId === undefined)
    throw new UsageError(`${action} needs a session id (see \`praxis worktree list\`)`);
  if (action === 'read') return { action, repoDir, sessionId, stat: values.stat === true };
  return {
    action,
    repoDir,
    sessionId,
    squash: values.squash === true,
    noCommit: values['no-commit'] === true,
  };
}
