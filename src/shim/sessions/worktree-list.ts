// Parsing `git worktree list --porcelain -z`: one record per worktree, attributes as
// "key value" fields, records separated by an empty field.
import { splitNul } from '../git/run.ts';

export interface WorktreeRecord {
  path: string;
  head?: string;
  /** Full ref, e.g. refs/heads/praxis/3f9a12c8; absent when detached or bare. */
  branch?: string;
  bare: boolean;
  detached: boolean;
  locked: boolean;
  /** Git says the directory is gone; such a worktree cannot be read or merged from. */
  prunable: boolean;
}

export function parseWorktreeList(output: string): WorktreeRecord[] {
  const records: WorktreeRecord[] = [];
  let current: WorktreeRecord | undefined;
  for (const field of splitNul(output)) {
    if (field === '') {
      if (current) records.push(current);
      current = undefined;
      continue;
    }
    const space = field.indexOf(' ');
    const key = space === -1 ? field : field.slice(0, space);
    const value = space === -1 ? '' : field.slice(space + 1);
    if (key === 'worktree') {
      if (current) records.push(current);
      current = { path: value, bare: false, detached: false, locked: false, prunable: false };
    } else if (current) {
      applyAttribute(current, key, value);
    }
  }
  if (current) records.push(current);
  return records;
}

function applyAttribute(record: WorktreeRecord, key: string, value: string): void {
  if (key === 'HEAD') record.head = value;
  else if (key === 'branch') record.branch = value;
  else if (key === 'bare') record.bare = true;
  else if (key === 'detached') record.detached = true;
  else if (key === 'locked') record.locked = true;
  else if (key === 'prunable') record.prunable = true;
}
