// worktree_list: every session of the active repository with its branch, head, distance from
// the active branch and whether it has uncommitted work.
import { withOneConfigReading } from '../git/config-reading.ts';
import { openRepo, type ActiveRepo } from '../git/repo.ts';
import { shortBranch } from '../sessions/session-id.ts';
import { listSessionWorktrees, type VerifiedSession } from '../sessions/lookup.ts';
import { changedPaths, divergence } from '../sessions/status.ts';

export interface SessionSummary {
  id: string;
  path: string;
  branch: string | null;
  head: string;
  /** Null when the active branch has no commit to compare with. */
  ahead: number | null;
  behind: number | null;
  dirty: boolean;
  locked: boolean;
}

export interface SessionListing {
  active: { path: string; branch: string | null; head: string | null };
  sessions: SessionSummary[];
}

export function listSessions(repoDir: string): Promise<SessionListing> {
  return withOneConfigReading(() => listingOf(repoDir));
}

async function listingOf(repoDir: string): Promise<SessionListing> {
  const repo = await openRepo(repoDir);
  const sessions = await listSessionWorktrees(repo);
  return {
    active: {
      path: repo.top,
      branch: repo.branch ? shortBranch(repo.branch) : null,
      head: repo.head ?? null,
    },
    sessions: await Promise.all(sessions.map((s) => summarize(repo, s))),
  };
}

async function summarize(repo: ActiveRepo, session: VerifiedSession): Promise<SessionSummary> {
  const distance = repo.head ? await divergence(repo.target, repo.head, session.head) : undefined;
  return {
    id: session.id,
    path: session.path,
    branch: session.branch ? shortBranch(session.branch) : null,
    head: session.head,
    ahead: distance?.ahead ?? null,
    behind: distance?.behind ?? null,
    dirty: (await changedPaths(session.target)).length > 0,
    locked: session.locked,
  };
}
