// `praxis insights forget`: asks a Praxis Worker to delete one person's usage events and feedback. The caller ids
// are HMACs with a key only the Worker holds, so the deletion happens there (POST /insights/forget),
// asked by an author: a token whose groups include the authors group.
import { PraxisError } from '../../src/shared/praxis-error.ts';

export const FORGET_PATH = '/insights/forget';
const TIMEOUT_MS = 30_000;

/** The Worker refused or failed the request; the message says what it answered. */
export class ForgetRefused extends PraxisError {
  static override code = 'ERR_INSIGHTS_FORGET_REFUSED';
  override readonly code = 'ERR_INSIGHTS_FORGET_REFUSED';
}

/** The Worker's origin from what a person may type: its origin, or its /mcp URL. */
export function workerOrigin(url: string): string {
  return new URL(url).origin;
}

/** How many of a person's rows the Worker deleted. */
export interface Forgotten {
  events: number;
  feedback: number;
}

/** Deletes `subject`'s usage events and feedback reports at the Worker; how many were deleted. */
export async function forgetSubject(
  origin: string,
  token: string,
  subject: string,
): Promise<Forgotten> {
  let response: Response;
  try {
    response = await fetch(`${origin}${FORGET_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ subject }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ForgetRefused(`${origin} could not be reached: ${(error as Error).message}`);
  }
  const text = await response.text();
  let body: { deleted?: unknown; deletedFeedback?: unknown; message?: unknown } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    /* not JSON: reported by status below */
  }
  if (response.ok && typeof body.deleted === 'number')
    // A Worker from before feedback existed answers without its count.
    return {
      events: body.deleted,
      feedback: typeof body.deletedFeedback === 'number' ? body.deletedFeedback : 0,
    };
  const message = typeof body.message === 'string' ? body.message : text.slice(0, 300);
  throw new ForgetRefused(`${origin}${FORGET_PATH} answered ${response.status}: ${message}`);
}
