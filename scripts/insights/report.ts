// `praxis insights`: asks a Praxis Worker for the insights report (GET /insights/report) as an author.
// The report is computed in the Worker, under the author's own access; this only fetches it.
import { PraxisError } from '../../src/shared/praxis-error.ts';

export const REPORT_PATH = '/insights/report';
const TIMEOUT_MS = 30_000;

/** The Worker refused or failed the request; the message says what it answered. */
export class ReportRefused extends PraxisError {
  static override code = 'ERR_INSIGHTS_REPORT_REFUSED';
  override readonly code = 'ERR_INSIGHTS_REPORT_REFUSED';
}

/** The report as the Worker sent it (its shape: docs/insights.md; the table reads what it prints). */
export async function fetchReport(
  origin: string,
  token: string,
  query: { since: string; cursor?: string },
): Promise<unknown> {
  const url = new URL(REPORT_PATH, origin);
  url.searchParams.set('since', query.since);
  if (query.cursor) url.searchParams.set('cursor', query.cursor);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ReportRefused(`${origin} could not be reached: ${(error as Error).message}`);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (response.ok && typeof body === 'object' && body !== null) return body;
  const message =
    typeof (body as { message?: unknown } | undefined)?.message === 'string'
      ? (body as { message: string }).message
      : text.slice(0, 300);
  throw new ReportRefused(`${origin}${REPORT_PATH} answered ${response.status}: ${message}`);
}
