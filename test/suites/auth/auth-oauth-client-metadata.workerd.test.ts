// Client ID metadata documents in auth mode oauth: a client whose client_id is an HTTPS URL is
// resolved by fetching that document (workers-oauth-provider validates and caches it), named on the
// consent page by its verified domain, and signs in like a registered one. A document that does not
// name its own URL is refused.
//
// The client's web server at https://client.example is the one part simulated (client-web-servers.ts).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listTools, mcpPost } from '../../helpers/workerd/auth-helpers.ts';
import { publishFixture } from '../../helpers/workerd/helpers.ts';
import {
  servedDocument,
  simulateClientWebServers,
} from '../../helpers/workerd/client-web-servers.ts';
import {
  CLIENT_REDIRECT,
  authorizationUrl,
  consentHandle,
  isPage,
  newVerifier,
  oauthEnv,
  s256,
  signInAs,
  tokenRequest,
  workerBrowser,
} from '../../helpers/workerd/sign-in-helpers.ts';

const CLIENT_ID = 'https://client.example/oauth/praxis-client.json';
const documents = new Map<string, unknown>();

beforeAll(async () => {
  await publishFixture();
});

simulateClientWebServers((url) => {
  if (url.host !== 'client.example') return null;
  const document = documents.get(url.href);
  return document === undefined
    ? new Response('not found', { status: 404 })
    : servedDocument(document);
});

afterEach(() => {
  documents.clear();
});

const metadata = (clientId: string) => ({
  client_id: clientId,
  client_name: 'Metadata Document Client',
  redirect_uris: [CLIENT_REDIRECT],
  token_endpoint_auth_method: 'none',
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
});

describe('client ID metadata documents', () => {
  it('signs in a client known only by its metadata URL, naming its domain on the consent page', async () => {
    documents.set(CLIENT_ID, metadata(CLIENT_ID));
    const env = oauthEnv();
    const browser = workerBrowser(env);
    const verifier = newVerifier();
    const url = authorizationUrl(CLIENT_ID, {
      code_challenge: await s256(verifier),
      code_challenge_method: 'S256',
    });
    const page = await browser.go(url);
    expect(isPage(page) && page.html).toContain('Published by <strong>client.example</strong>');
    const landed = new URL(await signInAs(browser, url, 'bob'));
    const token = await tokenRequest(env, {
      grant_type: 'authorization_code',
      code: landed.searchParams.get('code')!,
      code_verifier: verifier,
      client_id: CLIENT_ID,
      redirect_uri: CLIENT_REDIRECT,
    });
    expect(token.status).toBe(200);
    expect((await mcpPost(listTools, String(token.body.access_token), env)).status).toBe(200);
  });

  it('refuses a document that names another client_id, on a page here', async () => {
    const forged = 'https://client.example/oauth/forged.json';
    documents.set(forged, metadata('https://client.example/oauth/someone-else.json'));
    const browser = workerBrowser(oauthEnv());
    const result = await browser.go(
      authorizationUrl(forged, {
        code_challenge: await s256(newVerifier()),
        code_challenge_method: 'S256',
      }),
    );
    expect(isPage(result)).toBe(true);
    expect(isPage(result) && result.status).toBe(400);
    expect(isPage(result) && consentHandle(result)).toBeFalsy();
  });
});
