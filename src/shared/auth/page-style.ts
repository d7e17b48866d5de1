// The one look of every page a person sees while signing in: Praxis's consent and error pages, and
// the development sign-in page of `praxis dev --auth oauth` (scripts/dev/sign-in-provider.ts). A card
// on a quiet background, one column that fits a 320 px screen, labels above full-width fields, a
// visible focus ring, and colours with at least 4.5:1 contrast. No script, no asset from elsewhere:
// the pages' Content-Security-Policy allows inline styles only.

/** The card's style sheet; pages with more to show (the insights page) add their own rules after it. */
export const PAGE_STYLE = [
  'body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;background:#f3f4f6;color:#1b1b1b}',
  'main{max-width:34rem;margin:3rem auto;padding:1.5rem 1.75rem;background:#fff;border:1px solid #d4d7dd;' +
    'border-radius:8px}',
  '@media (max-width:36rem){body{background:#fff}main{margin:0;border:0;border-radius:0;padding:1.25rem 1rem}}',
  '.brand{margin:0 0 .75rem;font-size:.8rem;font-weight:600;letter-spacing:.06em;text-transform:uppercase;' +
    'color:#4b5563}',
  'h1{font-size:1.4rem;line-height:1.3;margin:0 0 1rem;overflow-wrap:anywhere}',
  'p{margin:.8rem 0}',
  '.warn,.problem{padding:.6rem .8rem;border-radius:4px;border-left:4px solid}',
  '.warn{background:#fff4d6;border-color:#b45309}',
  '.problem{background:#fde8e8;border-color:#b91c1c}',
  'label{display:block;font-weight:600;margin:1rem 0 .3rem}',
  'input{font:inherit;width:100%;box-sizing:border-box;padding:.5rem .6rem;border:1px solid #6b7280;border-radius:4px}',
  '.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}',
  'button{font:inherit;font-weight:600;padding:.5rem 1.4rem;border-radius:4px;border:1px solid #1d4ed8;' +
    'background:#1d4ed8;color:#fff;cursor:pointer}',
  'button.secondary{background:#fff;color:#1d4ed8}',
  ':focus-visible{outline:3px solid #b45309;outline-offset:2px}',
  'code{word-break:break-all;font-size:.9em}',
].join('');

/** Text safe to place in HTML content and in quoted attribute values. */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"'`]/g, (char) => `&#${char.charCodeAt(0)};`);

/** A whole sign-in page: `title` is escaped here; `body` is HTML the caller escaped, shown in the card. */
export function signInPageHtml(title: string, body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head>` +
    `<body><main><p class="brand">Praxis</p>${body}</main></body></html>`
  );
}
