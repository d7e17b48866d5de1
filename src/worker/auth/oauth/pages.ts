// The two pages a person sees while signing in: the consent form and the error page. Small,
// server-rendered, no script, no third-party assets; every value is escaped (client names and
// redirect hosts are chosen by whoever registered the client), and what a client chose is shown with
// its invisible and direction-changing characters made visible (visible-text.ts).
import type { ConsentDescription } from '@cloudflare/workers-oauth-provider';
import { visibleText } from './visible-text.ts';

const escape = (value: string): string => value.replace(/[&<>"'`]/g, (char) => `&#${char.charCodeAt(0)};`);

/** A client's text, as the person must see it: invisible characters shown, then escaped. */
const shown = (value: string, maxChars?: number): string => escape(visibleText(value, maxChars));
/** A client's name is cut here, so it cannot push the page's warnings out of view. */
const MAX_NAME_CHARS = 120;

const STYLE = 'body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#1b1b1b}'
  + 'h1{font-size:1.4rem}.warn{background:#fff4d6;padding:.6rem .8rem;border-radius:4px}'
  + 'button{font-size:1rem;padding:.4rem 1.2rem;margin-right:.6rem}code{word-break:break-all}';

/** CSP and framing headers for every page: nothing loads from elsewhere, nobody may frame it. */
export function pageHeaders(base?: Headers): Headers {
  const headers = new Headers(base);
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'");
  headers.set('X-Frame-Options', 'DENY');
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'no-referrer');
  headers.set('Cache-Control', 'no-store');
  return headers;
}

const page = (title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;

export function consentPage(details: ConsentDescription, handle: string, upstreamHost: string): string {
  const name = shown(details.clientName, MAX_NAME_CHARS);
  const origin = details.clientDomain
    ? `<p>Published by <strong>${shown(details.clientDomain)}</strong>.</p>`
    : '<p>This application registered itself; its name is not verified.</p>';
  const loopback = details.redirectIsLoopback
    ? '<p class="warn"><strong>Access will be sent to an application on this computer.</strong> Continue only if you just started connecting it to Praxis yourself.</p>'
    : '';
  return page(`Allow ${visibleText(details.clientName, MAX_NAME_CHARS)} to use Praxis?`, `<h1>Allow <strong>${name}</strong> to read Praxis as you?</h1>
${origin}
<p>Access will be sent to <strong>${shown(details.redirectHost)}</strong> (<code>${shown(details.redirectUri)}</code>).</p>
${loopback}
<p>It will read the processes, checklists and other knowledge your groups may see. You sign in next at <strong>${escape(upstreamHost)}</strong>.</p>
<form method="post">
<input type="hidden" name="handle" value="${escape(handle)}">
<p><button name="decision" value="approve">Allow</button><button name="decision" value="deny">Deny</button></p>
</form>`);
}

export function errorPage(title: string, message: string): string {
  return page(title, `<h1>${escape(title)}</h1><p>${shown(message)}</p><p>Return to the application you were connecting and start again.</p>`);
}

export const htmlResponse = (html: string, status: number, headers?: Headers): Response => new Response(html, { status, headers: pageHeaders(headers) });
