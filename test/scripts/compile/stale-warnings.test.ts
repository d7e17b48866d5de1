// The build's stale warnings at a fixed clock: one per stale document, at its `reviewed` line,
// saying since when, by how many days and whose it is; none for fresh or undated documents.
import { describe, expect, it } from 'vitest';
import type { CompiledDocument } from '../../../scripts/compile/parse-document.ts';
import { staleWarnings } from '../../../scripts/compile/stale-warnings.ts';

const NOW = Date.parse('2026-12-03T08:00:00Z');

const document = (name: string, fields: Partial<CompiledDocument>): CompiledDocument => ({
  kind: 'processes',
  name,
  title: name,
  description: '',
  path: `${name}.md`,
  content: '',
  tags: [],
  nameLine: 1,
  warnings: [],
  flags: [],
  ...fields,
});

describe('staleWarnings', () => {
  it('warns about stale documents only, at the reviewed line or line 1', () => {
    const warnings = staleWarnings(
      [
        document('reviewed-long-ago', {
          owner: 'platform-team',
          reviewed: '2026-05-04',
          reviewDays: 180,
          freshnessLine: 4,
        }),
        document('changed-long-ago', { lastChanged: '2025-12-02' }),
        document('fresh', { reviewed: '2026-12-01', lastChanged: '2020-01-01' }),
        document('last-day', { lastChanged: '2025-12-03' }),
        document('undated', { reviewDays: 1 }),
      ],
      NOW,
      (d) => `content/processes/${d.path}`,
    );
    expect(warnings).toEqual([
      {
        file: 'content/processes/reviewed-long-ago.md',
        line: 4,
        message:
          "stale: last reviewed 2026-05-04, 33 days past its 180-day review (owner: platform-team): check it and set 'reviewed: YYYY-MM-DD'",
      },
      {
        file: 'content/processes/changed-long-ago.md',
        line: 1,
        message:
          "stale: last changed 2025-12-02, no 'reviewed' date, 1 day past its 365-day review: check it and set 'reviewed: YYYY-MM-DD'",
      },
    ]);
  });
});
