// The lines a publish prints: what changed, what moved over the wire, and what is served now.
import { formatDiff, isEmptyDiff, type DocumentDiff } from './diff.ts';
import { formatBytes } from './progress.ts';
import type { PublishReport } from './publish.ts';

const MAX_LISTED = 40;

export function diffLines(diff: DocumentDiff): string[] {
  if (isEmptyDiff(diff)) return ['documents: no changes'];
  const lines = formatDiff(diff);
  const shown = lines.slice(0, MAX_LISTED);
  if (lines.length > shown.length) shown.push(`  … and ${lines.length - shown.length} more`);
  return [
    `documents: ${diff.added.length} added, ${diff.changed.length} changed, ${diff.removed.length} removed`,
    ...shown,
  ];
}

export function transferLine(report: PublishReport): string {
  const verb = report.outcome === 'dry-run' ? 'would upload' : 'uploaded';
  const seconds = (report.ms / 1000).toFixed(1);
  return `${verb} ${report.uploaded.count} objects (${formatBytes(report.uploaded.bytes)}), skipped ${report.skipped.count} already stored (${formatBytes(report.skipped.bytes)}) in ${seconds} s`;
}

/** Where the version's archive stands, or null when the publish did not get that far (unchanged). */
export function archiveLine(report: PublishReport, archive: string): string | null {
  if (report.archive === null)
    return report.outcome === 'dry-run' ? `already archived in ${archive}` : null;
  if (report.archive === 'to write') return `would archive version ${report.version} in ${archive}`;
  if (!report.archive.written) return `already archived in ${archive}`;
  return `archived version ${report.version} in ${archive}: ${report.archive.parts} part(s), ${formatBytes(report.archive.bytes)} gzip'd`;
}

export function outcomeLine(report: PublishReport): string {
  const was = report.previous ? ` (was ${report.previous.version})` : ' (first publish)';
  if (report.outcome === 'unchanged')
    return `version ${report.version} is already current: nothing to publish`;
  if (report.outcome === 'dry-run')
    return `dry run: version ${report.version} would become current${was}; nothing was written`;
  return `version ${report.version} is now current${was}`;
}
