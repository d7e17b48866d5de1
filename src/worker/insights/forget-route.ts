// POST /insights/forget {"subject": "…"}: deletes every usage event and feedback report of one person. The caller ids are
// HMACs with a key only the Worker holds, so forgetting goes through the Worker, and only an author
// may ask (authors.ts): anonymous 401, anyone else 403, a body over 1 KiB 413 — nothing deleted.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { authenticate } from '../auth/authenticate.ts';
import { refusalResponse } from '../auth/challenge.ts';
import { readAuthConfig, type AuthEnv } from '../auth/config.ts';
import type { OAuthStateEnv } from '../auth/oauth/authorization-server.ts';
import { misconfiguredResponse } from '../http/misconfigured.ts';
import { isAuthor } from './authors.ts';
import { callerId } from './caller-id.ts';
import { deleteCallerRows } from './row-deletion.ts';
import { authorsGroup, insightsStore, type InsightsEnv } from './settings.ts';

export const FORGET_PATH = '/insights/forget';
export const MAX_FORGET_BYTES = 1024;
const MAX_SUBJECT_CHARS = 256;

type ForgetEnv = AuthEnv & InsightsEnv & Partial<OAuthStateEnv>;

const refused = (status: number, error: string, message: string): Response =>
  Response.json({ error, message }, { status, headers: { 'Cache-Control': 'no-store' } });

export const forgetBodyLimit: MiddlewareHandler = bodyLimit({
  maxSize: MAX_FORGET_BYTES,
  onError: () =>
    refused(413, 'BODY_TOO_LARGE', `The body must be at most ${MAX_FORGET_BYTES} bytes.`),
});

export async function forgetResponse(c: Context<{ Bindings: ForgetEnv }>): Promise<Response> {
  const settings = readAuthConfig(c.env);
  if (!settings.ok) return misconfiguredResponse(c, settings.message);
  const outcome = await authenticate(c.req.raw, settings.config, c.env);
  if (!outcome.ok) return refusalResponse(outcome, settings.config);
  const { principal } = outcome;
  if (principal.via === 'off' || !isAuthor(principal, c.env))
    return refused(
      403,
      'FORBIDDEN',
      `Forgetting a person's usage events is for members of the authors group (${authorsGroup(c.env)}).`,
    );
  const subject = subjectOf(await c.req.text());
  if (subject === undefined)
    return refused(
      400,
      'INVALID_REQUEST',
      `The body must be JSON {"subject": "…"}: the subject (1-${MAX_SUBJECT_CHARS} characters, no control characters) whose usage events and feedback to delete.`,
    );
  const store = insightsStore(c.env);
  if (!store.ok) {
    console.error(JSON.stringify({ event: 'insights_unavailable', reason: store.reason }));
    return refused(503, 'INSIGHTS_UNAVAILABLE', 'Insights are not configured on this endpoint.');
  }
  let deleted: { events: number; feedback: number };
  try {
    deleted = await deleteCallerRows(store.db, await callerId(store.key, subject));
  } catch (error) {
    console.error(
      JSON.stringify({
        event: 'insights_forget_failed',
        reason: error instanceof Error ? error.message : String(error),
      }),
    );
    return refused(
      503,
      'INSIGHTS_UNAVAILABLE',
      'The insights database did not answer; nothing was deleted. Try again later.',
    );
  }
  const { events, feedback } = deleted;
  // The forgotten subject is not logged: the log would otherwise remember whom it forgot.
  console.log(
    JSON.stringify({
      event: 'insights_forget',
      by: principal.subject,
      deleted: events,
      deletedFeedback: feedback,
    }),
  );
  return Response.json(
    { deleted: events, deletedFeedback: feedback },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

function subjectOf(body: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const { subject } = parsed as { subject?: unknown };
  return typeof subject === 'string' &&
    subject.length >= 1 &&
    subject.length <= MAX_SUBJECT_CHARS &&
    !/[\u0000-\u001f\u007f]/.test(subject)
    ? subject
    : undefined;
}
