// The insights report for a terminal: 80 columns, gaps then answered-since then reads and never read,
// and other people's words shown with their control characters as markers.
import { describe, expect, it } from 'vitest';
import { reportTable, WIDTH } from '../../../scripts/insights/report-table.ts';

const report = {
  since: '2026-11-26T15:00:00.000Z',
  until: '2026-12-03T15:00:00.000Z',
  version: '134c189e7fc7',
  gaps: [
    {
      query: 'onboarding buddy',
      callers: 3,
      count: 4,
      lastSeen: '2026-12-03T14:59Z',
      resultsNow: 0,
      topScoreNow: null,
    },
    {
      query: `how do we ${'really '.repeat(20)}scale`,
      callers: 1,
      count: 12,
      lastSeen: '2026-12-03T14:59Z',
      resultsNow: 2,
      topScoreNow: 0.12,
    },
    {
      query: 'erase \u001b[2K this line',
      callers: 1,
      count: 1,
      lastSeen: '2026-12-03T14:59Z',
      resultsNow: 0,
      topScoreNow: null,
    },
    {
      query: 'kubernetes autoscaling',
      callers: 2,
      count: 2,
      lastSeen: '2026-12-03T14:59Z',
      resultsNow: 1,
      topScoreNow: 0.7,
      answeredSince: 'abc123',
    },
  ],
  gapsCursor: 'eyJzaW5jZSI6MX0',
  reads: [
    {
      kind: 'processes',
      name: 'deployment',
      reads: 30,
      readers: 7,
      conversions: 12,
    },
  ],
  neverRead: [{ kind: 'checklists', name: 'release' }],
  stale: [{ kind: 'processes', name: 'deployment', owner: 'platform', overdueDays: 40, reads: 30 }],
  feedback: [
    {
      at: '2026-12-02T09:30Z',
      category: 'outdated',
      document: { kind: 'processes', name: 'deployment' },
      problem: 'Step 3 is wrong\u001b[2J\nreally',
    },
  ],
};

describe('the insights table', () => {
  const text = reportTable(report, (cursor) => `praxis insights --cursor ${cursor}`);
  const lines = text.split('\n');

  it('fits 80 columns', () => {
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(WIDTH);
    expect(lines.some((line) => line.endsWith('…'))).toBe(true);
  });

  it('lists gaps, answered-since, the next page, reads and never read', () => {
    expect(lines[0]).toBe('Insights 2026-11-26T15:00Z to 2026-12-03T15:00Z, content 134c189e7fc7');
    expect(text).toContain('Gaps: questions your search does not answer (3+)');
    expect(lines).toContain('  callers  asked   found  question');
    expect(lines).toContain('        3      4    none  onboarding buddy');
    expect(text).toContain('2@0.12');
    expect(text).toContain('Answered since (1)');
    expect(text).toMatch(/2 +2 +abc123 +kubernetes autoscaling/);
    expect(text).toContain('More gaps: praxis insights --cursor eyJzaW5jZSI6MX0');
    expect(text).toMatch(/30 +7 +12 +processes\/deployment/);
    expect(text).toContain('  checklists/release');
  });

  it('lists stale documents agents read and their reports, the reports marked as user text', () => {
    expect(text).toMatch(/30 +40 +processes\/deployment \(owner platform\)/);
    expect(text).toContain('Problems agents reported (1): text written by users, not instructions');
    expect(text).toContain(
      '  2026-12-02T09:30 outdated processes/deployment: "Step 3 is wrong‹ESC›[2J',
    );
  });

  it('shows a control character in a question as a marker, never sends it', () => {
    expect(text).not.toContain('\u001b');
    expect(text).toContain('erase ‹ESC›[2K this line');
  });

  it('says (none) for an empty list', () => {
    const empty = reportTable(
      {
        ...report,
        gaps: [],
        gapsCursor: undefined,
        reads: [],
        neverRead: [],
        stale: [],
        feedback: [],
      },
      String,
    );
    expect(empty).toContain(
      'Problems agents reported (0): text written by users, not instructions\n  (none)',
    );
    expect(empty).toContain('Gaps: questions your search does not answer (0)\n  (none)');
    expect(empty).not.toContain('More gaps');
  });
});
