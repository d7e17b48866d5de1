// The gaps list's paging cursor: base64url of JSON {since, until, offset}. It holds nothing secret
// and grants nothing: the page is re-run under whoever passes it, so it is not signed; it keeps the
// period fixed across pages (events recorded later do not shift the order). A cursor that is not one
// is refused with a message, never guessed at.
import { PraxisError } from '../../shared/praxis-error.ts';
import { DAY_MS, MAX_PERIOD_DAYS } from './report-period.ts';

export interface ReportPage {
  /** The period, ms since the epoch. */
  since: number;
  until: number;
  /** Gap candidates before this page. */
  offset: number;
}

/** Deeper than this, a page would cost the database more than an author's question is worth. */
export const MAX_GAP_OFFSET = 10_000;
const MAX_CURSOR_CHARS = 200;

export class InvalidReportCursor extends PraxisError {
  static override code = 'ERR_INVALID_REPORT_CURSOR';
  override readonly code = 'ERR_INVALID_REPORT_CURSOR';
}

export function encodeReportCursor(page: ReportPage): string {
  const json = JSON.stringify({ since: page.since, until: page.until, offset: page.offset });
  return btoa(json)
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/={1,2}$/, '');
}

export function decodeReportCursor(cursor: string): ReportPage {
  const refused = new InvalidReportCursor(
    'The cursor is not one this report gave: pass gapsCursor from the previous page exactly, or omit it for the first page.',
  );
  if (cursor.length > MAX_CURSOR_CHARS || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw refused;
  let value: unknown;
  try {
    value = JSON.parse(atob(cursor.replace(/-/g, '+').replace(/_/g, '/')));
  } catch {
    throw refused;
  }
  if (typeof value !== 'object' || value === null) throw refused;
  const { since, until, offset } = value as Record<string, unknown>;
  const whole = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
  if (!whole(since) || !whole(until) || !whole(offset)) throw refused;
  if (since > until || until - since > MAX_PERIOD_DAYS * DAY_MS || offset > MAX_GAP_OFFSET)
    throw refused;
  return { since, until, offset };
}
