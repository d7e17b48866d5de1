// The two pages a person sees while signing in: the consent form and the error page. Small,
// server-rendered, no script, no third-party assets; every value is escaped (client names and
// redirect hosts are chosen by whoever registered the client), and what a client chose is shown with
// its invisible and direction-changing characters shown as markers (src/text/visible-text.ts). Their look is
// src/shared/auth/page-style.ts, shared with the development sign-in page.
import type { ConsentDescription } from '@cloudflare/workers-oauth-provider';
import { escapeHtml as escape, signInPageHtml } from '../../../shared/auth/page-style.ts';
import { shortened, visibleName } from '../../../text/visible-text.ts';

/** A client's text, as the person must see it: invisible characters shown, then escaped. */
const shown = (value: string, maxChars = Infinity): string =>
  escape(shortened(visibleName(value), maxChars));
/** A client's name is cut here, so it cannot push the page's warnings out of view. */
const MAX_NAME_CHARS = 120;

/** CSP and framing headers for every page: nothing loads from elsewhere, nobody may frame it. */
export function pageHeaders(base?: Headers): Headers {
  const headers = new Headers(base);
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
  );
  headers.set('X-Frame-Options', 'DENY');
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'no-referrer');
  headers.set('Cache-Control', 'no-store');
  return headers;
}

export function consentPage(
  details: ConsentDescription,
  handle: string,
  upstreamHost: string,
): string {
  const name = shown(details.clientName, MAX_NAME_CHARS);
  const origin = details.clientDomain
    ? `<p>Published by <strong>${shown(details.clientDomain)}</strong>.</p>`
    : '<p>This application registered itself; its name is not verified.</p>';
  const loopback = details.redirectIsLoopback
    ? '<p class="warn"><strong>Access will be sent to an application on this computer.</strong> Continue only if you just started connecting it to Praxis yourself.</p>'
    : '';
  // The tab's title and the heading ask the same question.
  const title = `Allow ${shortened(visibleName(details.clientName), MAX_NAME_CHARS)} to read Praxis as you?`;
  return signInPageHtml(
    title,
    `<h1>Allow <strong>${name}</strong> to read Praxis as you?</h1>
${origin}
<p>Access will be sent to <strong>${shown(details.redirectHost)}</strong> (<code>${shown(details.redirectUri)}</code>).</p>
${loopback}
<p>It will read the processes, checklists and other knowledge your groups may see. You sign in next at <strong>${escape(upstreamHost)}</strong>.</p>
<form method="post">
<input type="hidden" name="handle" value="${escape(handle)}">
<div class="actions"><button name="decision" value="approve">Allow</button>
<button class="secondary" name="decision" value="deny">Deny</button></div>
</form>`,
  );
}

export function errorPage(title: string, message: string): string {
  return signInPageHtml(
    title,
    `<h1>${escape(title)}</h1><p>${shown(message)}</p>` +
      '<p>Return to the application you were connecting and start again.</p>',
  );
}

export const htmlResponse = (html: string, status: number, headers?: Headers): Response =>
  new Response(html, { status, headers: pageHeaders(headers) });
