// The insights page's HTML shell and response: the sign-in pages' look (src/shared/auth/page-style.ts)
// widened for tables and charts, one <style> element allowed by its hash, and no script at all. Every
// answer of /insights carries the same headers: nothing loads from elsewhere, nothing runs, nobody may
// frame it, nothing is cached or sent on as a referrer.
import { escapeHtml, PAGE_STYLE } from '../../../shared/auth/page-style.ts';

const INSIGHTS_STYLE = [
  'main{max-width:60rem}',
  'h2{font-size:1.15rem;margin:2rem 0 .5rem}',
  'nav ul,ul.plain{list-style:none;padding:0;margin:.5rem 0;display:flex;flex-wrap:wrap;gap:.5rem 1rem}',
  'a{color:#1d4ed8}',
  'a[aria-current]{font-weight:700;color:#1b1b1b}',
  '.scroll{overflow-x:auto;max-width:100%}',
  'table{border-collapse:collapse;width:100%;font-size:.95rem}',
  'th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #d4d7dd;vertical-align:top}',
  'td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}',
  'caption{text-align:left;color:#4b5563;padding:.25rem 0}',
  '.muted{color:#4b5563}',
  'figure{margin:1rem 0}',
  'figcaption{font-weight:600}',
  '.axis{display:flex;justify-content:space-between;gap:.5rem;margin:.2rem 0;font-size:.85rem}',
  'svg{display:block;width:100%;height:auto;max-height:12rem}',
  '.report{margin:.75rem 0;padding:.5rem .75rem;border:1px solid #d4d7dd;border-radius:4px}',
  '.report .label{font-size:.85rem;color:#4b5563;margin:0}',
  'blockquote{margin:.4rem 0;padding:.3rem .75rem;border-left:4px solid #6b7280;background:#f3f4f6;' +
    'white-space:pre-wrap;overflow-wrap:anywhere}',
  'details{margin:.4rem 0}',
].join('');

const STYLE = PAGE_STYLE + INSIGHTS_STYLE;

let styleHash: Promise<string> | undefined;

/** The CSP source that allows exactly the page's one style element. */
function styleSource(): Promise<string> {
  styleHash ??= crypto.subtle
    .digest('SHA-256', new TextEncoder().encode(STYLE))
    .then((digest) => `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`);
  return styleHash;
}

/** A whole page: `title` is escaped here; `body` is HTML the caller escaped. */
export function insightsPageHtml(title: string, body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>` +
    `<body><main><p class="brand">Praxis</p>${body}</main></body></html>`
  );
}

/** The headers every /insights answer carries. */
export async function insightsPageHeaders(base?: Headers): Promise<Headers> {
  const headers = new Headers(base);
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set(
    'Content-Security-Policy',
    `default-src 'none'; style-src ${await styleSource()}; img-src 'none'; script-src 'none'; ` +
      "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  );
  headers.set('X-Frame-Options', 'DENY');
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'no-referrer');
  headers.set('Cache-Control', 'no-store');
  return headers;
}

export async function insightsPageResponse(
  html: string,
  status: number,
  headers?: Headers,
): Promise<Response> {
  return new Response(html, { status, headers: await insightsPageHeaders(headers) });
}

/** A page with a heading and one message, e.g. a refusal. */
export const messagePage = (title: string, paragraphs: string[]): string =>
  insightsPageHtml(
    title,
    `<h1>${escapeHtml(title)}</h1>` + paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join(''),
  );
