// A document's freshness as the Worker reports it, at a fixed clock.
import { describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_DAYS } from '../../../src/bundle/freshness.ts';
import { freshnessOf } from '../../../src/worker/content/freshness.ts';

const NOW = Date.parse('2026-06-01T09:00:00Z');

describe('freshnessOf', () => {
  it('is stale past reviewed + review_days, with the days overdue and the fields it came from', () => {
    expect(
      freshnessOf(
        {
          owner: 'platform-team',
          reviewed: '2026-01-01',
          lastChanged: '2026-05-20',
          reviewDays: 90,
        },
        NOW,
      ),
    ).toEqual({
      owner: 'platform-team',
      reviewed: '2026-01-01',
      lastChanged: '2026-05-20',
      reviewDays: 90,
      stale: true,
      overdueDays: 61,
    });
  });

  it('is fresh inside the period, overdue 0', () => {
    expect(freshnessOf({ lastChanged: '2026-05-20' }, NOW)).toEqual({
      lastChanged: '2026-05-20',
      reviewDays: DEFAULT_REVIEW_DAYS,
      stale: false,
      overdueDays: 0,
    });
  });

  it('is never stale without a date', () => {
    expect(freshnessOf({ owner: 'a', reviewDays: 1 }, NOW)).toEqual({
      owner: 'a',
      reviewDays: 1,
      stale: false,
      overdueDays: 0,
    });
  });
});
