// The insights page's answers other than the report: misconfigured (500), another auth mode (404,
// naming the surfaces that give the same report), not an author (403), a link the page did not make
// (400), the identity provider unreachable (503). Each is a whole page with the page's headers, and
// none says anything about the data.
import { escapeHtml as escape } from '../../../shared/auth/page-style.ts';
import { readAuthConfig, type AuthEnv } from '../../auth/config.ts';
import type { OAuthModeConfig } from '../../auth/oauth/config.ts';
import { UpstreamUnavailableError } from '../../auth/oauth/upstream.ts';
import { insightsPageResponse, messagePage } from './page-html.ts';
import type { PageSession } from './session.ts';

/** A page of a heading and paragraphs (HTML the caller escaped). */
export const messageAnswer = (
  status: number,
  title: string,
  paragraphs: string[],
  headers?: Headers,
): Promise<Response> => insightsPageResponse(messagePage(title, paragraphs), status, headers);

/** The oauth settings, or the answer for every other case: misconfigured (500), another mode (404). */
export function oauthSettingsOr(env: AuthEnv): OAuthModeConfig | Promise<Response> {
  const settings = readAuthConfig(env);
  if (!settings.ok) {
    console.error(JSON.stringify({ event: 'misconfigured', message: settings.message }));
    return messageAnswer(500, 'Insights are unavailable', [
      'This Praxis endpoint is misconfigured; its operators have been told why in the log.',
    ]);
  }
  if (settings.config.oauth) return settings.config.oauth;
  return messageAnswer(404, 'The insights page needs the company sign-in', [
    `This endpoint runs auth mode <code>${escape(settings.config.mode)}</code>, where the page has no sign-in of its own. ` +
      'The same report is available to authors through the <code>insights_report</code> MCP tool and on the command line with <code>praxis insights</code>.',
  ]);
}

export function notAnAuthorAnswer(
  authorsGroup: string,
  session: PageSession,
  headers?: Headers,
): Promise<Response> {
  console.warn(
    JSON.stringify({
      event: 'insights_page_refused',
      subject: session.subject,
      reason: 'not an author',
    }),
  );
  return messageAnswer(
    403,
    'This page is for authors',
    [
      `You are signed in as ${escape(session.name ?? session.subject)}, who is not a member of the authors group ` +
        `(<code>${escape(authorsGroup)}</code>).`,
      'Ask whoever manages that group at your identity provider to add you, then open this page again.',
    ],
    headers,
  );
}

export const unknownPageOfGapsAnswer = (): Promise<Response> =>
  messageAnswer(400, 'Unknown page of gaps', [
    'That link to a page of gaps is not one this page made. <a href="/insights">Start from the first page</a>.',
  ]);

/** The provider could not be reached: 503. Anything else is not this answer's to give, and is thrown on. */
export function upstreamFailureAnswer(error: unknown): Promise<Response> {
  if (!(error instanceof UpstreamUnavailableError)) throw error;
  console.error(JSON.stringify({ event: 'identity_provider_unavailable', reason: error.message }));
  return messageAnswer(503, 'Sign-in is unavailable', [
    'The identity provider could not be reached. Try again in a few minutes.',
  ]);
}
