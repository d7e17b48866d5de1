// A `resource` parameter a client sent without setting it — the text `undefined` (MCP Inspector 0.15
// sends it to the token endpoint) or an empty value — counts as left out, by one rule at /authorize and
// at /oauth/token: the sign-in completes and its token is for this server's one resource. A wrong
// resource, alone or next to an unset one, is still refused at both with invalid_target.
import { beforeAll, describe, expect, it } from 'vitest';
import { listTools, mcpPost } from '../../helpers/workerd/auth-helpers.ts';
import { callWorker, publishFixture } from '../../helpers/workerd/helpers.ts';
import {
  CLIENT_REDIRECT,
  WORKER_ORIGIN,
  authorizationUrl,
  isPage,
  newVerifier,
  oauthEnv,
  registerClient,
  s256,
  signInAs,
  tokenRequest,
  workerBrowser,
} from '../../helpers/workerd/sign-in-helpers.ts';

beforeAll(async () => {
  await publishFixture();
});

const RESOURCE = `${WORKER_ORIGIN}/mcp`;
const WRONG = 'https://evil.example/mcp';

/** A token request with the body exactly as given (repeated parameters included). */
async function rawTokenRequest(
  body: URLSearchParams,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await callWorker(
    new Request(`${WORKER_ORIGIN}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    }),
    oauthEnv(),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** An authorization URL with PKCE for a newly registered client, `resource` as given. */
async function authorizeUrl(
  clientId: string,
  resource: string,
  verifier = newVerifier(),
): Promise<string> {
  return authorizationUrl(clientId, {
    code_challenge: await s256(verifier),
    code_challenge_method: 'S256',
    resource,
  });
}

/** Signs bob in through consent and the provider, with `resource` in the authorization URL as given. */
async function signedInCode(
  resource: string,
): Promise<{ clientId: string; code: string; verifier: string }> {
  const env = oauthEnv();
  const clientId = await registerClient(env);
  const verifier = newVerifier();
  const landed = new URL(
    await signInAs(workerBrowser(env), await authorizeUrl(clientId, resource, verifier), 'bob'),
  );
  expect(landed.searchParams.get('error')).toBeNull();
  return { clientId, code: landed.searchParams.get('code')!, verifier };
}

const codeExchange = (signedIn: {
  clientId: string;
  code: string;
  verifier: string;
}): Record<string, string> => ({
  grant_type: 'authorization_code',
  code: signedIn.code,
  code_verifier: signedIn.verifier,
  client_id: signedIn.clientId,
  redirect_uri: CLIENT_REDIRECT,
});

/** Whether `accessToken` lists the tools at /mcp (it was issued for this server's resource). */
const listsTools = async (accessToken: unknown): Promise<boolean> =>
  (await mcpPost(listTools, String(accessToken), oauthEnv())).status === 200;

/** Where the browser was sent back to the client, with `error` and no `code` when refused. */
async function authorizeOutcome(url: string): Promise<URL> {
  const result = await workerBrowser(oauthEnv()).go(url);
  if (isPage(result))
    throw new Error(
      `expected a redirect to the client, got page ${result.status} at ${result.url}`,
    );
  return new URL(result.redirectedTo);
}

describe('a resource parameter sent unset', () => {
  for (const unset of ['undefined', '']) {
    const shown = unset === '' ? '(empty)' : unset;
    it(`treats resource=${shown} as absent at /authorize: consent, sign-in, a code, a token for here`, async () => {
      const tokens = await tokenRequest(oauthEnv(), codeExchange(await signedInCode(unset)));
      expect(tokens.status).toBe(200);
      expect(await listsTools(tokens.body.access_token)).toBe(true);
    });

    it(`treats resource=${shown} as absent at /oauth/token, for the code and a refresh (Inspector 0.15)`, async () => {
      const signedIn = await signedInCode(RESOURCE);
      const tokens = await tokenRequest(oauthEnv(), { ...codeExchange(signedIn), resource: unset });
      expect(tokens.body.error).toBeUndefined();
      expect(tokens.status).toBe(200);
      expect(await listsTools(tokens.body.access_token)).toBe(true);
      const refreshed = await tokenRequest(oauthEnv(), {
        client_id: signedIn.clientId,
        grant_type: 'refresh_token',
        refresh_token: String(tokens.body.refresh_token),
        resource: unset,
      });
      expect(refreshed.status).toBe(200);
      expect(await listsTools(refreshed.body.access_token)).toBe(true);
    });
  }

  it('keeps a real resource sent next to an unset one', async () => {
    const body = new URLSearchParams(codeExchange(await signedInCode(RESOURCE)));
    body.append('resource', 'undefined');
    body.append('resource', RESOURCE);
    const tokens = await rawTokenRequest(body);
    expect(tokens.status).toBe(200);
    expect(await listsTools(tokens.body.access_token)).toBe(true);
  });
});

describe('a wrong resource, still refused', () => {
  it('at /authorize, alone or next to an unset one: no consent, no code, invalid_target to the client', async () => {
    const clientId = await registerClient(oauthEnv());
    const alone = await authorizeUrl(clientId, WRONG);
    const withUnset = new URL(alone);
    withUnset.searchParams.append('resource', 'undefined');
    for (const url of [alone, withUnset.href]) {
      const landed = await authorizeOutcome(url);
      expect(landed.searchParams.get('code')).toBeNull();
      expect(landed.searchParams.get('error')).toBe('invalid_target');
    }
  });

  it('at /oauth/token, alone or next to an unset one, for a code and a refresh; the code still works', async () => {
    const signedIn = await signedInCode(RESOURCE);
    const withUnset = new URLSearchParams(codeExchange(signedIn));
    withUnset.append('resource', 'undefined');
    withUnset.append('resource', WRONG);
    for (const body of [
      new URLSearchParams({ ...codeExchange(signedIn), resource: WRONG }),
      withUnset,
    ]) {
      const refused = await rawTokenRequest(body);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('invalid_target');
      expect(refused.body.access_token).toBeUndefined();
    }
    const tokens = await tokenRequest(oauthEnv(), {
      ...codeExchange(signedIn),
      resource: 'undefined',
    });
    expect(tokens.status).toBe(200);
    const refusedRefresh = await tokenRequest(oauthEnv(), {
      client_id: signedIn.clientId,
      grant_type: 'refresh_token',
      refresh_token: String(tokens.body.refresh_token),
      resource: WRONG,
    });
    expect(refusedRefresh.status).toBe(400);
    expect(refusedRefresh.body.error).toBe('invalid_target');
    expect(refusedRefresh.body.access_token).toBeUndefined();
  });

  it('leaves values that only look unset to the library: `null`, ` undefined`, `UNDEFINED` are refused', async () => {
    const clientId = await registerClient(oauthEnv());
    for (const resource of ['null', ' undefined', 'UNDEFINED']) {
      const landed = await authorizeOutcome(await authorizeUrl(clientId, resource));
      expect(landed.searchParams.get('error')).toBe('invalid_target');
    }
  });
});
