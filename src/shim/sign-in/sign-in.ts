// `praxis login` and `praxis logout` for one endpoint. Signing in is the MCP SDK's OAuth flow
// (discovery, dynamic registration, authorization code with PKCE, RFC 8707 resource) with a
// loopback redirect and the browser; signing out revokes the grant at the endpoint (RFC 7009,
// through oauth4webapi) and deletes the file. Everything for people goes to `log`. The sign-in
// address is opened (and printed) only when it is a web page of the authorization server the
// endpoint's protected-resource metadata names (openable-authorization-url.ts).
import { randomBytes } from 'node:crypto';
import { auth } from '@modelcontextprotocol/client';
import * as oauth from 'oauth4webapi';
import { listenForCallback } from './loopback-callback.ts';
import { openBrowser } from './open-browser.ts';
import { authorizationUrlProblem, namedAuthorizationServer } from './openable-authorization-url.ts';
import { endpointKey, signInFile } from './sign-in-file.ts';
import {
  signInStore,
  UnusableSignInFile,
  type SignInRecord,
  type SignInStore,
} from './sign-in-store.ts';
import { StoredOAuthClient } from './stored-oauth-client.ts';
import { PraxisError } from '../../shared/praxis-error.ts';

export interface SignInOptions {
  url: URL;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  /** How long to wait for the browser to come back. */
  timeoutMs: number;
  /** Ends the wait for the browser (the shim stopping while a sign-in it started is open). */
  signal?: AbortSignal;
  /** Who is signing in, at the start of each line for the person: `praxis login` or `praxis shim`. */
  speaker?: string;
  /** Whose opener starts the browser (tests play each platform's). */
  platform?: NodeJS.Platform;
  /** Told whether the browser's program started, once the sign-in address has been handed to it. */
  onBrowserOpened?: (opened: boolean) => void;
}

/** The authorization server offered a sign-in address that is not one of its web pages. */
export class RefusedSignInAddress extends PraxisError {
  static override code = 'ERR_SIGN_IN_ADDRESS_REFUSED';
  override readonly code = 'ERR_SIGN_IN_ADDRESS_REFUSED';
}

/** Signs in anew (even when a sign-in exists) and returns the file the tokens were saved in. */
export async function signIn(options: SignInOptions): Promise<string> {
  const { url, env, log, timeoutMs, signal, onBrowserOpened } = options;
  const { speaker = 'praxis login', platform = process.platform } = options;
  const store = signInStore(signInFile(url, env), endpointKey(url));
  const state = randomBytes(32).toString('base64url');
  const callback = await listenForCallback({ state, timeoutMs, ...(signal ? { signal } : {}) });
  try {
    const provider = new StoredOAuthClient({
      store,
      redirectUrl: callback.redirectUrl,
      interactive: {
        state,
        openAuthorizationUrl: async (authorizationUrl) => {
          // The discovery the SDK has just saved: the authorization server it used, and the metadata naming it.
          const server = namedAuthorizationServer(await provider.discoveryState());
          const problem = authorizationUrlProblem(authorizationUrl.href, server);
          if (problem) {
            // Not kept for the next sign-in, which discovers the endpoint's servers afresh.
            await provider.invalidateCredentials('discovery');
            throw new RefusedSignInAddress(problem);
          }
          log(
            `${speaker}: opening your browser to sign in to ${endpointKey(url)}. If it does not open, visit:\n\n  ${authorizationUrl.href}\n`,
          );
          const opened = await openBrowser(authorizationUrl.href, env, log, platform);
          onBrowserOpened?.(opened);
        },
      },
    });
    await auth(provider, { serverUrl: url, forceReauthorization: true });
    log(`${speaker}: waiting for the browser…`);
    const { code, iss } = await callback.response;
    await auth(provider, {
      serverUrl: url,
      authorizationCode: code,
      ...(iss === undefined ? {} : { iss }),
    });
    return store.path;
  } finally {
    await callback.close();
    await forgetVerifier(store);
  }
}

/** The PKCE verifier is of no use once the sign-in ended, whichever way. */
async function forgetVerifier(store: SignInStore): Promise<void> {
  const record = await store.read().catch(() => undefined);
  if (record?.codeVerifier) await store.update(({ codeVerifier: _used, ...rest }) => rest);
}

export type SignOutOutcome =
  | { kind: 'not-signed-in'; path: string }
  /** `problem` says why the endpoint could not revoke the stored tokens, when it could not. */
  | { kind: 'signed-out'; path: string; hadTokens: boolean; problem?: string };

/** Revokes the stored grant at the endpoint when it can, and deletes the file either way. */
export async function signOut({
  url,
  env,
}: {
  url: URL;
  env: NodeJS.ProcessEnv;
}): Promise<SignOutOutcome> {
  const store = signInStore(signInFile(url, env), endpointKey(url));
  let record: SignInRecord | undefined;
  try {
    record = await store.read();
  } catch (error) {
    if (!(error instanceof UnusableSignInFile)) throw error;
  }
  let problem: string | undefined;
  if (record?.tokens) {
    try {
      if (!(await revoke(record))) problem = 'the endpoint names no revocation endpoint';
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
  }
  const removed = await store.remove();
  if (!removed && !record) return { kind: 'not-signed-in', path: store.path };
  return {
    kind: 'signed-out',
    path: store.path,
    hadTokens: record?.tokens !== undefined,
    ...(problem ? { problem } : {}),
  };
}

/** Revokes the refresh token (which ends the whole grant) or else the access token; false without a revocation endpoint. */
async function revoke(record: SignInRecord): Promise<boolean> {
  // Stored as the SDK discovered it: RFC 8414 metadata (an OpenID provider's document has the same field).
  const server = record.discoveryState?.authorizationServerMetadata as
    oauth.AuthorizationServer | undefined;
  const clientId = record.clientInformation?.client_id;
  if (!server?.revocation_endpoint || !clientId || !record.tokens) return false;
  const endpoint = new URL(server.revocation_endpoint);
  const insecure = endpoint.protocol === 'http:' && isLoopback(endpoint.hostname);
  const options = {
    ...(insecure ? { [oauth.allowInsecureRequests]: true } : {}),
    signal: AbortSignal.timeout(10_000),
  };
  const tokens: Array<[string, string]> = record.tokens.refresh_token
    ? [
        [record.tokens.refresh_token, 'refresh_token'],
        [record.tokens.access_token, 'access_token'],
      ]
    : [[record.tokens.access_token, 'access_token']];
  for (const [token, hint] of tokens) {
    const response = await oauth.revocationRequest(
      server,
      { client_id: clientId },
      oauth.None(),
      token,
      { ...options, additionalParameters: { token_type_hint: hint } },
    );
    await oauth.processRevocationResponse(response);
  }
  return true;
}

function isLoopback(hostname: string): boolean {
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
}
