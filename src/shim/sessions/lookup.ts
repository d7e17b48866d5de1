// From an agent-supplied id to an existing, verified worktree of this repository, or a refusal.
import { git } from '../git/run.ts';
import type { ActiveRepo } from '../git/repo.ts';
import type { GitTarget } from '../git/target.ts';
import { Refusal } from '../refusal.ts';
import { adminDirsOf } from './admin-dirs.ts';
import { findSession, sessionsOf, type Session } from './resolve.ts';
import { sessionIdProblem } from './session-id.ts';
import { unverifiedRefusal, verifySession } from './verify.ts';
import { parseWorktreeList, type WorktreeRecord } from './worktree-list.ts';

/** A session whose `.git` names the git directory the main repository keeps for it. */
export interface VerifiedSession extends Session {
  /** How git calls on this session name it. */
  target: GitTarget;
}

export async function worktreesOf(repo: ActiveRepo): Promise<WorktreeRecord[]> {
  const { stdout } = await git(repo.target, ['worktree', 'list', '--porcelain', '-z']);
  return parseWorktreeList(stdout);
}

/** Every session, verified; refuses naming each session that cannot be. */
export async function listSessionWorktrees(repo: ActiveRepo): Promise<VerifiedSession[]> {
  const worktrees = await worktreesOf(repo);
  return verified(repo, worktrees, sessionsOf(worktrees, repo.top));
}

/** Validates `id` and resolves it to exactly one verified session worktree of `repo`. */
export async function resolveSession(repo: ActiveRepo, id: unknown): Promise<VerifiedSession> {
  const problem = sessionIdProblem(id);
  if (problem)
    throw new Refusal(
      'INVALID_SESSION_ID',
      `Invalid session id ${JSON.stringify(id)}: ${problem}.`,
    );
  const worktrees = await worktreesOf(repo);
  const lookup = findSession(worktrees, repo.top, id as string);
  if (lookup.found) return (await verified(repo, worktrees, [lookup.session]))[0]!;
  throw new Refusal(
    refusalCodeFor(lookup.reason),
    lookupMessage(id as string, lookup.reason, lookup.candidates),
    lookup.candidates,
  );
}

async function verified(
  repo: ActiveRepo,
  worktrees: WorktreeRecord[],
  sessions: Session[],
): Promise<VerifiedSession[]> {
  const adminDirs = await adminDirsOf(repo.commonDir);
  // git lists the main worktree first.
  const main =
    worktrees[0] && !worktrees[0].bare
      ? { path: worktrees[0].path, commonDir: repo.commonDir }
      : undefined;
  const results = await Promise.all(
    sessions.map(async (session) => ({
      session,
      verification: await verifySession(session, adminDirs, main),
    })),
  );
  const failures = results.flatMap(({ session, verification }) =>
    verification.ok ? [] : [{ session, problem: verification.problem }],
  );
  if (failures.length > 0) throw unverifiedRefusal(failures);
  return results.map(({ session, verification }) => ({
    ...session,
    target: (verification as { target: GitTarget }).target,
  }));
}

function refusalCodeFor(reason: 'unknown' | 'ambiguous' | 'active') {
  if (reason === 'ambiguous') return 'SESSION_AMBIGUOUS' as const;
  if (reason === 'active') return 'SESSION_IS_ACTIVE' as const;
  return 'SESSION_NOT_FOUND' as const;
}

/** The message for a failed lookup; pure so that its wording can be tested. */
export function lookupMessage(
  id: string,
  reason: 'unknown' | 'ambiguous' | 'active',
  candidates: string[],
): string {
  if (reason === 'active')
    return `Session '${id}' is the active working directory itself; sessions are the other worktrees of the repository.`;
  if (reason === 'ambiguous') {
    return `Session id '${id}' matches several worktrees (${candidates.join(', ')}); use a worktree directory name to pick one.`;
  }
  const known =
    candidates.length > 0
      ? `Known sessions: ${candidates.join(', ')}.`
      : 'This repository has no session worktrees.';
  return `No session '${id}': no worktree of this repository has that directory name or branch name. ${known}`;
}
