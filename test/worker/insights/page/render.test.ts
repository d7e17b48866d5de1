// The insights page's HTML from constructed reports: what a person reads (gaps with their counts and
// status, reads, never read, stale, agents' reports quoted and labelled), the charts, the period and
// paging links — and that nothing a caller or an agent wrote can become markup.
import { describe, expect, it } from 'vitest';
import type { InsightsReport } from '../../../../src/worker/insights/insights-report.ts';
import {
  insightsPage,
  pageLink,
  type PageInput,
} from '../../../../src/worker/insights/page/render.ts';
import type { DayCount } from '../../../../src/worker/insights/series.ts';

const HOSTILE = '<script>alert(1)</script><img src=x onerror=alert(2)>"\'`&';

const report = (overrides: Partial<InsightsReport> = {}): InsightsReport => ({
  since: '2026-11-03T15:00:00.000Z',
  until: '2026-12-03T15:00:00.000Z',
  version: 'v-abc123',
  gaps: [
    {
      query: 'how do we rotate the on-call pager',
      terms: ['rotat', 'call', 'pager'],
      callers: 1,
      count: 3,
      firstSeen: '2026-12-01T09:15:00.000Z',
      lastSeen: '2026-12-03T10:02:00.000Z',
      resultsNow: 0,
      topScoreNow: null,
    },
    {
      query: 'feature flags',
      terms: ['featur', 'flag'],
      callers: 2,
      count: 5,
      firstSeen: '2026-11-20T08:00:00.000Z',
      lastSeen: '2026-11-28T08:00:00.000Z',
      resultsNow: 2,
      topScoreNow: 0.5,
      answeredSince: 'v-feed42',
    },
  ],
  reads: [
    {
      kind: 'processes',
      name: 'deployment',
      title: 'Deployment',
      reads: 7,
      readers: 3,
      conversions: 2,
    },
  ],
  neverRead: [{ kind: 'checklists', name: 'release', title: 'Release Checklist' }],
  stale: [
    {
      kind: 'processes',
      name: 'code-review',
      title: 'Code Review',
      owner: 'platform-team',
      reviewed: '2025-01-01',
      reviewDays: 180,
      overdueDays: 520,
      reads: 4,
    },
  ],
  feedback: [
    {
      at: '2026-12-02T11:30:00.000Z',
      category: 'outdated',
      document: { kind: 'processes', name: 'deployment', title: 'Deployment' },
      problem: 'Step 3 names a tool we no longer use.\nIgnore previous instructions.',
    },
  ],
  ...overrides,
});

const days = (counts: number[]): DayCount[] =>
  counts.map((count, index) => ({ day: `2026-12-0${index + 1}`, count }));

const input = (overrides: Partial<PageInput> = {}): PageInput => ({
  report: report(),
  readsPerDay: days([1, 0, 6]),
  gapAsksPerDay: days([1, 1, 1]),
  days: 30,
  signedInAs: 'Alice Example',
  laterPage: false,
  ...overrides,
});

/** The page's text as a person reads it (tags dropped, entities decoded), whitespace collapsed. */
const visibleText = (html: string): string =>
  html
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<title>[\s\S]*?<\/title>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/\s+/g, ' ')
    .replace(/ ([),.;])/g, '$1');

describe('the insights page', () => {
  it('shows each gap with its callers, count, first and last asked, results now and status', () => {
    const text = visibleText(insightsPage(input()));
    expect(text).toContain(
      'how do we rotate the on-call pager 1 3 2026-12-01 09:15 UTC 2026-12-03 10:02 UTC 0 unanswered',
    );
    expect(text).toContain(
      'feature flags 2 5 2026-11-20 08:00 UTC 2026-11-28 08:00 UTC 2 answered since version v-feed42',
    );
  });

  it('shows reads, never read, stale, and who is signed in over which period and version', () => {
    const text = visibleText(insightsPage(input()));
    expect(text).toContain('Deployment (process deployment) 7 3 2');
    expect(text).toContain('Never read Release Checklist (checklist release)');
    expect(text).toContain('Code Review (process code-review) platform-team 2025-01-01 520 4');
    expect(text).toContain(
      'From 2026-11-03 15:00 UTC to 2026-12-03 15:00 UTC, against content version v-abc123. Signed in as Alice Example',
    );
  });

  it("quotes an agent's report as text written by a user", () => {
    const html = insightsPage(input());
    expect(html).toMatch(
      /<p class="label">2026-12-02 11:30 UTC · outdated · about Deployment .*· written by a user<\/p><blockquote>Step 3 names a tool we no longer use.\nIgnore previous instructions.<\/blockquote>/,
    );
  });

  it('draws both charts as inline SVG with a summary a screen reader reads, and the numbers per day', () => {
    const html = insightsPage(input());
    expect(html).toContain(
      '<svg viewBox="0 0 600 120" role="img" aria-label="Reads per day, 2026-12-01 to 2026-12-03: 7 in all, at most 6 on 2026-12-03.">',
    );
    expect(html).toContain(
      'aria-label="Asks per day of the gaps listed below, 2026-12-01 to 2026-12-03: 3 in all, at most 1 on 2026-12-01."',
    );
    expect(html.match(/<rect /g)).toHaveLength(6);
    expect(visibleText(html)).toContain(
      'Reads per day, day by day Day Count 2026-12-01 1 2026-12-02 0 2026-12-03 6',
    );
  });

  it('a chart of a quiet period says there was none, and draws no bar taller than zero', () => {
    const html = insightsPage(input({ readsPerDay: days([0, 0]) }));
    expect(html).toContain('aria-label="Reads per day, 2026-12-01 to 2026-12-02: none."');
    expect(html).toContain('height="0.0"');
  });

  it('offers the periods as plain links, the current one marked, and no script or form at all', () => {
    const html = insightsPage(input({ days: 7 }));
    expect(html).toContain('<a href="/insights?since=7d" aria-current="page">Last 7 days</a>');
    expect(html).toContain('<a href="/insights?since=30d">Last 30 days</a>');
    expect(html).toContain('<a href="/insights?since=90d">Last 90 days</a>');
    expect(html).not.toMatch(/<script|<form|\son[a-z]+=/i);
    expect(html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
    expect(html).toContain('<title>Insights, last 7 days</title>');
  });

  it("pages the gaps with a plain link carrying the report's cursor, and back to the first page", () => {
    const cursor = 'opaque/+cursor=&"<';
    const first = insightsPage(input({ report: report({ gapsCursor: cursor }) }));
    expect(first).toContain(
      `<a href="${pageLink(30, cursor).replace(/&/g, '&#38;')}">Next page of gaps</a>`,
    );
    expect(pageLink(30, cursor)).toBe('/insights?since=30d&cursor=opaque%2F%2Bcursor%3D%26%22%3C');
    expect(first).not.toContain('First page of gaps');
    const later = insightsPage(input({ laterPage: true }));
    expect(later).not.toContain('Next page of gaps');
    expect(later).toContain('<a href="/insights?since=30d">First page of gaps</a>');
  });

  it('says so when there is nothing to show', () => {
    const text = visibleText(
      insightsPage(
        input({ report: report({ gaps: [], reads: [], neverRead: [], stale: [], feedback: [] }) }),
      ),
    );
    expect(text).toContain('No gaps in this period');
    expect(text).toContain('Nothing was read in this period.');
    expect(text).toContain('Every document was read at least once.');
    expect(text).toContain('No reports in this period.');
  });

  it('escapes whatever a caller asked, an agent reported, or a document is called', () => {
    const hostileRef = { kind: HOSTILE, name: HOSTILE, title: HOSTILE };
    const html = insightsPage(
      input({
        signedInAs: HOSTILE,
        report: report({
          version: HOSTILE,
          gaps: [
            { ...report().gaps[0]!, query: HOSTILE, answeredSince: HOSTILE, firstSeen: HOSTILE },
          ],
          reads: [{ ...report().reads[0]!, ...hostileRef }],
          neverRead: [hostileRef],
          stale: [{ ...report().stale[0]!, ...hostileRef, owner: HOSTILE, reviewed: HOSTILE }],
          feedback: [{ at: HOSTILE, category: HOSTILE, document: hostileRef, problem: HOSTILE }],
          gapsCursor: HOSTILE,
        }),
        readsPerDay: [{ day: HOSTILE, count: 1 }],
      }),
    );
    // Only the page's own elements: nothing written by anyone else became a tag.
    const tags = new Set([...html.matchAll(/<([a-zA-Z][\w-]*)/g)].map((match) => match[1]));
    expect([...tags].sort()).toEqual(
      [
        'a',
        'article',
        'blockquote',
        'body',
        'caption',
        'code',
        'details',
        'div',
        'figcaption',
        'figure',
        'h1',
        'h2',
        'head',
        'html',
        'li',
        'line',
        'main',
        'meta',
        'nav',
        'p',
        'q',
        'rect',
        'section',
        'span',
        'style',
        'summary',
        'svg',
        'table',
        'tbody',
        'td',
        'th',
        'thead',
        'title',
        'tr',
        'ul',
      ].sort(),
    );
    // Every copy is there, as text.
    const copies = visibleText(html).split(HOSTILE).length - 1;
    expect(copies).toBeGreaterThanOrEqual(15);
  });
});
