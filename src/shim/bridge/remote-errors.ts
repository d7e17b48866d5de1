// What went wrong talking to the hosted endpoint, in terms a person can act on. The token is
// never part of any message: every text derived from an error is scrubbed of it.
import {
  InsufficientScopeError,
  OAuthError,
  SdkHttpError,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { ProtocolError } from '@modelcontextprotocol/server';
import { SignInRequired } from '../sign-in/sign-in-required.ts';

export type RemoteFailure =
  | { kind: 'auth'; status: 401 | 403 }
  /** No usable stored sign-in: none, refused on renewal, or unreadable. */
  | { kind: 'sign-in'; reason: string }
  | { kind: 'unavailable'; detail: string }
  /** A JSON-RPC error the endpoint answered with; it is passed on to the client unchanged. */
  | { kind: 'protocol'; error: ProtocolError };

export function classifyRemoteError(error: unknown): RemoteFailure {
  if (error instanceof SignInRequired) return { kind: 'sign-in', reason: error.reason };
  if (error instanceof OAuthError)
    return {
      kind: 'sign-in',
      reason: `renewing your sign-in failed (${String(error.code)
        .replace(/[^\w.-]/g, '?')
        .slice(0, 60)})`,
    };
  if (error instanceof UnauthorizedError) return { kind: 'auth', status: 401 };
  if (error instanceof InsufficientScopeError) return { kind: 'auth', status: 403 };
  if (error instanceof SdkHttpError) {
    const status = (error.data as { status?: number } | undefined)?.status;
    if (status === 401 || status === 403) return { kind: 'auth', status };
    return { kind: 'unavailable', detail: status ? `HTTP ${status}` : error.message };
  }
  if (isProtocolError(error)) return { kind: 'protocol', error };
  return { kind: 'unavailable', detail: describeCause(error) };
}

// The client and server packages bundle separate copies of ProtocolError; the SDK brands its
// error classes so that `instanceof` recognises either copy.
function isProtocolError(error: unknown): error is ProtocolError {
  return error instanceof ProtocolError;
}

// fetch reports every network failure as "fetch failed"; the cause says which one it was.
export function describeCause(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
  const reason = cause?.code ?? cause?.message;
  return reason ? `${error.message}: ${reason}` : error.message;
}

export function authFailureMessage(url: URL, tokenEnv: string, status: 401 | 403): string {
  const what =
    status === 401
      ? 'rejected the token (HTTP 401: missing, invalid or expired)'
      : 'refused the token (HTTP 403: it lacks the access this needs)';
  return [
    `The Praxis endpoint ${url.origin}${url.pathname} ${what} from $${tokenEnv}.`,
    `Refresh it and restart the shim (reconnect the MCP server in your client):`,
    `  local mode (praxis dev): export ${tokenEnv}="$(praxis token)"`,
    `  hosted endpoint: sign in again with your SSO client and put the new access token in ${tokenEnv}.`,
    'The local worktree tools keep working meanwhile.',
  ].join('\n');
}

export function unavailableMessage(url: URL, detail: string): string {
  return `The Praxis endpoint ${url.origin}${url.pathname} is unreachable (${detail}); its tools, resources and prompts are unavailable, the local worktree tools keep working. Check the URL and your network; the shim retries on the next request.`;
}

/** Replaces every occurrence of each secret in `text`. */
export function redact(text: string, secrets: string | string[]): string {
  let scrubbed = text;
  for (const secret of typeof secrets === 'string' ? [secrets] : secrets) {
    if (secret.length >= 4) scrubbed = scrubbed.split(secret).join('[token]');
  }
  return scrubbed;
}
