// The staleness rule the build and the Worker share: calendar days in UTC, reviewed before last
// changed, the default review period, and no verdict without a date.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REVIEW_DAYS,
  daysPastReview,
  isoDateMs,
  isoDateOf,
} from '../../src/bundle/freshness.ts';

const at = (iso: string): number => Date.parse(iso);

describe('isoDateMs', () => {
  it('reads real calendar dates at 00:00 UTC', () => {
    expect(isoDateMs('2026-03-01')).toBe(at('2026-03-01T00:00:00Z'));
    expect(isoDateMs('2024-02-29')).toBe(at('2024-02-29T00:00:00Z'));
  });

  it.each([
    '2026-02-30',
    '2025-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-3-1',
    '26-03-01',
    '2026-03-01T00:00Z',
    ' 2026-03-01',
    '',
  ])('refuses %j', (text) => expect(isoDateMs(text)).toBeUndefined());

  it('round-trips through isoDateOf, whatever the time of day', () => {
    expect(isoDateOf(at('2026-03-01T23:59:59Z'))).toBe('2026-03-01');
  });
});

describe('daysPastReview', () => {
  it('counts whole days past reviewed + review days: fresh on the last day, stale the day after', () => {
    const dates = { reviewed: '2026-01-01', reviewDays: 30 };
    expect(daysPastReview(dates, at('2026-01-31T23:59:00Z'))).toBe(0);
    expect(daysPastReview(dates, at('2026-02-01T00:00:00Z'))).toBe(1);
    expect(daysPastReview(dates, at('2026-01-11T12:00:00Z'))).toBe(-20);
  });

  it('takes reviewed over last changed: an edit is not a review', () => {
    const dates = { reviewed: '2025-01-01', lastChanged: '2026-05-01', reviewDays: 100 };
    expect(daysPastReview(dates, at('2026-05-02T00:00:00Z'))).toBe(386);
  });

  it('falls back to last changed, and to the default review period', () => {
    expect(daysPastReview({ lastChanged: '2025-01-01' }, at('2026-01-02T00:00:00Z'))).toBe(
      366 - DEFAULT_REVIEW_DAYS,
    );
  });

  it('has no verdict without a date, or with a damaged one', () => {
    expect(daysPastReview({ reviewDays: 1 }, at('2030-01-01T00:00:00Z'))).toBeUndefined();
    expect(daysPastReview({ reviewed: 'soon' }, at('2030-01-01T00:00:00Z'))).toBeUndefined();
  });
});
