// A development OpenID Connect provider (the `oidc-provider` package) on loopback, for auth mode
// oauth: `praxis dev --auth oauth` signs people in here, and the tests use it as the real upstream.
// Users sign in with an HTML form in the look of Praxis's own consent page (src/shared/auth/page-style.ts); consent
// upstream is implied (Praxis is its only client).
// The groups claim rides in the ID token, and a user's groups or state can be changed while it runs
// (the tests use that to prove a refresh re-checks the user).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { createMemoryAdapter } from 'oidc-provider/lib/adapters/memory_adapter.js';
import { escapeHtml as escape, signInPageHtml } from '../../src/shared/auth/page-style.ts';

const TITLE = 'Sign in to Praxis (development)';

export interface DevUser {
  password: string;
  name: string;
  email: string;
  groups: string[];
  disabled?: boolean;
}

/** The documented development users: alice / alice in engineering and praxis-authors, bob / bob in no group. */
export const DEV_USERS: Record<string, DevUser> = {
  alice: {
    password: 'alice',
    name: 'Alice Example',
    email: 'alice@example.com',
    groups: ['engineering', 'praxis-authors'],
  },
  bob: { password: 'bob', name: 'Bob Example', email: 'bob@example.com', groups: [] },
};

export interface SignInProviderOptions {
  /** Where Praxis receives the sign-in (its /oauth/callback). */
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  port?: number;
  users?: Record<string, DevUser>;
  /** Seconds the upstream access token lives (refresh re-checks use the refresh grant regardless). */
  accessTokenTtlS?: number;
  /** Tests only: POST /test/users/<name> with {groups?, disabled?} changes a user while it runs. */
  testControls?: boolean;
}

export interface SignInProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  users: Record<string, DevUser>;
  close(): Promise<void>;
}

export async function startSignInProvider(options: SignInProviderOptions): Promise<SignInProvider> {
  const users = structuredClone(options.users ?? DEV_USERS);
  const clientId = options.clientId ?? 'praxis-dev';
  const clientSecret = options.clientSecret ?? 'praxis-dev-client-secret-not-for-production';
  let provider: Provider | undefined;
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    const control =
      options.testControls && request.method === 'POST' && /^\/test\/users\/([a-z]+)$/.exec(path);
    if (control)
      return void body(request).then((text) => {
        Object.assign(users[control[1]!] ?? {}, JSON.parse(text) as Partial<DevUser>);
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(users[control[1]!] ?? null));
      });
    if (path.startsWith('/interaction/'))
      return void interaction(request, response).catch((error: Error) => {
        response.writeHead(400, { 'content-type': 'text/plain' }).end(error.message);
      });
    provider!.callback()(request, response);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  provider = new Provider(issuer, {
    // Chosen here rather than left to the library, which then warns on every start: state in memory
    // (its own in-memory adapter, with its default 15 s clock tolerance) and a signing key made afresh
    // at each start. Both are right for a provider that exists for development and tests only.
    adapter: createMemoryAdapter(15),
    jwks: { keys: [await signingKey()] },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub', 'groups'], profile: ['name'], email: ['email'] },
    // Claims in the ID token itself, as Entra and Okta put groups there.
    conformIdTokenClaims: false,
    findAccount: (_ctx: unknown, id: string) => {
      const user = users[id];
      if (!user || user.disabled) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, name: user.name, email: user.email, groups: user.groups }),
      };
    },
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    pkce: { required: () => true },
    issueRefreshToken: () => true,
    rotateRefreshToken: true,
    ttl: {
      AccessToken: options.accessTokenTtlS ?? 600,
      IdToken: 600,
      RefreshToken: 86400,
      Interaction: 600,
      Session: 3600,
      Grant: 86400,
    },
    cookies: { keys: ['praxis-dev-sign-in-cookie-key'] },
  });
  // Behind nothing: plain http on loopback.
  (provider as unknown as { proxy: boolean }).proxy = false;

  async function interaction(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const details = await provider!.interactionDetails(request, response);
    const { uid, prompt, params } = details;
    if (prompt.name === 'consent') {
      const grant = details.grantId
        ? await provider!.Grant.find(details.grantId)
        : new provider!.Grant({
            accountId: details.session!.accountId,
            clientId: String(params.client_id),
          });
      grant!.addOIDCScope(String(params.scope));
      grant!.addOIDCClaims(['sub', 'groups', 'name', 'email']);
      const grantId = await grant!.save();
      return provider!.interactionFinished(
        request,
        response,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
    }
    if (request.method === 'POST') {
      const form = new URLSearchParams(await body(request));
      const username = form.get('username') ?? '';
      const user = users[username];
      if (user && !user.disabled && user.password === form.get('password')) {
        return provider!.interactionFinished(
          request,
          response,
          { login: { accountId: username } },
          { mergeWithLastSubmission: false },
        );
      }
      return loginForm(response, uid, 'Unknown user or wrong password.');
    }
    return loginForm(response, uid);
  }

  function loginForm(response: ServerResponse, uid: string, problem?: string): void {
    const who = Object.entries(users)
      .map(([name, user]) => {
        const groups = user.groups.length
          ? `group ${user.groups.map(escape).join(', ')}`
          : 'no group';
        return `<li><strong>${escape(name)}</strong> / ${escape(user.password)} (${groups})</li>`;
      })
      .join('');
    response.writeHead(problem ? 401 : 200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    });
    // The error is tied to the fields it is about, and announced when the page loads after a failed try.
    const error = problem
      ? `<p class="problem" id="problem" role="alert">${escape(problem)}</p>`
      : '';
    const described = problem ? ' aria-describedby="problem" aria-invalid="true"' : '';
    response.end(
      signInPageHtml(
        TITLE,
        `<h1>${TITLE}</h1>
<p>This sign-in exists only on this computer, for trying Praxis out. Its users:</p><ul>${who}</ul>${error}
<form method="post" action="/interaction/${escape(uid)}">
<label for="username">User name</label>
<input id="username" name="username" autocomplete="username" autocapitalize="none" spellcheck="false" required
 autofocus${described}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}>
<div class="actions"><button type="submit">Sign in</button></div>
</form>`,
      ),
    );
  }

  return {
    issuer,
    clientId,
    clientSecret,
    users,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A fresh RS256 private key as a JWK, for the ID tokens of one run of the development provider. */
async function signingKey(): Promise<Record<string, unknown>> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig' };
}
