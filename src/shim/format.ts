// Plain-text renderings of operation results, shared by the MCP tools and `praxis worktree`.
import type { FileStat, DiffTotals } from './git/diff.ts';
import type { GetOutcome } from './operations/get.ts';
import type { SessionListing, SessionSummary } from './operations/list.ts';
import type { SessionChanges } from './operations/read.ts';

const short = (oid: string | null | undefined): string => (oid ? oid.slice(0, 12) : '-');

export function formatListing(listing: SessionListing): string {
  const { active } = listing;
  const lines = [
    `Active: ${active.path} (${active.branch ?? 'detached HEAD'} at ${short(active.head)})`,
  ];
  if (listing.sessions.length === 0) return [...lines, 'No session worktrees.'].join('\n');
  lines.push(`Sessions (${listing.sessions.length}):`);
  for (const session of listing.sessions) lines.push(formatSessionLine(session));
  return lines.join('\n');
}

export function formatSessionLine(s: SessionSummary): string {
  const distance = s.ahead === null ? 'not comparable' : `${s.ahead} ahead, ${s.behind} behind`;
  const flags = [s.dirty ? 'dirty' : 'clean', ...(s.locked ? ['locked'] : [])].join(', ');
  return `  ${s.id}  branch ${s.branch ?? '(detached)'}  head ${short(s.head)}  ${distance}  ${flags}  ${s.path}`;
}

export function formatTotals(t: DiffTotals): string {
  const binary = t.binary > 0 ? `, ${t.binary} binary` : '';
  return `${t.files} file${t.files === 1 ? '' : 's'} changed, ${t.insertions} insertion${t.insertions === 1 ? '' : 's'}(+), ${t.deletions} deletion${t.deletions === 1 ? '' : 's'}(-)${binary}`;
}

export function formatFileStat(file: FileStat): string {
  const name = file.oldPath ? `${file.oldPath} => ${file.path}` : file.path;
  const counts = file.added === null ? 'binary' : `+${file.added} -${file.deleted}`;
  return `  ${name} | ${counts}`;
}

export function formatChangesHeader(c: SessionChanges): string {
  const work = c.uncommitted
    ? 'commits plus uncommitted and untracked changes'
    : 'commits only (the worktree is clean)';
  return `Session ${c.session} (branch ${c.branch ?? 'detached'}, ${c.path}) against ${c.against}, merge base ${short(c.mergeBase)}: ${work}.`;
}

export function formatStat(c: SessionChanges): string {
  if (c.files.length === 0) return `${formatChangesHeader(c)}\nNo changes.`;
  return [formatChangesHeader(c), ...c.files.map(formatFileStat), formatTotals(c.totals)].join(
    '\n',
  );
}

/** Cuts a diff at a line boundary before `limit` characters, saying what was left out. */
export function limitDiff(diff: string, limit: number, hint: string): string {
  if (diff.length <= limit) return diff;
  const cut = diff.lastIndexOf('\n', limit);
  const kept = diff.slice(0, cut > 0 ? cut + 1 : limit);
  return `${kept}\n[diff truncated: showing ${kept.length} of ${diff.length} characters; ${hint}]\n`;
}

export function formatChanges(c: SessionChanges, diffLimit = Infinity, hint = ''): string {
  if (c.files.length === 0) return `${formatChangesHeader(c)}\nNo changes.`;
  const diff = limitDiff(c.diff ?? '', diffLimit, hint);
  return `${formatChangesHeader(c)}\n${formatTotals(c.totals)}\n\n${diff}`;
}

export function formatGetOutcome(o: GetOutcome): string {
  const source = `session '${o.session}'${o.branch ? ` (branch ${o.branch})` : ''}`;
  const extra = o.uncommittedIncluded
    ? ' Its uncommitted changes were included as a snapshot commit.'
    : '';
  if (o.mode === 'up-to-date')
    return `${o.into} already contains everything in ${source}; nothing to merge.`;
  const stat = [...o.files.map(formatFileStat), formatTotals(o.totals)].join('\n');
  if (o.mode === 'squash') {
    return `Staged a squash of ${source} in ${o.path} (not committed).${extra}\n${stat}\nReview with \`git diff --cached\`, then \`git commit\` to record it as one commit.`;
  }
  if (o.mode === 'no-commit') {
    return `Merged ${source} into ${o.into} in ${o.path} without committing.${extra}\n${stat}\nReview with \`git diff --cached\`, then \`git commit\` to conclude the merge or \`git merge --abort\` to abandon it.`;
  }
  return `Merged ${source} into ${o.into} as merge commit ${short(o.commit)}.${extra}\n${stat}`;
}
