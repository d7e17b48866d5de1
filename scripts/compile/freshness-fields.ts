// The front matter keys that say who keeps a document and when it goes stale: `owner` (who to ask),
// `reviewed` (the date someone last checked it, YYYY-MM-DD) and `review_days` (how long it stays
// fresh, 1–3650; default DEFAULT_REVIEW_DAYS). A present key with a wrong value is an error at its
// line, never ignored: an author who wrote it meant it.
import { isoDateMs, MAX_REVIEW_DAYS } from '../../src/bundle/freshness.ts';
import type { BuildError } from './errors.ts';

/** Longest `owner`: a name, a team or an address, not a paragraph (it travels with every result). */
export const MAX_OWNER_CHARS = 200;

export interface FreshnessFields {
  owner?: string;
  reviewed?: string;
  reviewDays?: number;
}

/** The three fields as `data` has them, or one error per wrong one, at its key's line. */
export function readFreshnessFields(
  data: Record<string, unknown>,
  keyLines: ReadonlyMap<string, number>,
  file: string,
): { ok: true; value: FreshnessFields } | { ok: false; errors: BuildError[] } {
  const errors: BuildError[] = [];
  const present = (key: string): boolean => keyLines.has(key) || Object.hasOwn(data, key);
  const fail = (key: string, message: string): void =>
    void errors.push({ file, line: keyLines.get(key) ?? 1, message });
  const value: FreshnessFields = {};

  if (present('owner')) {
    const owner = data.owner;
    if (typeof owner !== 'string' || !owner.trim())
      fail('owner', "'owner' must be a non-empty name (owner: platform-team), or delete the line");
    else if (owner.trim().length > MAX_OWNER_CHARS || /[\u0000-\u001F\u007F]/.test(owner.trim()))
      fail('owner', `'owner' must be one line of at most ${MAX_OWNER_CHARS} characters`);
    else value.owner = owner.trim();
  }

  if (present('reviewed')) {
    // YAML reads an unquoted 2026-03-01 as a date: take its calendar day back as text.
    const raw = data.reviewed instanceof Date ? isoDay(data.reviewed) : data.reviewed;
    if (typeof raw !== 'string' || isoDateMs(raw.trim()) === undefined)
      fail('reviewed', "'reviewed' must be a real date written YYYY-MM-DD (reviewed: 2026-03-01)");
    else value.reviewed = raw.trim();
  }

  if (present('review_days')) {
    const days = data.review_days;
    if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > MAX_REVIEW_DAYS)
      fail(
        'review_days',
        `'review_days' must be a whole number of days from 1 to ${MAX_REVIEW_DAYS} (review_days: 180)`,
      );
    else value.reviewDays = days;
  }

  return errors.length ? { ok: false, errors } : { ok: true, value };
}

/** A YAML timestamp's calendar day; a timestamp with a time of day is not a date. */
function isoDay(date: Date): string | undefined {
  if (Number.isNaN(date.getTime())) return undefined;
  const text = date.toISOString();
  return text.endsWith('T00:00:00.000Z') ? text.slice(0, 10) : undefined;
}
