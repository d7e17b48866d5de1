// Auth mode oauth refuses what an attacker or a broken party would send: unregistered redirect
// URIs, missing or plain PKCE, a wrong code_verifier, a replayed code, tokens for another resource,
// a forged state, a consent form posted without its one-time handle or from another browser, ID
// tokens from a hostile upstream with a wrong audience, nonce, issuer or signature, and an upstream
// outage — each without issuing a code or a token, and every page escaped and unframeable.
import { beforeAll, describe, expect, it } from 'vitest';
import { listTools, mcpPost } from '../../helpers/workerd/auth-helpers.ts';
import { callWorker, publishFixture } from '../../helpers/workerd/helpers.ts';
import {
  CLIENT_REDIRECT,
  workerBrowser,
  authorizationUrl,
  consentHandle,
  isPage,
  newVerifier,
  oauthEnv,
  registerClient,
  s256,
  signInAs,
  signInProvider,
  signedInTokens,
  tokenRequest,
  type Page,
} from '../../helpers/workerd/sign-in-helpers.ts';

beforeAll(async () => {
  await publishFixture();
});

const MCP = 'http://localhost/mcp';

/** No authorization code may reach the client: an error redirect, or a page shown here. */
function expectNoCode(result: Page | { redirectedTo: string }): void {
  if (isPage(result)) {
    expect(result.status).toBeGreaterThanOrEqual(400);
    return;
  }
  const landed = new URL(result.redirectedTo);
  expect(landed.searchParams.get('code')).toBeNull();
  expect(landed.searchParams.get('error')).toBeTruthy();
}

async function consentPageFor(
  browser: ReturnType<typeof workerBrowser>,
  clientId: string,
  extra: Record<string, string> = {},
): Promise<Page> {
  const verifier = newVerifier();
  const page = await browser.go(
    authorizationUrl(clientId, {
      code_challenge: await s256(verifier),
      code_challenge_method: 'S256',
      ...extra,
    }),
  );
  if (!isPage(page)) throw new Error(`expected the consent page, was sent to ${page.redirectedTo}`);
  return page;
}

describe('the authorization server metadata in oauth mode', () => {
  it('names this Worker as the authorization server and offers only S256, the code grant, DCR and CIMD', async () => {
    const env = oauthEnv();
    const resource = (await (
      await callWorker(
        new Request('http://localhost/.well-known/oauth-protected-resource/mcp'),
        env,
      )
    ).json()) as Record<string, unknown>;
    expect(resource).toMatchObject({ resource: MCP, authorization_servers: ['http://localhost'] });
    const server = (await (
      await callWorker(new Request('http://localhost/.well-known/oauth-authorization-server'), env)
    ).json()) as Record<string, unknown>;
    expect(server).toMatchObject({
      issuer: 'http://localhost',
      authorization_endpoint: 'http://localhost/authorize',
      token_endpoint: 'http://localhost/oauth/token',
      registration_endpoint: 'http://localhost/oauth/register',
      revocation_endpoint: 'http://localhost/oauth/token',
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
      client_id_metadata_document_supported: true,
    });
    expect(server.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token']),
    );
    expect(server.grant_types_supported).not.toContain('implicit');
  });

  it('serves none of it in the other modes', async () => {
    for (const path of [
      '/.well-known/oauth-authorization-server',
      '/authorize',
      '/oauth/token',
      '/oauth/register',
      '/oauth/callback',
    ]) {
      expect((await callWorker(new Request(`http://localhost${path}`))).status).toBe(404);
    }
  });

  it('refuses to run without its consent secret or upstream settings (500 on /mcp, never open)', async () => {
    for (const broken of [
      { PRAXIS_CONSENT_SECRET: 'short' },
      { PRAXIS_OIDC_ISSUER: 'http://idp.example.com' },
      { PRAXIS_OIDC_CLIENT_ID: '' },
      { PRAXIS_AUTH_ISSUERS: 'https://idp.example.com' },
    ]) {
      expect((await mcpPost(listTools, null, oauthEnv(broken))).status).toBe(500);
    }
  });
});

describe('authorization requests that must not produce a code', () => {
  it('refuses a redirect URI the client did not register, on a page here, never redirecting to it', async () => {
    const env = oauthEnv();
    const clientId = await registerClient(env);
    const verifier = newVerifier();
    const response = await callWorker(
      new Request(
        authorizationUrl(clientId, {
          redirect_uri: 'https://attacker.example/callback',
          code_challenge: await s256(verifier),
          code_challenge_method: 'S256',
        }),
      ),
      env,
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });

  it('refuses a request without PKCE and one with the plain method', async () => {
    const env = oauthEnv();
    const clientId = await registerClient(env);
    const browser = workerBrowser(env);
    expectNoCode(await browser.go(authorizationUrl(clientId, {})));
    expectNoCode(
      await browser.go(
        authorizationUrl(clientId, {
          code_challenge: 'plain-challenge-plain-challenge-plain-challenge-12',
          code_challenge_method: 'plain',
        }),
      ),
    );
  });

  it('refuses a resource other than this MCP server', async () => {
    const env = oauthEnv();
    const clientId = await registerClient(env);
    const browser = workerBrowser(env);
    expectNoCode(
      await browser.go(
        authorizationUrl(clientId, {
          code_challenge: await s256(newVerifier()),
          code_challenge_method: 'S256',
          resource: 'https://other.example/mcp',
        }),
      ),
    );
  });
});

describe('token requests that must not produce a token', () => {
  it('refuses a wrong code_verifier, then the replayed code, and a token request for another resource', async () => {
    const env = oauthEnv();
    const clientId = await registerClient(env);
    const verifier = newVerifier();
    const landed = new URL(
      await signInAs(
        workerBrowser(env),
        authorizationUrl(clientId, {
          code_challenge: await s256(verifier),
          code_challenge_method: 'S256',
        }),
        'bob',
      ),
    );
    const code = landed.searchParams.get('code')!;
    expect(landed.searchParams.get('state')).toBe('client-state');
    expect(landed.searchParams.get('iss')).toBe('http://localhost');
    const base = {
      grant_type: 'authorization_code',
      code,
      client_id: clientId,
      redirect_uri: CLIENT_REDIRECT,
    };
    const otherResource = await tokenRequest(env, {
      ...base,
      code_verifier: verifier,
      resource: 'https://other.example/mcp',
    });
    expect(otherResource.status).toBe(400);
    expect(otherResource.body.error).toBe('invalid_target');
    const wrong = await tokenRequest(env, { ...base, code_verifier: newVerifier() });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
    const used = await tokenRequest(env, { ...base, code_verifier: verifier });
    expect(used.status).toBe(200);
    const replayed = await tokenRequest(env, { ...base, code_verifier: verifier });
    expect(replayed.status).toBe(400);
    expect(replayed.body.access_token).toBeUndefined();
  });

  it('refuses an access token issued for another resource (audience bound, RFC 8707)', async () => {
    const elsewhere = oauthEnv({ PRAXIS_AUTH_RESOURCE: 'http://localhost/other/mcp' });
    const { access } = await signedInTokens(elsewhere, 'bob');
    expect((await mcpPost(listTools, access, oauthEnv())).status).toBe(401);
  });

  it('never accepts a signed-in token under another auth mode, nor a made-up one in oauth mode', async () => {
    const env = oauthEnv();
    const { access } = await signedInTokens(env, 'bob');
    expect((await mcpPost(listTools, access, { PRAXIS_AUTH_MODE: 'local' })).status).toBe(401);
    const [user, grant] = access.split(':');
    expect(
      (await mcpPost(listTools, `${user}:${grant}:forged-secret-forged-secret-00`, env)).status,
    ).toBe(401);
  });
});

describe('the consent step', () => {
  it('names the client and its redirect host, escaped, in a page that cannot be framed and needs no script', async () => {
    const env = oauthEnv();
    const clientId = await registerClient(env, {
      client_name: '<script>alert("owned")</script> Evil & Co',
    });
    const page = await consentPageFor(workerBrowser(env), clientId);
    expect(page.status).toBe(200);
    expect(page.html).toContain(
      '&#60;script&#62;alert(&#34;owned&#34;)&#60;/script&#62; Evil &#38; Co',
    );
    expect(page.html).not.toContain('<script');
    expect(page.html).toContain('127.0.0.1');
    expect(page.html).toContain(new URL(signInProvider.issuer).host);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });

  it('refuses a consent form posted without its handle, or from a browser that did not open the page', async () => {
    const env = oauthEnv();
    const clientId = await registerClient(env);
    const owner = workerBrowser(env);
    const page = await consentPageFor(owner, clientId);
    const handle = consentHandle(page)!;
    const withoutHandle = await owner.submit(page.url, { decision: 'approve' });
    expectNoCode(withoutHandle);
    const attacker = workerBrowser(env);
    const crossSite = await attacker.submit(page.url, { handle, decision: 'approve' });
    expectNoCode(crossSite);
    expect(
      attacker.visited.some((line) => line.includes(new URL(signInProvider.issuer).host)),
    ).toBe(false);
  });

  it('sends Deny back to the client as access_denied', async () => {
    const env = oauthEnv();
    const clientId = await registerClient(env);
    const browser = workerBrowser(env);
    const page = await consentPageFor(browser, clientId);
    const denied = await browser.submit(page.url, {
      handle: consentHandle(page)!,
      decision: 'deny',
    });
    expect(isPage(denied)).toBe(false);
    expect(
      new URL((denied as { redirectedTo: string }).redirectedTo).searchParams.get('error'),
    ).toBe('access_denied');
  });

  it('remembers an approval per user and client once the browser knows the user: the next sign-in skips the page', async () => {
    const env = oauthEnv();
    const browser = workerBrowser(env);
    await signedInTokens(env, 'bob', browser); // the browser's first sign-in: now it knows bob
    const { clientId } = await signedInTokens(env, 'bob', browser); // a new client: asked, approved, remembered for bob
    const challenge = { code_challenge: await s256(newVerifier()), code_challenge_method: 'S256' };
    const again = await browser.go(authorizationUrl(clientId, challenge));
    // Straight on through the upstream provider (its session is still open) and back to the client.
    expect(isPage(again)).toBe(false);
    expect(
      new URL((again as { redirectedTo: string }).redirectedTo).searchParams.get('code'),
    ).toBeTruthy();
    const otherClient = await registerClient(env);
    const asked = await browser.go(authorizationUrl(otherClient, challenge));
    expect(isPage(asked) && consentHandle(asked)).toBeTruthy();
    // Another person on this browser (the signed-in-user cookie gone) is asked again for the same client.
    browser.forget('localhost', '__Host-praxis-user');
    const stranger = await browser.go(authorizationUrl(clientId, challenge));
    expect(isPage(stranger) && consentHandle(stranger)).toBeTruthy();
  });
});

describe('the way back from the upstream provider', () => {
  it('refuses a forged state, and a real one arriving in another browser', async () => {
    const env = oauthEnv();
    const forged = await workerBrowser(env).go(
      'http://localhost/oauth/callback?code=anything&state=forged-state',
    );
    expectNoCode(forged);
    // A real state, captured on its way to the provider, replayed from the attacker's browser.
    const clientId = await registerClient(env);
    const victim = workerBrowser(env);
    const page = await consentPageFor(victim, clientId);
    const toUpstream = await victim.request(page.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ handle: consentHandle(page)!, decision: 'approve' }).toString(),
    });
    const state = new URL(toUpstream.headers.get('location')!).searchParams.get('state')!;
    expectNoCode(
      await workerBrowser(env).go(
        `http://localhost/oauth/callback?code=stolen&state=${encodeURIComponent(state)}`,
      ),
    );
  });

  for (const flaw of ['audience', 'nonce', 'signature', 'issuer', 'expired'] as const) {
    it(`refuses an upstream ID token with a wrong ${flaw} and signs nobody in`, async () => {
      await fetch(`${signInProvider.hostile}/test/flaw`, { method: 'POST', body: flaw });
      const env = oauthEnv({ PRAXIS_OIDC_ISSUER: signInProvider.hostile });
      const clientId = await registerClient(env);
      const browser = workerBrowser(env);
      const page = await consentPageFor(browser, clientId);
      const result = await browser.submit(page.url, {
        handle: consentHandle(page)!,
        decision: 'approve',
      });
      expectNoCode(result);
      expect(isPage(result) && result.html).toContain('could not be verified');
    });
  }

  it('accepts the same hostile provider when its ID token is sound (the refusals above are about the flaw)', async () => {
    await fetch(`${signInProvider.hostile}/test/flaw`, { method: 'POST', body: 'none' });
    const env = oauthEnv({ PRAXIS_OIDC_ISSUER: signInProvider.hostile });
    const clientId = await registerClient(env);
    const browser = workerBrowser(env);
    const page = await consentPageFor(browser, clientId);
    const result = await browser.submit(page.url, {
      handle: consentHandle(page)!,
      decision: 'approve',
    });
    expect(isPage(result)).toBe(false);
    expect(
      new URL((result as { redirectedTo: string }).redirectedTo).searchParams.get('code'),
    ).toBeTruthy();
  });

  it('shows a clean error page when the provider is down, and grants nothing', async () => {
    const { unreachable } = (await import('../../helpers/workerd/auth-helpers.ts')).providers;
    const env = oauthEnv({ PRAXIS_OIDC_ISSUER: unreachable });
    const clientId = await registerClient(env);
    const browser = workerBrowser(env);
    const result = await browser.go(
      authorizationUrl(clientId, {
        code_challenge: await s256(newVerifier()),
        code_challenge_method: 'S256',
      }),
    );
    expect(isPage(result)).toBe(true);
    const page = result as Page;
    expect(page.status).toBe(503);
    expect(page.html).toContain('could not be reached');
    expect(page.html).not.toMatch(/at .*\.ts|Error:/);
    expect(consentHandle(page)).toBeUndefined();
  });
});
