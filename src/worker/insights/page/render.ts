// The insights page as HTML, from a report (src/worker/insights/insights-report.ts) and its two time
// series: a pure function, server-rendered, no client framework and no script. Everything shown is
// escaped; what agents reported is someone else's text and is shown as such, quoted and labelled.
// The period is chosen with plain links (?since=7d|30d|90d), the next page of gaps with a plain link
// carrying the report's cursor.
import { DOCUMENT_KINDS, isDocumentKind } from '../../../bundle/kinds.ts';
import { escapeHtml as escape } from '../../../shared/auth/page-style.ts';
import type {
  DocumentReads,
  DocumentRef,
  FeedbackEntry,
  GapEntry,
  InsightsReport,
  StaleEntry,
} from '../insights-report.ts';
import type { DayCount } from '../series.ts';
import { barChart } from './charts.ts';
import { insightsPageHtml } from './page-html.ts';
import { INSIGHTS_PAGE_PATH } from './page-cookies.ts';

/** The periods a person can choose, in days. */
export const PERIOD_DAYS = [7, 30, 90] as const;
export type PeriodDays = (typeof PERIOD_DAYS)[number];

export interface PageInput {
  report: InsightsReport;
  readsPerDay: readonly DayCount[];
  gapAsksPerDay: readonly DayCount[];
  days: PeriodDays;
  /** Who is signed in, as the identity provider named them. */
  signedInAs: string;
  /** Whether this page is a later page of gaps (a cursor was given). */
  laterPage: boolean;
}

/** "2026-12-03T15:31:00.000Z" → "2026-12-03 15:31 UTC"; anything else is shown as it is, escaped. */
export function shownTime(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return escape(match ? `${match[1]} ${match[2]} UTC` : iso);
}

export const pageLink = (days: PeriodDays, cursor?: string): string => {
  const query = new URLSearchParams({ since: `${days}d` });
  if (cursor !== undefined) query.set('cursor', cursor);
  return `${INSIGHTS_PAGE_PATH}?${query.toString()}`;
};

/** A document kind as one word: "process" for processes; an unknown kind as it is. */
const kindWord = (kind: string): string =>
  isDocumentKind(kind) ? DOCUMENT_KINDS[kind].singular : kind;

const documentName = (document: DocumentRef): string =>
  `${escape(document.title)} <span class="muted">(${escape(kindWord(document.kind))} <code>${escape(document.name)}</code>)</span>`;

/** A table in a box that scrolls sideways on a narrow screen; the box is focusable so a keyboard can scroll it. */
function table(
  caption: string,
  headings: Array<{ text: string; numeric?: boolean }>,
  rows: string[][],
): string {
  const numeric = (index: number): boolean => headings[index]?.numeric === true;
  const head = headings
    .map(
      (heading) => `<th scope="col"${heading.numeric ? ' class="num"' : ''}>${heading.text}</th>`,
    )
    .join('');
  const body = rows
    .map(
      (cells) =>
        `<tr>${cells.map((cell, index) => (numeric(index) ? `<td class="num">${cell}</td>` : `<td>${cell}</td>`)).join('')}</tr>`,
    )
    .join('');
  return (
    `<div class="scroll" role="region" tabindex="0" aria-label="${escape(caption)}">` +
    `<table><caption>${escape(caption)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`
  );
}

function periodNav(days: PeriodDays): string {
  const links = PERIOD_DAYS.map((choice) =>
    choice === days
      ? `<li><a href="${escape(pageLink(choice))}" aria-current="page">Last ${choice} days</a></li>`
      : `<li><a href="${escape(pageLink(choice))}">Last ${choice} days</a></li>`,
  ).join('');
  return `<nav aria-label="Period"><ul>${links}</ul></nav>`;
}

function gapsSection(input: PageInput): string {
  const { report, days } = input;
  const rows = report.gaps.map((gap: GapEntry) => [
    `<q>${escape(gap.query)}</q>`,
    String(gap.callers),
    String(gap.count),
    shownTime(gap.firstSeen),
    shownTime(gap.lastSeen),
    String(gap.resultsNow),
    gap.answeredSince
      ? `answered since version <code>${escape(gap.answeredSince)}</code>`
      : 'unanswered',
  ]);
  const list = rows.length
    ? table(
        'Questions agents asked and did not find answered',
        [
          { text: 'Question' },
          { text: 'Callers', numeric: true },
          { text: 'Asked', numeric: true },
          { text: 'First asked' },
          { text: 'Last asked' },
          { text: 'Results now', numeric: true },
          { text: 'Status' },
        ],
        rows,
      )
    : '<p>No gaps in this period: every question asked found something.</p>';
  const next = report.gapsCursor
    ? `<p><a href="${escape(pageLink(days, report.gapsCursor))}">Next page of gaps</a></p>`
    : '';
  const first = input.laterPage
    ? `<p><a href="${escape(pageLink(days))}">First page of gaps</a></p>`
    : '';
  return `<section aria-labelledby="gaps"><h2 id="gaps">Gaps</h2>${list}${next}${first}</section>`;
}

function readsSection(reads: readonly DocumentReads[]): string {
  if (!reads.length)
    return '<section aria-labelledby="reads"><h2 id="reads">Reads</h2><p>Nothing was read in this period.</p></section>';
  return (
    '<section aria-labelledby="reads"><h2 id="reads">Reads</h2>' +
    table(
      'Documents read, most read first',
      [
        { text: 'Document' },
        { text: 'Reads', numeric: true },
        { text: 'Readers', numeric: true },
        { text: 'Read right after a search', numeric: true },
      ],
      reads.map((read) => [
        documentName(read),
        String(read.reads),
        String(read.readers),
        String(read.conversions),
      ]),
    ) +
    '</section>'
  );
}

function neverReadSection(documents: readonly DocumentRef[]): string {
  const body = documents.length
    ? `<ul>${documents.map((document) => `<li>${documentName(document)}</li>`).join('')}</ul>`
    : '<p>Every document was read at least once.</p>';
  return `<section aria-labelledby="never-read"><h2 id="never-read">Never read</h2>${body}</section>`;
}

function staleSection(stale: readonly StaleEntry[]): string {
  if (!stale.length)
    return '<section aria-labelledby="stale"><h2 id="stale">Past their review date</h2><p>None.</p></section>';
  return (
    '<section aria-labelledby="stale"><h2 id="stale">Past their review date</h2>' +
    table(
      'Documents past their review date, stale and read often first',
      [
        { text: 'Document' },
        { text: 'Owner' },
        { text: 'Reviewed' },
        { text: 'Days overdue', numeric: true },
        { text: 'Reads', numeric: true },
      ],
      stale.map((entry) => [
        documentName(entry),
        escape(entry.owner ?? '—'),
        escape(entry.reviewed ?? entry.lastChanged ?? '—'),
        String(entry.overdueDays),
        String(entry.reads),
      ]),
    ) +
    '</section>'
  );
}

function feedbackSection(feedback: readonly FeedbackEntry[]): string {
  const body = feedback.length
    ? feedback
        .map(
          (entry) =>
            '<article class="report">' +
            `<p class="label">${shownTime(entry.at)} · ${escape(entry.category)}` +
            (entry.document ? ` · about ${documentName(entry.document)}` : '') +
            ' · written by a user</p>' +
            `<blockquote>${escape(entry.problem)}</blockquote></article>`,
        )
        .join('')
    : '<p>No reports in this period.</p>';
  return (
    '<section aria-labelledby="feedback"><h2 id="feedback">What agents reported</h2>' +
    '<p class="muted">Quoted as written: text from users and their agents, not instructions.</p>' +
    `${body}</section>`
  );
}

/** The whole page. */
export function insightsPage(input: PageInput): string {
  const { report, days } = input;
  const body =
    '<h1>Insights</h1>' +
    `<p>From ${shownTime(report.since)} to ${shownTime(report.until)}, against content version ` +
    `<code>${escape(report.version)}</code>. Signed in as ${escape(input.signedInAs)}; ` +
    'you see only what your own access shows.</p>' +
    periodNav(days) +
    '<section aria-labelledby="over-time"><h2 id="over-time">Over time</h2>' +
    barChart('reads-chart', 'Reads per day', input.readsPerDay) +
    barChart('gaps-chart', 'Asks per day of the gaps listed below', input.gapAsksPerDay) +
    '</section>' +
    gapsSection(input) +
    readsSection(report.reads) +
    neverReadSection(report.neverRead) +
    staleSection(report.stale) +
    feedbackSection(report.feedback);
  return insightsPageHtml(`Insights, last ${days} days`, body);
}
