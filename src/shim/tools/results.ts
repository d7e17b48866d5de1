// Tool results as plain data: readable text for the model, the same facts as structured
// content for programs. Errors follow the `{ error: CODE, message }` shape of the process-query contract.
import type { CallToolResult } from '@modelcontextprotocol/server';
import { formatChanges, formatGetOutcome, formatListing, formatStat } from '../format.ts';
import type { GetOutcome } from '../operations/get.ts';
import type { SessionListing } from '../operations/list.ts';
import type { SessionChanges } from '../operations/read.ts';
import type { FileStat } from '../git/diff.ts';
import type { Refusal } from '../refusal.ts';

/** Diffs beyond this size are cut in tool results; the CLI prints them whole. */
export const TOOL_DIFF_LIMIT = 1_000_000;

export function refusalResult(refusal: Refusal): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: refusal.message }],
    structuredContent: { error: refusal.code, message: refusal.message, paths: refusal.paths },
  };
}

export function listingResult(listing: SessionListing): CallToolResult {
  return {
    content: [{ type: 'text', text: formatListing(listing) }],
    structuredContent: {
      active: listing.active,
      sessions: listing.sessions.map((s) => ({
        session_id: s.id,
        path: s.path,
        branch: s.branch,
        head: s.head,
        ahead: s.ahead,
        behind: s.behind,
        dirty: s.dirty,
        locked: s.locked,
      })),
    },
  };
}

const fileEntry = (f: FileStat) => ({
  path: f.path,
  ...(f.oldPath ? { old_path: f.oldPath } : {}),
  added: f.added,
  deleted: f.deleted,
  binary: f.added === null,
});

export function changesResult(changes: SessionChanges, statOnly: boolean): CallToolResult {
  const hint = `call worktree_read with stat_only: true for per-file counts, or run \`praxis worktree read ${changes.session}\` for the whole diff`;
  const text = statOnly ? formatStat(changes) : formatChanges(changes, TOOL_DIFF_LIMIT, hint);
  return {
    content: [{ type: 'text', text }],
    structuredContent: {
      session_id: changes.session,
      path: changes.path,
      branch: changes.branch,
      against: changes.against,
      merge_base: changes.mergeBase,
      uncommitted: changes.uncommitted,
      files: changes.files.map(fileEntry),
      totals: changes.totals,
    },
  };
}

export function getResult(outcome: GetOutcome): CallToolResult {
  return {
    content: [{ type: 'text', text: formatGetOutcome(outcome) }],
    structuredContent: {
      session_id: outcome.session,
      branch: outcome.branch,
      into: outcome.into,
      path: outcome.path,
      mode: outcome.mode,
      merged: outcome.merged,
      uncommitted_included: outcome.uncommittedIncluded,
      ...(outcome.commit ? { commit: outcome.commit } : {}),
      files: outcome.files.map(fileEntry),
      totals: outcome.totals,
    },
  };
}
