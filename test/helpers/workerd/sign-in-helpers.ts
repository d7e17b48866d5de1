// Shared by the oauth-mode tests in workerd: the Worker's env for oauth mode against the loopback
// sign-in providers (auth-global-setup.ts), a scripted browser (redirects followed by hand, cookies
// kept per host, forms posted as a person would) and an OAuth client provider for the official MCP client.
import { inject } from 'vitest';
import type { Env } from '../../../src/worker/index.ts';
import {
  CLIENT_REDIRECT,
  TestBrowser,
  newVerifier,
  s256,
  signInAs,
} from '../../fixtures/oidc/sign-in-browser.ts';
import { CHANGED_USER } from './changed-user.ts';
import { MCP_URL, callWorker } from './helpers.ts';

export const signInProvider = inject('signInProvider');
export const WORKER_ORIGIN = new URL(MCP_URL).origin;

export {
  CLIENT_REDIRECT,
  MemoryOAuthClient,
  consentHandle,
  isPage,
  newVerifier,
  s256,
  signInAs,
  type Page,
} from '../../fixtures/oidc/sign-in-browser.ts';

/** A browser whose requests to the Worker go to it in-process, with this env; others over loopback. */
export const workerBrowser = (env: Partial<Env>): TestBrowser =>
  new TestBrowser((request) =>
    new URL(request.url).origin === WORKER_ORIGIN ? callWorker(request, env) : fetch(request),
  );

export function oauthEnv(overrides: Partial<Env> = {}): Partial<Env> {
  return {
    PRAXIS_AUTH_MODE: 'oauth',
    PRAXIS_AUTH_RESOURCE: MCP_URL,
    PRAXIS_OIDC_ISSUER: signInProvider.issuer,
    PRAXIS_OIDC_CLIENT_ID: signInProvider.clientId,
    PRAXIS_OIDC_CLIENT_SECRET: signInProvider.clientSecret,
    PRAXIS_CONSENT_SECRET: 'consent-secret-for-workerd-tests-0123456789',
    ...overrides,
  };
}

/**
 * Changes CHANGED_USER at the development provider while it runs (groups, disabled) — never alice or
 * bob, whom files running at the same time sign in as.
 */
export async function changeUser(change: { groups?: string[]; disabled?: boolean }): Promise<void> {
  const response = await fetch(`${signInProvider.issuer}/test/users/${CHANGED_USER}`, {
    method: 'POST',
    body: JSON.stringify(change),
  });
  if (!response.ok) throw new Error(`could not change user ${CHANGED_USER}: ${response.status}`);
}

/** Requests for the Worker go to it in-process; everything else over loopback. */
export function routeFor(
  env: Partial<Env>,
  seen: string[] = [],
): (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> {
  return (input, init) => {
    const request = new Request(input as RequestInfo, init);
    seen.push(`${request.method} ${request.url}`);
    return new URL(request.url).origin === WORKER_ORIGIN
      ? callWorker(request, env)
      : fetch(request);
  };
}

/** What a client does by hand, for the protocol-level cases the SDK would never send. */
export async function registerClient(
  env: Partial<Env>,
  metadata: Record<string, unknown> = {},
): Promise<string> {
  const response = await callWorker(
    new Request(`${WORKER_ORIGIN}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Hand-rolled test client',
        redirect_uris: [CLIENT_REDIRECT],
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        ...metadata,
      }),
    }),
    env,
  );
  const body = (await response.json()) as { client_id?: string; error_description?: string };
  if (!body.client_id) throw new Error(`registration refused: ${body.error_description}`);
  return body.client_id;
}

export function authorizationUrl(
  clientId: string,
  params: Record<string, string | undefined>,
): string {
  const url = new URL(`${WORKER_ORIGIN}/authorize`);
  const all: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: CLIENT_REDIRECT,
    scope: 'praxis:read',
    state: 'client-state',
    resource: `${WORKER_ORIGIN}/mcp`,
    ...params,
  };
  for (const [name, value] of Object.entries(all))
    if (value !== undefined) url.searchParams.set(name, value);
  return url.href;
}

export async function tokenRequest(
  env: Partial<Env>,
  fields: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await callWorker(
    new Request(`${WORKER_ORIGIN}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    }),
    env,
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The token endpoint's answer to an RFC 7009 revocation of `refresh`, posted as `clientId` posts it. */
export function revokeRefreshToken(
  env: Partial<Env>,
  clientId: string,
  refresh: string,
): Promise<Response> {
  return callWorker(
    new Request(`${WORKER_ORIGIN}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: refresh,
        token_type_hint: 'refresh_token',
        client_id: clientId,
      }).toString(),
    }),
    env,
  );
}

/** Register, sign in as `user`, exchange the code: the tokens a well-behaved client ends up with. */
export async function signedInTokens(
  env: Partial<Env>,
  user: string,
  browser = workerBrowser(env),
): Promise<{ clientId: string; access: string; refresh: string; browser: TestBrowser }> {
  const clientId = await registerClient(env);
  const verifier = newVerifier();
  const resource = env.PRAXIS_AUTH_RESOURCE ?? MCP_URL;
  const landed = new URL(
    await signInAs(
      browser,
      authorizationUrl(clientId, {
        code_challenge: await s256(verifier),
        code_challenge_method: 'S256',
        resource,
      }),
      user,
    ),
  );
  const code = landed.searchParams.get('code');
  if (!code) throw new Error(`no code: ${landed.href}`);
  const { body } = await tokenRequest(env, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    client_id: clientId,
    redirect_uri: CLIENT_REDIRECT,
    resource,
  });
  return {
    clientId,
    access: String(body.access_token),
    refresh: String(body.refresh_token),
    browser,
  };
}

/** The fixture content's process restricted to the group `security-team`, and a tools/call getting it. */
export const RESTRICTED = 'security-incident-playbook';
export const getRestricted = {
  jsonrpc: '2.0',
  id: 3,
  method: 'tools/call',
  params: { name: 'get_process', arguments: { name: RESTRICTED } },
};

/** The JSON-RPC answer of a POST /mcp (JSON or a one-event SSE stream). */
export async function rpcResult(
  response: Response,
): Promise<{ result?: { isError?: boolean }; error?: unknown }> {
  const text = await response.text();
  const data = text.startsWith('{')
    ? text
    : text
        .split('\n')
        .find((line) => line.startsWith('data: '))!
        .slice(6);
  return JSON.parse(data) as { result?: { isError?: boolean }; error?: unknown };
}
