// The insights page's session cookie on its own: what it carries comes back, its attributes, and a
// session too large for a browser's cookie is not made (the browser would drop it and sign-in loop).
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_S } from '../../../../src/worker/auth/oauth/authorization-server.ts';
import type { OAuthModeConfig } from '../../../../src/worker/auth/oauth/config.ts';
import {
  MAX_SESSION_COOKIE_BYTES,
  sessionCookie,
  sessionOf,
} from '../../../../src/worker/insights/page/session.ts';

const config = (issuer: string): OAuthModeConfig => ({
  resource: `${issuer}/mcp`,
  issuer,
  groupsClaim: 'groups',
  upstream: { issuer: 'https://login.example.com', clientId: 'praxis', scopes: ['openid'] },
  cookieSecret: 'a-consent-secret-for-the-session-test-0123456789',
});

const sent = (cookie: string, url: string): Request =>
  new Request(url, { headers: { cookie: cookie.split(';')[0]! } });

describe('the session cookie', () => {
  it('over https: __Secure-, Secure, HttpOnly, Path=/insights, SameSite=Lax, one access-token lifetime', async () => {
    const https = config('https://praxis.example.com');
    const cookie = (await sessionCookie(
      { subject: 'alice', name: 'Alice', groups: ['praxis-authors'] },
      https,
    ))!;
    expect(cookie).toMatch(
      new RegExp(
        `^__Secure-praxis-insights-session=[\\w-]+\\.\\.[\\w-]+\\.[\\w-]+\\.[\\w-]+; Path=/insights; HttpOnly; SameSite=Lax; Max-Age=${ACCESS_TOKEN_TTL_S}; Secure$`,
      ),
    );
    expect(await sessionOf(sent(cookie, 'https://praxis.example.com/insights'), https)).toEqual({
      subject: 'alice',
      name: 'Alice',
      groups: ['praxis-authors'],
    });
  });

  it('the same value under the other name (http vs https) is not read', async () => {
    const https = config('https://praxis.example.com');
    const cookie = (await sessionCookie({ subject: 'alice', groups: [] }, https))!;
    const unprefixed = cookie.replace(/^__Secure-/, '');
    expect(await sessionOf(sent(unprefixed, 'https://praxis.example.com/insights'), https)).toBe(
      undefined,
    );
  });

  it('is not made when the groups would not fit a browser cookie', async () => {
    const groups = Array.from({ length: 200 }, (_, index) => `a-long-group-name-number-${index}`);
    const local = config('http://127.0.0.1:8787');
    expect(await sessionCookie({ subject: 'alice', groups }, local)).toBeUndefined();
    const fits = (await sessionCookie({ subject: 'alice', groups: groups.slice(0, 20) }, local))!;
    expect(fits.length).toBeLessThanOrEqual(MAX_SESSION_COOKIE_BYTES);
    expect(fits).not.toContain('Secure');
  });
});
