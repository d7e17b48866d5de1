// How the shim's bridge authenticates with a stored sign-in: every request carries the access
// token in the sign-in file (read afresh, so a `praxis login` in a terminal takes effect at the
// next request); a 401 refreshes it through the MCP SDK with the stored refresh token, one process
// at a time (renewal-lock.ts), so shims sharing the file never use one refresh token twice. When no
// sign-in is stored, or the refresh is refused (the refused tokens are then deleted), the
// request fails with SignInRequired; the bridge's answer to that may start the shim's own browser
// sign-in (shim-sign-in.ts), never this request.
import {
  auth,
  extractWWWAuthenticateParams,
  type AuthProvider,
} from '@modelcontextprotocol/client';
import { SignInRequired } from './sign-in-required.ts';
import { whileRenewing } from './renewal-lock.ts';
import { UnusableSignInFile, type SignInRecord, type SignInStore } from './sign-in-store.ts';
import { StoredOAuthClient } from './stored-oauth-client.ts';

export interface SignedInAuth extends AuthProvider {
  /** Every token this process has read or received, for scrubbing messages. */
  secrets(): string[];
}

export function signedInAuth(store: SignInStore): SignedInAuth {
  const seen = new Set<string>();
  let sent: string | undefined;

  async function stored(): Promise<SignInRecord | undefined> {
    try {
      const record = await store.read();
      for (const token of [record?.tokens?.access_token, record?.tokens?.refresh_token])
        if (token) seen.add(token);
      return record;
    } catch (error) {
      if (error instanceof UnusableSignInFile)
        throw new SignInRequired(`${error.message}; signing in again replaces it`);
      throw error;
    }
  }

  /** The stored record while it still holds the refused token; undefined once another process signed in or renewed. */
  async function stillToRenew(): Promise<SignInRecord | undefined> {
    const record = await stored();
    if (!record?.tokens) {
      const refused = record?.tokensRefusedAt !== undefined;
      throw new SignInRequired(
        refused ? 'your sign-in has expired or was revoked' : 'you are not signed in',
      );
    }
    return record.tokens.access_token === sent ? record : undefined;
  }

  return {
    async token() {
      sent = (await stored().catch(() => undefined))?.tokens?.access_token;
      return sent;
    },
    async onUnauthorized(ctx) {
      if (!(await stillToRenew())) return;
      // Other processes share this file: one renews, the others wait and then use what it stored.
      await whileRenewing(store.path, async () => {
        const record = await stillToRenew();
        if (!record) return;
        const information = record.clientInformation;
        const redirectUrl =
          information && 'redirect_uris' in information ? information.redirect_uris[0] : undefined;
        if (!record.tokens?.refresh_token || !redirectUrl)
          throw new SignInRequired('your sign-in has expired');
        const { resourceMetadataUrl } = extractWWWAuthenticateParams(ctx.response);
        const provider = new StoredOAuthClient({ store, redirectUrl: String(redirectUrl) });
        const metadata = resourceMetadataUrl ? { resourceMetadataUrl } : {};
        await auth(provider, { serverUrl: ctx.serverUrl, fetchFn: ctx.fetchFn, ...metadata });
      });
      await stored();
    },
    secrets: () => [...seen],
  };
}
