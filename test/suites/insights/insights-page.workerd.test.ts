// GET /insights, hostile: the page for authors behind the company sign-in (auth mode oauth), walked
// by a scripted browser against the real development OpenID provider on loopback. Anonymous visitors
// are sent to sign in and nothing is stored for them; alice (an author) gets the page with the gap bob
// left; bob (not an author) gets a 403 that says why and nothing of the data, and no session. A
// session cookie altered, expired, sealed by another deployment or for another use, or one whose
// holder is no longer an author, shows nothing. The callback takes only the sign-in this browser
// started. Every answer carries the page's headers; other auth modes answer 404 naming the surfaces.
import { EncryptJWT } from 'jose';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCESS_TOKEN_TTL_S } from '../../../src/worker/auth/oauth/authorization-server.ts';
import { purposeKey } from '../../../src/worker/auth/oauth/purpose-keys.ts';
import type { Env } from '../../../src/worker/index.ts';
import {
  callWorker,
  mcpRequest,
  publishFixture,
  rpcMessage,
  settleBackgroundWork,
  token,
} from '../../helpers/workerd/helpers.ts';
import { clearEvents, storedEvents, toolCall } from '../../helpers/workerd/insights-helpers.ts';
import { recordingOAuthKv } from '../../helpers/workerd/recording-oauth-kv.ts';
import {
  WORKER_ORIGIN,
  isPage,
  oauthEnv,
  signInProvider,
  workerBrowser,
  type Page,
} from '../../helpers/workerd/sign-in-helpers.ts';
import type { TestBrowser } from '../../fixtures/oidc/sign-in-browser.ts';

const PAGE = `${WORKER_ORIGIN}/insights`;
const CALLBACK = `${WORKER_ORIGIN}/insights/callback`;
const SESSION = 'praxis-insights-session';
const SIGN_IN = 'praxis-insights-sign-in';
const GAP = 'how do we rotate the on-call pager';
const SECRET = 'consent-secret-for-workerd-tests-0123456789';

const kv = recordingOAuthKv();
const env: Partial<Env> = oauthEnv({ OAUTH_KV: kv.binding } as Partial<Env>);

const get = (url: string, cookie?: string, overrides: Partial<Env> = env): Promise<Response> =>
  callWorker(new Request(url, { headers: cookie ? { cookie } : {} }), overrides);

/** The page's headers, on every answer of /insights. */
function expectPageHeaders(response: Response): void {
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("script-src 'none'");
  expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
  expect(csp).not.toContain('unsafe-inline');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
}

const setCookies = (response: Response): string[] => response.headers.getSetCookie();
const cookieNamed = (response: Response, name: string): string | undefined =>
  setCookies(response).find((cookie) => cookie.startsWith(`${name}=`));
const valueOf = (cookie: string): string => cookie.slice(cookie.indexOf('=') + 1).split(';')[0]!;

/** A person opening the page and, at the provider, signing in as `user`: the page they end on. */
async function signInToPage(browser: TestBrowser, user: string, url = PAGE): Promise<Page> {
  let step = await browser.go(url);
  for (let pages = 0; pages < 4; pages += 1) {
    if (!isPage(step)) throw new Error(`sent to ${step.redirectedTo}`);
    const login = /action="(\/interaction\/[^"]+)"/.exec(step.html)?.[1];
    if (!login || !step.html.includes('name="username"')) return step;
    step = await browser.submit(new URL(login, step.url).href, { username: user, password: user });
  }
  throw new Error('sign-in did not finish');
}

/** The session cookie a browser ends up with after signing in as `user` (its Set-Cookie line). */
async function sessionAfterSignIn(user: string): Promise<string | undefined> {
  let session: string | undefined;
  const browser = workerBrowserSeeing(env, (response) => {
    session = cookieNamed(response, SESSION) ?? session;
  });
  await signInToPage(browser, user);
  return session;
}

/** A scripted browser whose answers from the Worker are shown to `seen` as well. */
function workerBrowserSeeing(overrides: Partial<Env>, seen: (response: Response) => void) {
  const browser = workerBrowser(overrides);
  const request = browser.request.bind(browser);
  browser.request = async (url, init) => {
    const response = await request(url, init);
    if (new URL(url).origin === WORKER_ORIGIN) seen(response);
    return response;
  };
  return browser;
}

/** A session sealed as the Worker seals one, with the given key, issuer, groups and lifetime. */
async function sealedSession(
  options: {
    secret?: string;
    issuer?: string;
    groups?: string[];
    expiresIn?: string;
    issuedAt?: number;
  } = {},
): Promise<string> {
  const jwt = new EncryptJWT({ groups: options.groups ?? ['praxis-authors'], name: 'Mallory' })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setSubject('mallory')
    .setIssuer(options.issuer ?? WORKER_ORIGIN)
    .setAudience('praxis-insights-session')
    .setIssuedAt(options.issuedAt)
    .setExpirationTime(options.expiresIn ?? '1h');
  return jwt.encrypt(await purposeKey(options.secret ?? SECRET, 'insights-session'));
}

async function searchAs(subject: string, query: string): Promise<void> {
  await rpcMessage(
    await callWorker(
      mcpRequest(toolCall('search_processes', { query }), { bearer: await token(subject) }),
    ),
  );
}

beforeAll(async () => {
  await publishFixture();
  await clearEvents();
  // bob asks a question the content does not answer, three times (recorded in auth mode local).
  for (let i = 0; i < 3; i++) await searchAs('bob', GAP);
  await settleBackgroundWork();
  expect((await storedEvents()).length).toBe(3);
});

describe('the insights page in auth mode oauth', () => {
  it('sends an anonymous visitor to the company sign-in, bound to this browser, and stores nothing', async () => {
    kv.reset();
    const before = (await storedEvents()).length;
    for (let i = 0; i < 5; i++) {
      const response = await get(`${PAGE}?since=7d`);
      expect(response.status).toBe(302);
      expectPageHeaders(response);
      const location = new URL(response.headers.get('location')!);
      expect(location.origin).toBe(signInProvider.issuer);
      expect(location.searchParams.get('redirect_uri')).toBe(CALLBACK);
      expect(location.searchParams.get('code_challenge_method')).toBe('S256');
      expect(location.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
      expect(location.searchParams.get('scope')).not.toContain('offline_access');
      const cookie = cookieNamed(response, SIGN_IN)!;
      expect(cookie).toMatch(/; Path=\/insights; HttpOnly; SameSite=Lax; Max-Age=600$/);
      // Served over loopback http: not Secure, so the browser keeps it.
      expect(cookie).not.toContain('Secure');
    }
    expect(kv.log.filter((entry) => entry.operation !== 'read')).toEqual([]);
    expect((await storedEvents()).length).toBe(before);
  });

  it('served over https, its cookies are Secure and __Secure- prefixed', async () => {
    const https = oauthEnv({
      PRAXIS_AUTH_RESOURCE: 'https://praxis.example.com/mcp',
    } as Partial<Env>);
    const response = await get('https://praxis.example.com/insights', undefined, https);
    expect(response.status).toBe(302);
    const cookie = cookieNamed(response, `__Secure-${SIGN_IN}`)!;
    expect(cookie).toMatch(/; Path=\/insights; HttpOnly; SameSite=Lax; Max-Age=600; Secure$/);
    expect(new URL(response.headers.get('location')!).searchParams.get('redirect_uri')).toBe(
      'https://praxis.example.com/insights/callback',
    );
  });

  it('alice, an author, signs in and sees the gap bob left, the charts, and a session of one access-token lifetime', async () => {
    const answers: Response[] = [];
    const browser = workerBrowserSeeing(env, (response) => answers.push(response.clone()));
    const page = await signInToPage(browser, 'alice', `${PAGE}?since=7d`);
    expect(page.status).toBe(200);
    expect(new URL(page.url).pathname + new URL(page.url).search).toBe('/insights?since=7d');
    expect(page.html).toContain('<h1>Insights</h1>');
    expect(page.html).toContain(GAP);
    expect(page.html).toContain('id="reads-chart"');
    expect(page.html).toContain('id="gaps-chart"');
    expect(page.html).toContain('aria-current="page">Last 7 days');
    expect(page.html).toContain('Signed in as Alice Example');
    for (const answer of answers) expectPageHeaders(answer);
    // The style element is the one the CSP's hash allows.
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.html)![1]!;
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(style));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    expect(page.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);

    const callback = answers.find((answer) => cookieNamed(answer, SESSION))!;
    const session = cookieNamed(callback, SESSION)!;
    expect(session).toMatch(
      new RegExp(`; Path=/insights; HttpOnly; SameSite=Lax; Max-Age=${ACCESS_TOKEN_TTL_S}$`),
    );
    // Encrypted (a JWE of five parts): neither who it is nor a token can be read from it.
    expect(valueOf(session).split('.')).toHaveLength(5);
    expect(valueOf(session)).not.toMatch(/alice|praxis-authors/i);
    // The sign-in cookie is cleared where it was used.
    expect(cookieNamed(callback, SIGN_IN)).toMatch(/Max-Age=0/);
  });

  it('bob, not an author, is told why, sees nothing of the data, and gets no session', async () => {
    const answers: Response[] = [];
    const browser = workerBrowserSeeing(env, (response) => answers.push(response.clone()));
    const page = await signInToPage(browser, 'bob');
    expect(page.status).toBe(403);
    expect(page.html).toContain('<h1>This page is for authors</h1>');
    expect(page.html).toContain('Bob Example, who is not a member of the authors group');
    expect(page.html).toContain('<code>praxis-authors</code>');
    expect(page.html).not.toContain(GAP);
    expect(page.html).not.toMatch(/<svg|<table/);
    for (const answer of answers) expectPageHeaders(answer);
    expect(answers.some((answer) => cookieNamed(answer, SESSION))).toBe(false);
    // And back at the page, still no session: he is sent to sign in again.
    const again = await browser.request(PAGE);
    expect(again.status).toBe(302);
  });

  it('a session cookie altered in any part shows nothing and is cleared', async () => {
    const valid = valueOf((await sessionAfterSignIn('alice'))!);
    expect((await get(PAGE, `${SESSION}=${valid}`)).status).toBe(200);
    const parts = valid.split('.');
    for (let part = 0; part < parts.length; part++) {
      const altered = [...parts];
      const text = altered[part]!;
      altered[part] = text ? `${text.slice(0, -2)}${text.endsWith('AA') ? 'BB' : 'AA'}` : 'AA';
      const response = await get(PAGE, `${SESSION}=${altered.join('.')}`);
      expect(response.status, `part ${part}`).toBe(302);
      expectPageHeaders(response);
      expect(await response.text()).not.toContain(GAP);
      expect(cookieNamed(response, SESSION)).toMatch(/^praxis-insights-session=; .*Max-Age=0/);
    }
  });

  it('an expired session, one too old, one sealed by another deployment or for another use shows nothing', async () => {
    const refused = {
      expired: await sealedSession({
        expiresIn: '-1s',
        issuedAt: Math.floor(Date.now() / 1000) - 3700,
      }),
      'issued too long ago': await sealedSession({
        issuedAt: Math.floor(Date.now() / 1000) - ACCESS_TOKEN_TTL_S - 60,
        expiresIn: '1h',
      }),
      'another secret': await sealedSession({
        secret: 'another-deployments-secret-0123456789abcdef',
      }),
      'another origin with the same secret': await sealedSession({
        issuer: 'https://other-praxis.example.com',
      }),
      'the sign-in cookie': valueOf(cookieNamed(await get(PAGE), SIGN_IN)!),
      'not a JWE': 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJtYWxsb3J5In0.',
    };
    // Sealed exactly as the Worker seals one, it is accepted: the cases above differ in one thing each.
    expect((await get(PAGE, `${SESSION}=${await sealedSession()}`)).status).toBe(200);
    for (const [name, value] of Object.entries(refused)) {
      const response = await get(PAGE, `${SESSION}=${value}`);
      expect(response.status, name).toBe(302);
      expect(new URL(response.headers.get('location')!).origin, name).toBe(signInProvider.issuer);
      expect(await response.text(), name).not.toContain(GAP);
    }
  });

  it('a valid session whose groups no longer include the authors group is refused with 403', async () => {
    const response = await get(
      PAGE,
      `${SESSION}=${await sealedSession({ groups: ['engineering'] })}`,
    );
    expect(response.status).toBe(403);
    expectPageHeaders(response);
    const html = await response.text();
    expect(html).toContain('who is not a member of the authors group');
    expect(html).not.toContain(GAP);
  });

  it('the callback takes only a sign-in this browser started, with its own state', async () => {
    const started = await get(PAGE);
    const cookie = cookieNamed(started, SIGN_IN)!;
    const state = new URL(started.headers.get('location')!).searchParams.get('state')!;
    const cases = {
      'no sign-in cookie': get(`${CALLBACK}?code=x&state=${state}`),
      'another state': get(
        `${CALLBACK}?code=x&state=not-${state}`,
        `${SIGN_IN}=${valueOf(cookie)}`,
      ),
      'no state': get(`${CALLBACK}?code=x`, `${SIGN_IN}=${valueOf(cookie)}`),
      'a made-up code': get(
        `${CALLBACK}?code=made-up&state=${state}`,
        `${SIGN_IN}=${valueOf(cookie)}`,
      ),
      'the provider refused': get(
        `${CALLBACK}?error=access_denied&state=${state}`,
        `${SIGN_IN}=${valueOf(cookie)}`,
      ),
    };
    for (const [name, pending] of Object.entries(cases)) {
      const response = await pending;
      expect(response.status, name).toBe(400);
      expectPageHeaders(response);
      expect(await response.text(), name).toContain('Sign-in did not finish');
      expect(cookieNamed(response, SESSION), name).toBeUndefined();
      expect(cookieNamed(response, SIGN_IN), name).toMatch(/Max-Age=0/);
    }
  });

  it('refuses a period or a page link it did not make, with a clear page', async () => {
    const session = `${SESSION}=${await sealedSession()}`;
    const period = await get(`${PAGE}?since=365d`, session);
    expect(period.status).toBe(400);
    expectPageHeaders(period);
    expect(await period.text()).toContain(
      'The period must be one of <code>7d</code>, <code>30d</code>, <code>90d</code>.',
    );
    for (const made of ['x'.repeat(2000), btoa('{"since":0}'), 'not a cursor']) {
      const cursor = await get(`${PAGE}?cursor=${encodeURIComponent(made)}`, session);
      expect(cursor.status).toBe(400);
      expectPageHeaders(cursor);
      expect(await cursor.text()).toContain(
        'That link to a page of gaps is not one this page made.',
      );
    }
  });
});

describe('the insights page in other auth modes, and when something is missing', () => {
  it('local: 404, naming the MCP tool and the command that give the same report', async () => {
    for (const url of [PAGE, CALLBACK]) {
      const response = await get(url, undefined, {});
      expect(response.status).toBe(404);
      expectPageHeaders(response);
      const html = await response.text();
      expect(html).toContain('auth mode <code>local</code>');
      expect(html).toContain('<code>insights_report</code> MCP tool');
      expect(html).toContain('<code>praxis insights</code>');
      expect(setCookies(response)).toEqual([]);
    }
  });

  it('an identity provider that cannot be reached: 503, saying to try again, nothing stored', async () => {
    const unreachable = oauthEnv({
      PRAXIS_OIDC_ISSUER: inject('identityProviders').unreachable,
    } as Partial<Env>);
    const response = await get(PAGE, undefined, unreachable);
    expect(response.status).toBe(503);
    expectPageHeaders(response);
    expect(await response.text()).toContain('The identity provider could not be reached.');
    expect(setCookies(response)).toEqual([]);
  });

  it('a misconfigured oauth mode: 500, and no reason given to the browser', async () => {
    const response = await get(PAGE, undefined, oauthEnv({ PRAXIS_CONSENT_SECRET: 'short' }));
    expect(response.status).toBe(500);
    expectPageHeaders(response);
    const html = await response.text();
    expect(html).toContain('misconfigured');
    expect(html).not.toContain('PRAXIS_CONSENT_SECRET');
  });
});
