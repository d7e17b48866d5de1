// The period a report covers, as an author writes it: a whole number of days, "7d" (the default)
// to "365d", ending now. Anything else is refused with a message saying what is accepted.
export const DEFAULT_PERIOD = '7d';
export const MAX_PERIOD_DAYS = 365;
export const DAY_MS = 24 * 60 * 60 * 1000;

export type PeriodOutcome =
  { ok: true; since: number; until: number } | { ok: false; message: string };

export function reportPeriod(written: string | undefined, now: number): PeriodOutcome {
  const match = /^([1-9][0-9]{0,2})d$/.exec((written ?? DEFAULT_PERIOD).trim());
  const days = match ? Number(match[1]) : NaN;
  if (!(days >= 1 && days <= MAX_PERIOD_DAYS))
    return {
      ok: false,
      message: `since must be a number of days from 1d to ${MAX_PERIOD_DAYS}d (e.g. 7d, 30d), not '${String(written).slice(0, 40)}'.`,
    };
  return { ok: true, since: now - days * DAY_MS, until: now };
}
