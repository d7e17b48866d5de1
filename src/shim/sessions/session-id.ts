// Session ids come from agents, so they are checked against an allow-list before they reach
// anything else; they are then only ever compared with names of existing worktrees.

const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Why `id` cannot be a session id, or undefined when it can. */
export function sessionIdProblem(id: unknown): string | undefined {
  if (typeof id !== 'string' || id === '') return 'a session id is required';
  if (id.startsWith('-')) return 'a session id cannot start with "-"';
  if (id.includes('/') || id.includes('\\')) return 'a session id cannot contain "/" or "\\"';
  if (id.includes('..')) return 'a session id cannot contain ".."';
  if (!SESSION_ID.test(id)) {
    return 'a session id is 1-128 characters: letters, digits, ".", "_" and "-", starting with a letter or digit';
  }
  return undefined;
}

/** The last path segment of a branch: `refs/heads/praxis/3f9a12c8` → `3f9a12c8`. */
export function branchLeaf(branch: string): string {
  return branch.slice(branch.lastIndexOf('/') + 1);
}

/** A branch name without its `refs/heads/` prefix, for people to read. */
export function shortBranch(ref: string): string {
  return ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : ref;
}
