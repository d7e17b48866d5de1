// Shared by the oauth-mode tests in workerd: the Worker's env for oauth mode against the loopback
// sign-in providers (auth-global-setup.ts), a scripted browser (redirects followed by hand, cookies
// kept per host, forms posted as a person would) and an OAuth client provider for the official MCP client.
import type { OAuthClientProvider } from '@modelcontextprotocol/client';
import { inject } from 'vitest';
import type { Env } from '../../src/worker.ts';
import { MCP_URL, callWorker } from './helpers.ts';

export const signInProvider = inject('signInProvider');
export const WORKER_ORIGIN = new URL(MCP_URL).origin;
/** The MCP client's loopback redirect: never fetched, the browser stops when it gets there. */
export const CLIENT_REDIRECT = 'http://127.0.0.1:9/callback';

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

/** Change a user at the development provider while it runs (groups, disabled). */
export async function changeUser(name: string, change: { groups?: string[]; disabled?: boolean }): Promise<void> {
  const response = await fetch(`${signInProvider.issuer}/test/users/${name}`, { method: 'POST', body: JSON.stringify(change) });
  if (!response.ok) throw new Error(`could not change user ${name}: ${response.status}`);
}

export interface Page { url: string; status: number; html: string; headers: Headers }

export class TestBrowser {
  private readonly jars = new Map<string, Map<string, string>>();
  /** Every URL the browser was sent to, in order. */
  readonly visited: string[] = [];

  private readonly env: Partial<Env>;

  constructor(env: Partial<Env>) {
    this.env = env;
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    this.visited.push(`${init.method ?? 'GET'} ${url}`);
    const headers = new Headers(init.headers);
    const jar = this.jars.get(target.host);
    if (jar?.size) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const request = new Request(url, { ...init, headers, redirect: 'manual' });
    const response = target.origin === WORKER_ORIGIN ? await callWorker(request, this.env) : await fetch(request);
    for (const cookie of response.headers.getSetCookie()) this.keep(target.host, cookie);
    return response;
  }

  /** Follows redirects until a page answers, or the next hop is the client's redirect URI (returned unfetched). */
  async go(url: string, init: RequestInit = {}): Promise<Page | { redirectedTo: string }> {
    let response = await this.request(url, init);
    let current = url;
    for (let hops = 0; hops < 20 && response.status >= 300 && response.status < 400; hops += 1) {
      const next = new URL(response.headers.get('location')!, current).href;
      if (next.startsWith(CLIENT_REDIRECT)) return { redirectedTo: next };
      current = next;
      response = await this.request(next);
    }
    return { url: current, status: response.status, html: await response.text(), headers: response.headers };
  }

  /** Posts a form the way a browser does. */
  submit(url: string, fields: Record<string, string>): Promise<Page | { redirectedTo: string }> {
    return this.go(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  }

  forget(host: string, name: string): void {
    this.jars.get(host)?.delete(name);
  }

  private keep(host: string, header: string): void {
    const [pair, ...attributes] = header.split(';');
    const at = pair!.indexOf('=');
    const name = pair!.slice(0, at).trim();
    const value = pair!.slice(at + 1).trim();
    const jar = this.jars.get(host) ?? new Map<string, string>();
    this.jars.set(host, jar);
    const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute) || (/^\s*expires=/i.test(attribute) && Date.parse(attribute.split('=')[1]!) < Date.now()));
    if (expired || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

export const isPage = (result: Page | { redirectedTo: string }): result is Page => 'html' in result;

export const consentHandle = (page: Page): string | undefined => /name="handle" value="([^"]+)"/.exec(page.html)?.[1];

/**
 * A person going through the whole sign-in: consent at Praxis (Allow), then the upstream login form.
 * Returns the URL the browser was finally sent to (the client's redirect URI with code or error).
 */
export async function signInAs(browser: TestBrowser, authorizationUrl: string, user: string, password = user): Promise<string> {
  let step = await browser.go(authorizationUrl);
  for (let pages = 0; pages < 6; pages += 1) {
    if (!isPage(step)) return step.redirectedTo;
    const handle = consentHandle(step);
    if (handle) {
      step = await browser.submit(step.url, { handle, decision: 'approve' });
      continue;
    }
    const login = /action="(\/interaction\/[^"]+)"/.exec(step.html)?.[1];
    if (login && step.html.includes('name="username"')) {
      step = await browser.submit(new URL(login, step.url).href, { username: user, password });
      continue;
    }
    throw new Error(`unexpected page ${step.status} at ${step.url}: ${step.html.slice(0, 400)}`);
  }
  throw new Error('sign-in did not finish');
}

/** An MCP client's OAuth state, kept in memory: what a desktop client would persist. */
export class MemoryOAuthClient implements OAuthClientProvider {
  information: Awaited<ReturnType<OAuthClientProvider['clientInformation']>>;
  stored: Awaited<ReturnType<OAuthClientProvider['tokens']>>;
  verifier = '';
  authorizationUrl: URL | undefined;

  private readonly name: string;

  constructor(name = 'Praxis sign-in test') {
    this.name = name;
  }

  get redirectUrl(): string { return CLIENT_REDIRECT; }
  get clientMetadata() {
    return { client_name: this.name, redirect_uris: [CLIENT_REDIRECT], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  }
  clientInformation() { return this.information; }
  saveClientInformation(information: NonNullable<MemoryOAuthClient['information']>) { this.information = information; }
  tokens() { return this.stored; }
  saveTokens(tokens: NonNullable<MemoryOAuthClient['stored']>) { this.stored = tokens; }
  redirectToAuthorization(url: URL) { this.authorizationUrl = url; }
  saveCodeVerifier(verifier: string) { this.verifier = verifier; }
  codeVerifier() { return this.verifier; }
  private discovery: unknown;
  saveDiscoveryState(state: unknown) { this.discovery = state; }
  discoveryState() { return this.discovery as never; }
}

/** Requests for the Worker go to it in-process; everything else over loopback. */
export function routeFor(env: Partial<Env>, seen: string[] = []): (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> {
  return (input, init) => {
    const request = new Request(input as RequestInfo, init);
    seen.push(`${request.method} ${request.url}`);
    return new URL(request.url).origin === WORKER_ORIGIN ? callWorker(request, env) : fetch(request);
  };
}

/** What a client does by hand, for the protocol-level cases the SDK would never send. */
export async function registerClient(env: Partial<Env>, metadata: Record<string, unknown> = {}): Promise<string> {
  const response = await callWorker(new Request(`${WORKER_ORIGIN}/oauth/register`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'Hand-rolled test client', redirect_uris: [CLIENT_REDIRECT], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], ...metadata }),
  }), env);
  const body = await response.json() as { client_id?: string; error_description?: string };
  if (!body.client_id) throw new Error(`registration refused: ${body.error_description}`);
  return body.client_id;
}

export const newVerifier = (): string => `${crypto.randomUUID()}${crypto.randomUUID()}`;

export async function s256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return btoa(String.fromCharCode(...new Uint8Array(digest))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function authorizationUrl(clientId: string, params: Record<string, string | undefined>): string {
  const url = new URL(`${WORKER_ORIGIN}/authorize`);
  const all: Record<string, string | undefined> = { response_type: 'code', client_id: clientId, redirect_uri: CLIENT_REDIRECT, scope: 'praxis:read', state: 'client-state', resource: `${WORKER_ORIGIN}/mcp`, ...params };
  for (const [name, value] of Object.entries(all)) if (value !== undefined) url.searchParams.set(name, value);
  return url.href;
}

export async function tokenRequest(env: Partial<Env>, fields: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await callWorker(new Request(`${WORKER_ORIGIN}/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(),
  }), env);
  return { status: response.status, body: await response.json() as Record<string, unknown> };
}

/** Register, sign in as `user`, exchange the code: the tokens a well-behaved client ends up with. */
export async function signedInTokens(env: Partial<Env>, user: string, browser = new TestBrowser(env)): Promise<{ clientId: string; access: string; refresh: string; browser: TestBrowser }> {
  const clientId = await registerClient(env);
  const verifier = newVerifier();
  const landed = new URL(await signInAs(browser, authorizationUrl(clientId, { code_challenge: await s256(verifier), code_challenge_method: 'S256' }), user));
  const code = landed.searchParams.get('code');
  if (!code) throw new Error(`no code: ${landed.href}`);
  const { body } = await tokenRequest(env, { grant_type: 'authorization_code', code, code_verifier: verifier, client_id: clientId, redirect_uri: CLIENT_REDIRECT, resource: `${WORKER_ORIGIN}/mcp` });
  return { clientId, access: String(body.access_token), refresh: String(body.refresh_token), browser };
}
