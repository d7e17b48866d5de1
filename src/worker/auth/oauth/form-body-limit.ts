// The OAuth endpoints anyone may POST a form to — the token endpoint (codes, refresh tokens and
// revocation) and the consent form at /authorize — take a handful of short fields: a code, a PKCE
// verifier, a redirect URI and a client ID (each at most a URL), a refresh token, a handle. Their
// bodies are read more than once before and by the library (a `resource` sent unset, a client ID's
// host, a refresh token's reuse), so a body over 16 KiB is refused before anything reads it: an
// anonymous megabyte would otherwise be parsed as a form four times over.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

export const MAX_OAUTH_FORM_BYTES = 16 * 1024;

export const oauthFormBodyLimit: MiddlewareHandler = bodyLimit({
  maxSize: MAX_OAUTH_FORM_BYTES,
  onError: () =>
    Response.json(
      {
        error: 'invalid_request',
        error_description: `The request body is larger than ${MAX_OAUTH_FORM_BYTES} bytes; an OAuth request is far smaller.`,
      },
      { status: 413, headers: { 'Cache-Control': 'no-store' } },
    ),
});
