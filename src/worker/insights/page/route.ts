// GET /insights and GET /insights/callback: the insights page for authors, behind the company
// sign-in of auth mode oauth (sign-in.ts, session.ts). In any other auth mode the page does not
// exist (404) and says which surfaces give the same report: the insights_report MCP tool and
// `praxis insights`. Every answer, redirects and refusals included, carries the page's headers
// (page-html.ts); a refusal never says anything about the data.
import type { Context } from 'hono';
import { escapeHtml as escape } from '../../../shared/auth/page-style.ts';
import { readAuthConfig, type AuthEnv } from '../../auth/config.ts';
import { PRAXIS_SCOPE, type OAuthStateEnv } from '../../auth/oauth/authorization-server.ts';
import type { OAuthModeConfig } from '../../auth/oauth/config.ts';
import { UpstreamUnavailableError } from '../../auth/oauth/upstream.ts';
import type { Principal } from '../../auth/principal.ts';
import { ContentUnavailableError } from '../../content/kv-read.ts';
import { currentBundle, type ContentEnv } from '../../content/store.ts';
import { isAuthor } from '../authors.ts';
import { InvalidReportCursor } from '../report.ts';
import { authorsGroup, insightsStore, type InsightsEnv } from '../settings.ts';
import { insightsPageResponse, messagePage } from './page-html.ts';
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

const page = (status: number, title: string, paragraphs: string[], headers?: Headers) =>
  insightsPageResponse(messagePage(title, paragraphs), status, headers);

/** The oauth settings, or the answer for every other case: misconfigured (500), another mode (404). */
async function oauthSettings(c: PageContext): Promise<OAuthModeConfig | Response> {
  const settings = readAuthConfig(c.env);
  if (!settings.ok) {
    console.error(JSON.stringify({ event: 'misconfigured', message: settings.message }));
    return page(500, 'Insights are unavailable', [
      'This Praxis endpoint is misconfigured; its operators have been told why in the log.',
    ]);
  }
  if (settings.config.oauth) return settings.config.oauth;
  return page(404, 'The insights page needs the company sign-in', [
    `This endpoint runs auth mode <code>${escape(settings.config.mode)}</code>, where the page has no sign-in of its own. ` +
      'The same report is available to authors through the <code>insights_report</code> MCP tool and on the command line with <code>praxis insights</code>.',
  ]);
}

const principalOf = (session: PageSession): Principal => ({
  subject: session.subject,
  groups: session.groups,
  scopes: [PRAXIS_SCOPE],
  via: 'oauth',
});

function notAnAuthor(c: PageContext, session: PageSession, headers?: Headers): Promise<Response> {
  console.warn(
    JSON.stringify({
      event: 'insights_page_refused',
      subject: session.subject,
      reason: 'not an author',
    }),
  );
  return page(
    403,
    'This page is for authors',
    [
      `You are signed in as ${escape(session.name ?? session.subject)}, who is not a member of the authors group ` +
        `(<code>${escape(authorsGroup(c.env))}</code>).`,
      'Ask whoever manages that group at your identity provider to add you, then open this page again.',
    ],
    headers,
  );
}

function periodOf(value: string | undefined): PeriodDays | undefined {
  if (value === undefined) return DEFAULT_DAYS;
  return PERIOD_DAYS.find((days) => value === `${days}d`);
}

export async function insightsPageRoute(c: PageContext): Promise<Response> {
  const config = await oauthSettings(c);
  if (config instanceof Response) return config;
  const request = c.req.raw;
  const url = new URL(request.url);
  const session = await sessionOf(request, config);
  if (!session) {
    let started;
    try {
      started = await startSignIn(config, returnPathOf(url));
    } catch (error) {
      return upstreamFailure(error);
    }
    const headers = new Headers({ Location: started.location, 'Set-Cookie': started.cookie });
    // A session cookie that was sent but is no session (altered, expired, another deployment's) goes.
    if (sentSessionCookie(request, config))
      headers.append('Set-Cookie', clearedSessionCookie(config));
    return insightsPageResponse('', 302, headers);
  }
  if (!isAuthor(principalOf(session), c.env)) return notAnAuthor(c, session);
  const days = periodOf(url.searchParams.get('since') ?? undefined);
  if (!days)
    return page(400, 'Unknown period', [
      `The period must be one of ${PERIOD_DAYS.map((choice) => `<code>${choice}d</code>`).join(', ')}.`,
    ]);
  const cursor = url.searchParams.get('cursor') ?? undefined;
  if (cursor !== undefined && (cursor === '' || cursor.length > MAX_CURSOR_CHARS))
    return unknownPageOfGaps();
  const store = insightsStore(c.env);
  if (!store.ok) {
    console.error(JSON.stringify({ event: 'insights_unavailable', reason: store.reason }));
    return page(503, 'Insights are not configured', [
      'This endpoint keeps no usage events, so there is nothing to show; its operators have been told why in the log.',
    ]);
  }
  let bundle;
  try {
    bundle = await currentBundle(c.env, Date.now());
  } catch (error) {
    if (!(error instanceof ContentUnavailableError)) throw error;
    return page(503, 'Content is unavailable', [
      'The published content could not be read; try again in a minute.',
    ]);
  }
  if (!bundle)
    return page(503, 'No content yet', [
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
    return unknownPageOfGaps();
  }
  return insightsPageResponse(insightsPage(input), 200);
}

export async function insightsCallbackRoute(c: PageContext): Promise<Response> {
  const config = await oauthSettings(c);
  if (config instanceof Response) return config;
  let finished;
  try {
    finished = await finishSignIn(c.req.raw, config);
  } catch (error) {
    return upstreamFailure(error);
  }
  const headers = new Headers({ 'Set-Cookie': finished.clearCookie });
  if (!finished.ok)
    return page(
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
  if (!isAuthor(principalOf(session), c.env)) return notAnAuthor(c, session, headers);
  const cookie = await sessionCookie(session, config);
  if (!cookie)
    return page(
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

const unknownPageOfGaps = (): Promise<Response> =>
  page(400, 'Unknown page of gaps', [
    'That link to a page of gaps is not one this page made. <a href="/insights">Start from the first page</a>.',
  ]);

function upstreamFailure(error: unknown): Promise<Response> {
  if (!(error instanceof UpstreamUnavailableError)) throw error;
  console.error(JSON.stringify({ event: 'identity_provider_unavailable', reason: error.message }));
  return page(503, 'Sign-in is unavailable', [
    'The identity provider could not be reached. Try again in a few minutes.',
  ]);
}
