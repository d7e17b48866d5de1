// Which worktree an agent means by a session id. Convention: a session is addressed by its
// worktree's directory name or by the last segment of its branch (`praxis/3f9a12c8` →
// `3f9a12c8`); the active working directory and worktrees git considers gone are never sessions.
import { basename } from 'node:path';
import { branchLeaf } from './session-id.ts';
import type { WorktreeRecord } from './worktree-list.ts';

export interface Session {
  id: string;
  path: string;
  head: string;
  /** Full ref, absent for a detached worktree. */
  branch?: string;
  locked: boolean;
}

/** The names a worktree answers to, directory name first. */
export function namesOf(worktree: WorktreeRecord): string[] {
  const names = [basename(worktree.path)];
  if (worktree.branch && !names.includes(branchLeaf(worktree.branch)))
    names.push(branchLeaf(worktree.branch));
  return names;
}

/** Worktrees that can be sessions: not the active one, not bare, still on disk, with a commit. */
export function sessionsOf(worktrees: WorktreeRecord[], activePath: string): Session[] {
  return worktrees
    .filter((w) => w.path !== activePath && !w.bare && !w.prunable && w.head !== undefined)
    .map((w) => ({
      id: namesOf(w)[0]!,
      path: w.path,
      head: w.head!,
      branch: w.branch,
      locked: w.locked,
    }));
}

export type SessionLookup =
  | { found: true; session: Session }
  | { found: false; reason: 'unknown' | 'ambiguous' | 'active'; candidates: string[] };

/** Finds the one session answering to `id`; never guesses between two. */
export function findSession(
  worktrees: WorktreeRecord[],
  activePath: string,
  id: string,
): SessionLookup {
  const sessions = sessionsOf(worktrees, activePath);
  const matches = worktrees.filter(
    (w) => sessions.some((s) => s.path === w.path) && namesOf(w).includes(id),
  );
  if (matches.length === 1)
    return { found: true, session: { ...sessions.find((s) => s.path === matches[0]!.path)!, id } };
  if (matches.length > 1)
    return { found: false, reason: 'ambiguous', candidates: matches.map((m) => m.path) };
  const active = worktrees.find((w) => w.path === activePath);
  if (active && namesOf(active).includes(id))
    return { found: false, reason: 'active', candidates: [active.path] };
  return { found: false, reason: 'unknown', candidates: sessions.map((s) => s.id) };
}
