// worktree_get: merge a session into the active working directory. Every check runs before
// anything changes: a valid id naming an existing, verified session, no merge/rebase/… under
// way, a clean active tree, a conflict-free merge computed in the object store, and no ignored
// file of the active tree standing where the merge would write. Only then does `git merge` run. Nothing here forces, resets, stashes or deletes branches or worktrees.
import { withOneConfigReading } from '../git/config-reading.ts';
import { diffStat, mergeBase, totalsOf, type DiffTotals, type FileStat } from '../git/diff.ts';
import { operationAdvice, operationInProgress } from '../git/in-progress.ts';
import { applyMerge, commitSnapshot, previewMerge, type MergeMode } from '../git/merge.ts';
import { activeLabel, headOf, openRepo, requireHead, type ActiveRepo } from '../git/repo.ts';
import { untrackedPathsInTheWay } from '../git/ignored-in-the-way.ts';
import { GitError } from '../git/run.ts';
import { snapshotOf } from '../git/snapshot.ts';
import { pathList, Refusal } from '../refusal.ts';
import { resolveSession } from '../sessions/lookup.ts';
import type { Session } from '../sessions/resolve.ts';
import { shortBranch } from '../sessions/session-id.ts';
import { changedPaths } from '../sessions/status.ts';
import { visibleText } from '../../text/visible-text.ts';

export interface GetOptions {
  squash?: boolean;
  noCommit?: boolean;
}

export interface GetOutcome {
  session: string;
  branch: string | null;
  into: string;
  path: string;
  /** 'up-to-date' when the active branch already contains everything the session has. */
  mode: MergeMode | 'up-to-date';
  /** The commit that was merged (a snapshot commit when uncommitted work was included). */
  merged: string;
  uncommittedIncluded: boolean;
  /** The new HEAD of the active branch, for a merge commit. */
  commit?: string;
  files: FileStat[];
  totals: DiffTotals;
}

/** squash wins over no_commit: a squash never commits by itself. */
export function mergeModeFor(options: GetOptions): MergeMode {
  if (options.squash) return 'squash';
  return options.noCommit ? 'no-commit' : 'commit';
}

function snapshotMessage(session: Session): string {
  return visibleText(`Uncommitted changes of praxis session '${session.id}'`);
}

/** The merge commit's message, its names shown as visibleText shows them (`git log` obeys none of their characters). */
export function mergeMessage(session: Session, uncommittedIncluded: boolean): string {
  const branch = session.branch ? ` (branch ${shortBranch(session.branch)})` : '';
  const subject = visibleText(`Merge praxis session '${session.id}'${branch}`);
  return uncommittedIncluded
    ? `${subject}\n\nIncludes the session's uncommitted changes.`
    : subject;
}

export function getSession(
  repoDir: string,
  sessionId: unknown,
  options: GetOptions = {},
): Promise<GetOutcome> {
  return withOneConfigReading(() => mergeSession(repoDir, sessionId, options));
}

async function mergeSession(
  repoDir: string,
  sessionId: unknown,
  options: GetOptions = {},
): Promise<GetOutcome> {
  const repo = await openRepo(repoDir);
  const session = await resolveSession(repo, sessionId);
  const activeHead = requireHead(repo);
  await refuseUnlessActiveTreeIsReady(repo);
  const base = await mergeBase(repo.target, activeHead, session.head);
  if (!base)
    throw new Refusal(
      'NO_MERGE_BASE',
      `Session '${session.id}' shares no history with ${activeLabel(repo)}; refusing to merge unrelated histories.`,
    );

  const snapshot = await snapshotOf(session.target, session.head);
  const uncommittedIncluded = snapshot.tree !== snapshot.headTree;
  const merged = uncommittedIncluded
    ? await commitSnapshot(repo.target, snapshot.tree, session.head, snapshotMessage(session))
    : session.head;
  const outcome = {
    session: session.id,
    branch: session.branch ? shortBranch(session.branch) : null,
    into: activeLabel(repo),
    path: repo.top,
    merged,
    uncommittedIncluded,
  };
  if (!uncommittedIncluded && base === session.head)
    return { ...outcome, mode: 'up-to-date', files: [], totals: totalsOf([]) };

  const preview = await previewMerge(repo.target, activeHead, merged);
  if (!preview.clean) throw conflictRefusal(session.id, activeLabel(repo), preview.conflicts);
  const overwritten = await untrackedPathsInTheWay(repo.target, activeHead, preview.tree);
  if (overwritten.length > 0) throw ignoredFilesRefusal(session.id, repo.top, overwritten);
  const mode = mergeModeFor(options);
  await runMerge(repo, mode, merged, mergeMessage(session, uncommittedIncluded));
  const files = await diffStat(repo.target, activeHead, preview.tree);
  const commit = mode === 'commit' ? await headOf(repo.target) : undefined;
  return { ...outcome, mode, files, totals: totalsOf(files), ...(commit ? { commit } : {}) };
}

async function refuseUnlessActiveTreeIsReady(repo: ActiveRepo): Promise<void> {
  const operation = await operationInProgress(repo.gitDir);
  if (operation) {
    throw new Refusal(
      'OPERATION_IN_PROGRESS',
      `A ${operation} is in progress in ${repo.top}; ${operationAdvice(operation)}, then ask again. Nothing was changed.`,
    );
  }
  const dirty = await changedPaths(repo.target);
  if (dirty.length > 0) {
    throw new Refusal(
      'ACTIVE_TREE_DIRTY',
      `The active working directory ${repo.top} has uncommitted changes or untracked files; commit, stash or remove them, then ask again. Nothing was changed.\n${pathList(dirty)}`,
      dirty,
    );
  }
}

export function conflictRefusal(session: string, into: string, conflicts: string[]): Refusal {
  const listed =
    conflicts.length > 0 ? `\n${pathList(conflicts)}` : ' (git did not name the files)';
  return new Refusal(
    'MERGE_CONFLICTS',
    `Merging session '${session}' into ${into} would conflict; nothing was changed. Conflicted paths:${listed}\nResolve them in the session (for example merge ${into} into its branch there), then ask again.`,
    conflicts,
  );
}

/** The active tree is clean, so whatever stands where the merge writes is a file git ignores. */
export function ignoredFilesRefusal(session: string, top: string, paths: string[]): Refusal {
  return new Refusal(
    'IGNORED_FILES_IN_THE_WAY',
    `Merging session '${session}' would write over files in ${top} that git ignores and does not track (git would replace them without asking); nothing was changed. Paths:\n${pathList(paths, paths.length)}\nMove or delete them yourself if the session's versions should replace them, or remove them from the session, then ask again.`,
    paths,
  );
}

async function runMerge(
  repo: ActiveRepo,
  mode: MergeMode,
  commit: string,
  message: string,
): Promise<void> {
  try {
    await applyMerge(repo.target, mode, commit, message);
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    // Something changed between the checks and the merge. Leave the state for the person to
    // inspect rather than resetting anything on their behalf.
    throw new Refusal(
      'GIT_FAILED',
      `git merge failed in ${repo.top}: ${error.stderr.trim()}\nNothing was reset; inspect the state with \`git status\`.`,
    );
  }
}
