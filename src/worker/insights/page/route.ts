// GET /insights and GET /insights/callback: the insights page for authors, behind the company
// sign-in of auth mode oauth (sign-in.ts, session.ts). In any other auth mode the page does not
// exist (404) and says which surfaces give the same report (page-answers.ts). Every answer, redirects
// and refusals included, carries the page's headers (page-html.ts); a refusal never says anything
// about the data.
import type { Context } from 'hono';
import { escapeHtml as escape } from '../../../shared/auth/page-style.ts';
import type { AuthEnv } from '../../auth/config.ts';
import { PRAXIS_SCOPE, type OAuthStateEnv } from '../../auth/oauth/authorization-server.ts';
import type { Principal } from '../../auth/principal.ts';
import { ContentUnavailableError } from '../../content/kv-read.ts';
import { currentBundle, type ContentEnv } from '../../content/store.ts';
import { isAuthor } from '../authors.ts';
import { InvalidReportCursor } from '../report.ts';
import { authorsGroup, insightsStore, type InsightsEnv } from '../settings.ts';
import {
  messageAnswer,
  notAnAuthorAnswer,
  oauthSettingsOr,
  unknownPageOfGapsAnswer,
  upstreamFailureAnswer,
} from './page-answers.ts';
import { insightsPageResponse } from './page-html.ts';
import { pageInput } from './page-data.ts';
import { insightsPage, PERIOD_DAYS, type PeriodDays } from './render.ts';
import {
  clearedSessionCookie,
  sentSessionCookie,
  sessionCookie,
  sessionOf,
  type PageSession,
} from './session.ts';
import { finishSignIn, returnPathOf, startSignIn } from './sign-in.ts';

type PageEnv = AuthEnv & InsightsEnv & ContentEnv & Partial<OAuthStateEnv>;
type PageContext = Context<{ Bindings: PageEnv }>;

const DEFAULT_DAYS: PeriodDays = 30;
/** A cursor the report hands out is far shorter (report-cursor.ts); anything longer is refused before any work. */
const MAX_CURSOR_CHARS = 1024;

const principalOf = (session: PageSession): Principal => ({
  subject: session.subject,
  groups: session.groups,
  scopes: [PRAXIS_SCOPE],
  via: 'oauth',
});

function periodOf(value: string | undefined): PeriodDays | undefined {
  if (value === undefined) return DEFAULT_DAYS;
  return PERIOD_DAYS.find((days) => value === `${days}d`);
}

export async function insightsPageRoute(c: PageContext): Promise<Response> {
  const config = oauthSettingsOr(c.env);
  if (config instanceof Promise) return config;
  const request = c.req.raw;
  const url = new URL(request.url);
  const session = await sessionOf(request, config);
  if (!session) {
    let started;
    try {
      started = await startSignIn(config, returnPathOf(url));
    } catch (error) {
      return upstreamFailureAnswer(error);
    }
    const headers = new Headers({ Location: started.location, 'Set-Cookie': started.cookie });
    // A session cookie that was sent but is no session (altered, expired, another deployment's) goes.
    if (sentSessionCookie(request, config))
      headers.append('Set-Cookie', clearedSessionCookie(config));
    return insightsPageResponse('', 302, headers);
  }
  if (!isAuthor(principalOf(session), c.env))
    return notAnAuthorAnswer(authorsGroup(c.env), session);
  const days = periodOf(url.searchParams.get('since') ?? undefined);
  if (!days)
    return messageAnswer(400, 'Unknown period', [
      `The period must be one of ${PERIOD_DAYS.map((choice) => `<code>${choice}d</code>`).join(', ')}.`,
    ]);
  const cursor = url.searchParams.get('cursor') ?? undefined;
  if (cursor !== undefined && (cursor === '' || cursor.length > MAX_CURSOR_CHARS))
    return unknownPageOfGapsAnswer();
  const store = insightsStore(c.env);
  if (!store.ok) {
    console.error(JSON.stringify({ event: 'insights_unavailable', reason: store.reason }));
    return messageAnswer(503, 'Insights are not configured', [
      'This endpoint keeps no usage events, so there is nothing to show; its operators have been told why in the log.',
    ]);
  }
  let bundle;
  try {
    bundle = await currentBundle(c.env, Date.now());
  } catch (error) {
    if (!(error instanceof ContentUnavailableError)) throw error;
    return messageAnswer(503, 'Content is unavailable', [
      'The published content could not be read; try again in a minute.',
    ]);
  }
  if (!bundle)
    return messageAnswer(503, 'No content yet', [
      'No content has been published to this Praxis endpoint yet.',
    ]);
  let input;
  try {
    input = await pageInput({
      db: store.db,
      bundle,
      principal: principalOf(session),
      days,
      cursor,
      signedInAs: session.name ?? session.subject,
      now: Date.now(),
    });
  } catch (error) {
    if (!(error instanceof InvalidReportCursor)) throw error;
    return unknownPageOfGapsAnswer();
  }
  return insightsPageResponse(insightsPage(input), 200);
}

export async function insightsCallbackRoute(c: PageContext): Promise<Response> {
  const config = oauthSettingsOr(c.env);
  if (config instanceof Promise) return config;
  let finished;
  try {
    finished = await finishSignIn(c.req.raw, config);
  } catch (error) {
    return upstreamFailureAnswer(error);
  }
  const headers = new Headers({ 'Set-Cookie': finished.clearCookie });
  if (!finished.ok)
    return messageAnswer(
      400,
      'Sign-in did not finish',
      [escape(finished.reason), '<a href="/insights">Open the insights page again</a>.'],
      headers,
    );
  const session: PageSession = {
    subject: finished.identity.subject,
    name: finished.identity.name ?? finished.identity.email,
    groups: finished.identity.groups,
  };
  // A person who may not see the page gets no session: nothing of theirs is kept, even in the browser.
  if (!isAuthor(principalOf(session), c.env))
    return notAnAuthorAnswer(authorsGroup(c.env), session, headers);
  const cookie = await sessionCookie(session, config);
  if (!cookie)
    return messageAnswer(
      400,
      'Sign-in did not finish',
      [
        'Your identity provider sent more groups than fit in a browser cookie, so no session could be kept.',
      ],
      headers,
    );
  headers.append('Set-Cookie', cookie);
  headers.set('Location', finished.returnTo);
  return insightsPageResponse('', 302, headers);
}
