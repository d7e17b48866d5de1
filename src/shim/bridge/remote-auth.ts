// How the bridge proves who it is to the endpoint: a static token from an environment variable,
// or the sign-in `praxis login` stored. Each says what to tell the person when the endpoint
// refuses, and which secrets must never appear in a message.
import type { AuthProvider } from '@modelcontextprotocol/client';
import { signInOpenedMessage, signInRequiredMessage } from '../sign-in/sign-in-required.ts';
import type { ShimSignIn } from '../sign-in/shim-sign-in.ts';
import type { SignInStore } from '../sign-in/sign-in-store.ts';
import { signedInAuth } from '../sign-in/signed-in-auth.ts';
import { authFailureMessage } from './remote-errors.ts';

export interface RemoteAuth {
  provider: AuthProvider;
  /** Strings to scrub from every message: the tokens in use. */
  secrets(): string[];
  /** What the person should do when the endpoint answers 401 or 403. */
  refusal(status: 401 | 403): Promise<RemoteRefusal>;
  /** What the person should do when no usable sign-in is stored (`reason` says why). */
  signInNeeded(reason: string): Promise<RemoteRefusal>;
}

export interface RemoteRefusal {
  code: 'REMOTE_AUTH_FAILED' | 'REMOTE_SIGN_IN_REQUIRED';
  message: string;
}

export function staticTokenAuth(url: URL, token: string, tokenEnv: string): RemoteAuth {
  return {
    provider: { token: async () => token },
    secrets: () => [token],
    refusal: async (status) => ({
      code: 'REMOTE_AUTH_FAILED',
      message: authFailureMessage(url, tokenEnv, status),
    }),
    signInNeeded: async (reason) => ({
      code: 'REMOTE_SIGN_IN_REQUIRED',
      message: signInRequiredMessage(url, reason),
    }),
  };
}

/** `signIn`: the shim's own browser sign-in, started whenever a sign-in is needed (none: only say so). */
export function storedSignInAuth(url: URL, store: SignInStore, signIn?: ShimSignIn): RemoteAuth {
  const provider = signedInAuth(store);
  // Says the browser was opened only once it was: until then (or if it could not be), how to sign in.
  const signInNeeded = async (reason: string): Promise<RemoteRefusal> => {
    const opened = signIn?.start() === true && (await signIn.browserOpened());
    return {
      code: 'REMOTE_SIGN_IN_REQUIRED',
      message: (opened ? signInOpenedMessage : signInRequiredMessage)(url, reason),
    };
  };
  return {
    provider,
    secrets: provider.secrets,
    refusal: async (status) =>
      status === 401
        ? signInNeeded('the endpoint did not accept your sign-in (HTTP 401)')
        : {
            code: 'REMOTE_AUTH_FAILED',
            message: `The Praxis endpoint ${url.origin}${url.pathname} refused your signed-in account (HTTP 403: it lacks the access this needs). Sign in as someone else with \`praxis login ${url.origin}${url.pathname}\`, or ask for access. The local worktree tools keep working meanwhile.`,
          },
    signInNeeded,
  };
}
