// worktree_read: a session's changes against its merge base with the active branch —
// committed, staged, unstaged and untracked — without changing either working tree or index.
import { withOneConfigReading } from '../git/config-reading.ts';
import {
  diffStat,
  mergeBase,
  totalsOf,
  unifiedDiff,
  type DiffTotals,
  type FileStat,
} from '../git/diff.ts';
import { activeLabel, openRepo, requireHead } from '../git/repo.ts';
import { snapshotOf } from '../git/snapshot.ts';
import { Refusal } from '../refusal.ts';
import { resolveSession } from '../sessions/lookup.ts';
import { shortBranch } from '../sessions/session-id.ts';

export interface SessionChanges {
  session: string;
  path: string;
  branch: string | null;
  /** The active branch (or detached HEAD) the session is compared with. */
  against: string;
  mergeBase: string;
  /** Whether the session has staged, unstaged or untracked work on top of its commits. */
  uncommitted: boolean;
  files: FileStat[];
  totals: DiffTotals;
  /** The unified diff; absent when only the statistics were asked for. */
  diff?: string;
}

export function readSession(
  repoDir: string,
  sessionId: unknown,
  options: { statOnly?: boolean } = {},
): Promise<SessionChanges> {
  return withOneConfigReading(() => changesOf(repoDir, sessionId, options));
}

async function changesOf(
  repoDir: string,
  sessionId: unknown,
  options: { statOnly?: boolean } = {},
): Promise<SessionChanges> {
  const repo = await openRepo(repoDir);
  const session = await resolveSession(repo, sessionId);
  const activeHead = requireHead(repo);
  const base = await mergeBase(repo.target, activeHead, session.head);
  if (!base) {
    throw new Refusal(
      'NO_MERGE_BASE',
      `Session '${session.id}' shares no history with ${activeLabel(repo)}; there is no merge base to compare against.`,
    );
  }
  const snapshot = await snapshotOf(session.target, session.head);
  const files = await diffStat(repo.target, base, snapshot.tree);
  return {
    session: session.id,
    path: session.path,
    branch: session.branch ? shortBranch(session.branch) : null,
    against: activeLabel(repo),
    mergeBase: base,
    uncommitted: snapshot.tree !== snapshot.headTree,
    files,
    totals: totalsOf(files),
    ...(options.statOnly ? {} : { diff: await unifiedDiff(repo.target, base, snapshot.tree) }),
  };
}
