// Client ID metadata documents on hosts that are not on the public internet are never fetched, under
// the local configuration `praxis dev` runs (wrangler.toml's flags in workerd, where
// global_fetch_strictly_public does not keep a fetch off this machine or its network): a client_id
// URL naming a loopback, private, link-local or other special-purpose address, or a local-only name,
// is refused at /authorize and at the token endpoint (form, Basic user name, client assertion), and a
// public document whose jwks_uri names such a host is refused before the keys are fetched.
//
// The one part simulated is the clients' web servers (client-web-servers.ts): every https:// fetch the
// Worker attempts is recorded and answered with a valid document, so any fetch it attempts is seen.
import { SignJWT, generateKeyPair } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  servedDocument,
  simulateClientWebServers,
} from '../../helpers/workerd/client-web-servers.ts';
import { callWorker, publishFixture } from '../../helpers/workerd/helpers.ts';
import {
  CLIENT_REDIRECT,
  WORKER_ORIGIN,
  authorizationUrl,
  isPage,
  newVerifier,
  oauthEnv,
  s256,
  workerBrowser,
} from '../../helpers/workerd/sign-in-helpers.ts';

const HOSTILE_CLIENT_IDS = [
  'https://127.0.0.1/client.json',
  'https://127.0.0.1:8787/oauth/client.json',
  'https://localhost/client.json',
  'https://app.localhost/client.json',
  'https://[::1]/client.json',
  'https://[::ffff:127.0.0.1]/client.json',
  'https://10.0.0.5/client.json',
  'https://192.168.1.1/client.json',
  'https://172.16.0.1/client.json',
  'https://169.254.169.254/latest/meta-data/client.json',
  'https://100.64.0.1/client.json',
  'https://0.0.0.0/client.json',
  'https://[fd00::1]/client.json',
  'https://[fe80::1]/client.json',
  'https://2130706433/client.json',
  'https://0x7f.1/client.json',
  'https://printer.local/client.json',
  'https://metadata.internal/client.json',
  'https://intranet/client.json',
];
const PUBLIC_CLIENT = 'https://client.example/oauth/signed-client.json';

const documentFor = (clientId: string, extra: Record<string, unknown> = {}) => ({
  client_id: clientId,
  client_name: 'Local client',
  redirect_uris: [CLIENT_REDIRECT],
  token_endpoint_auth_method: 'none',
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  ...extra,
});

beforeAll(async () => {
  await publishFixture();
});

const { fetched } = simulateClientWebServers((url) => {
  if (url.protocol !== 'https:') return null;
  if (url.href === PUBLIC_CLIENT) {
    return servedDocument(
      documentFor(PUBLIC_CLIENT, {
        token_endpoint_auth_method: 'private_key_jwt',
        token_endpoint_auth_signing_alg: 'ES256',
        jwks_uri: 'https://127.0.0.1/jwks.json',
      }),
    );
  }
  if (url.pathname.endsWith('jwks.json')) return Response.json({ keys: [] });
  return servedDocument(documentFor(url.href));
});

function tokenRequest(
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return callWorker(
    new Request(`${WORKER_ORIGIN}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    }),
    oauthEnv(),
  );
}

describe('client ID metadata URLs on non-public hosts', () => {
  it.each(HOSTILE_CLIENT_IDS)(
    'refuses %s at /authorize, naming its origin, without fetching it',
    async (clientId) => {
      const page = await workerBrowser(oauthEnv()).go(
        authorizationUrl(clientId, {
          code_challenge: await s256(newVerifier()),
          code_challenge_method: 'S256',
        }),
      );
      expect(isPage(page) && page.status).toBe(400);
      expect(isPage(page) && page.html).toContain(new URL(clientId).origin);
      expect(isPage(page) && page.html).toContain('public internet');
      expect(fetched).toEqual([]);
    },
  );

  it.each(HOSTILE_CLIENT_IDS)(
    'refuses %s at the token endpoint (form, Basic, client assertion) ' + 'without fetching it',
    async (clientId) => {
      const code = {
        grant_type: 'authorization_code',
        code: 'x:y:z',
        code_verifier: newVerifier(),
        redirect_uri: CLIENT_REDIRECT,
      };
      const assertion = await new SignJWT({})
        .setProtectedHeader({ alg: 'ES256' })
        .setIssuer(clientId)
        .setSubject(clientId)
        .setAudience(`${WORKER_ORIGIN}/oauth/token`)
        .setJti(crypto.randomUUID())
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign((await generateKeyPair('ES256')).privateKey);
      const attempts = [
        await tokenRequest({ ...code, client_id: clientId }),
        await tokenRequest(code, {
          authorization: `Basic ${btoa(`${encodeURIComponent(clientId)}:secret`)}`,
        }),
        await tokenRequest({
          ...code,
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: assertion,
        }),
      ];
      for (const response of attempts) {
        expect(response.status).toBe(400);
        const body = (await response.json()) as { error: string; error_description: string };
        expect(body.error).toBe('invalid_client');
        expect(body.error_description).toContain(new URL(clientId).origin);
      }
      expect(fetched).toEqual([]);
    },
  );

  it(
    "refuses a public document's signed assertion when its jwks_uri names a loopback host, " +
      'before fetching the keys',
    async () => {
      const assertion = await new SignJWT({})
        .setProtectedHeader({ alg: 'ES256' })
        .setIssuer(PUBLIC_CLIENT)
        .setSubject(PUBLIC_CLIENT)
        .setAudience(`${WORKER_ORIGIN}/oauth/token`)
        .setJti(crypto.randomUUID())
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign((await generateKeyPair('ES256')).privateKey);
      const response = await tokenRequest({
        grant_type: 'authorization_code',
        code: 'x:y:z',
        code_verifier: newVerifier(),
        redirect_uri: CLIENT_REDIRECT,
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
      });
      expect(response.status).toBe(400);
      expect(
        ((await response.json()) as { error_description: string }).error_description,
      ).toContain('jwks_uri https://127.0.0.1');
      expect(fetched).toEqual([PUBLIC_CLIENT]);
    },
  );
});
