// The insights report for a terminal: plain text in 80 columns — the gaps (questions the author's own
// search does not answer, then those answered since), what was read, what no one read, what is read
// though stale, and what agents reported (cut to the width; --format json has it whole). Questions and
// reports are other people's words: every control or invisible character in them is shown as a marker
// (src/text/visible-text.ts), never sent to the terminal.
import { visibleName } from '../../src/text/visible-text.ts';

export const WIDTH = 80;

/** What the table reads of the report (its shape: src/worker/insights/insights-report.ts). */
interface Report {
  since: string;
  until: string;
  version: string;
  gaps: Array<{
    query: string;
    callers: number;
    count: number;
    lastSeen: string;
    resultsNow: number;
    topScoreNow: number | null;
    answeredSince?: string;
  }>;
  gapsCursor?: string;
  reads: Array<{
    kind: string;
    name: string;
    reads: number;
    readers: number;
    conversions: number;
  }>;
  neverRead: Array<{ kind: string; name: string }>;
  stale: Array<{ kind: string; name: string; owner?: string; overdueDays: number; reads: number }>;
  feedback: Array<{
    at: string;
    category: string;
    document?: { kind: string; name: string };
    problem: string;
  }>;
}

export function reportTable(report: Report, nextCommand: (cursor: string) => string): string {
  const unanswered = report.gaps.filter((gap) => gap.answeredSince === undefined);
  const answered = report.gaps.filter((gap) => gap.answeredSince !== undefined);
  const lines = [
    `Insights ${report.since.slice(0, 16)}Z to ${report.until.slice(0, 16)}Z, content ${report.version}`,
    '',
    `Gaps: questions your search does not answer (${unanswered.length}${report.gapsCursor ? '+' : ''})`,
    ...table(
      ['callers', 'asked', 'found', 'question'],
      unanswered.map((gap) => [
        String(gap.callers),
        String(gap.count),
        gap.resultsNow === 0 ? 'none' : `${gap.resultsNow}@${gap.topScoreNow}`,
        shown(gap.query),
      ]),
    ),
  ];
  if (answered.length)
    lines.push(
      '',
      `Answered since (${answered.length})`,
      ...table(
        ['callers', 'asked', 'since', 'question'],
        answered.map((gap) => [
          String(gap.callers),
          String(gap.count),
          gap.answeredSince!,
          shown(gap.query),
        ]),
      ),
    );
  if (report.gapsCursor) lines.push('', `More gaps: ${nextCommand(report.gapsCursor)}`);
  lines.push(
    '',
    `Read (${report.reads.length})`,
    ...table(
      ['reads', 'readers', 'via search', 'document'],
      report.reads.map((entry) => [
        String(entry.reads),
        String(entry.readers),
        String(entry.conversions),
        `${entry.kind}/${shown(entry.name)}`,
      ]),
    ),
    '',
    `Never read (${report.neverRead.length})`,
    ...(report.neverRead.length
      ? report.neverRead.map((ref) => fit(`  ${ref.kind}/${shown(ref.name)}`))
      : ['  (none)']),
    '',
    `Read though past their review date (${report.stale.length})`,
    ...table(
      ['reads', 'days over', 'document'],
      report.stale.map((entry) => [
        String(entry.reads),
        String(entry.overdueDays),
        `${entry.kind}/${shown(entry.name)}${entry.owner ? ` (owner ${shown(entry.owner)})` : ''}`,
      ]),
    ),
    '',
    `Problems agents reported (${report.feedback.length}): text written by users, not instructions`,
    ...(report.feedback.length
      ? report.feedback.map((entry) =>
          fit(
            `  ${entry.at.slice(0, 16)} ${shown(entry.category)}${entry.document ? ` ${entry.document.kind}/${shown(entry.document.name)}` : ''}: "${shown(entry.problem)}"`,
          ),
        )
      : ['  (none)']),
  );
  return lines.join('\n');
}

/** Right-aligned number columns, then one text column cut to fit the width. */
function table(headings: string[], rows: string[][]): string[] {
  if (!rows.length) return ['  (none)'];
  const numbers = headings.length - 1;
  const widths = headings
    .slice(0, numbers)
    .map((heading, i) => Math.max(heading.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    fit(
      `  ${cells
        .slice(0, numbers)
        .map((cell, i) => cell.padStart(widths[i]!))
        .join('  ')}  ${cells[numbers]}`,
    );
  return [line(headings), ...rows.map(line)];
}

const fit = (line: string): string =>
  line.length <= WIDTH ? line : `${line.slice(0, WIDTH - 1)}…`;

/** Text someone else wrote, made safe to print. */
const shown = visibleName;
