// The MCP SDK's OAuthClientProvider over the sign-in file: the SDK runs OAuth (discovery,
// registration, PKCE, code exchange, refresh); this says where its state lives and what a
// redirect means. Interactive (`praxis login`, and the sign-in the shim starts itself):
// everything is saved and the authorization URL goes to the browser. Not interactive (the
// bridge's requests): only refreshed tokens are saved, nothing is registered, and a needed
// redirect becomes SignInRequired, which starts that separate sign-in (shim-sign-in.ts).
import type {
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import { SignInRequired } from './sign-in-required.ts';
import { UnusableSignInFile, type SignInRecord, type SignInStore } from './sign-in-store.ts';

export const CLIENT_NAME = 'Praxis shim (praxis login)';

export interface StoredOAuthClientOptions {
  store: SignInStore;
  /** The loopback redirect URI: the listener's for a sign-in, the registered one otherwise. */
  redirectUrl: string;
  /** Present for an interactive sign-in: the state the callback must carry, and how to show the authorization URL. */
  interactive?: { state: string; openAuthorizationUrl: (url: URL) => Promise<void> };
}

export class StoredOAuthClient implements OAuthClientProvider {
  private readonly store: SignInStore;
  private readonly redirect: string;
  private readonly interactive: StoredOAuthClientOptions['interactive'];
  /** The refresh token this run read, so that only that one is discarded when it is refused. */
  private readRefreshToken: string | undefined;
  private tokensRefused = false;

  constructor(options: StoredOAuthClientOptions) {
    this.store = options.store;
    this.redirect = options.redirectUrl;
    this.interactive = options.interactive;
  }

  get redirectUrl(): string {
    return this.redirect;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: CLIENT_NAME,
      redirect_uris: [this.redirect],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  state(): string {
    if (!this.interactive) throw new SignInRequired(this.lostReason());
    return this.interactive.state;
  }

  async clientInformation(): Promise<StoredOAuthClientInformation | undefined> {
    const information = (await this.record())?.clientInformation;
    if (!information && !this.interactive) throw new SignInRequired('you are not signed in');
    return information;
  }

  async saveClientInformation(clientInformation: StoredOAuthClientInformation): Promise<void> {
    await this.store.update((record) => ({ ...record, clientInformation }));
  }

  async tokens(): Promise<StoredOAuthTokens | undefined> {
    const tokens = (await this.record())?.tokens;
    this.readRefreshToken = tokens?.refresh_token;
    return tokens;
  }

  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    await this.store.update(({ tokensRefusedAt: _renewed, ...record }) => ({ ...record, tokens }));
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    if (!this.interactive) throw new SignInRequired(this.lostReason());
    await this.interactive.openAuthorizationUrl(authorizationUrl);
  }

  async saveCodeVerifier(codeVerifier: string): Promise<void> {
    if (this.interactive) await this.store.update((record) => ({ ...record, codeVerifier }));
  }

  async codeVerifier(): Promise<string> {
    const verifier = (await this.record())?.codeVerifier;
    if (!verifier)
      throw new SignInRequired('the sign-in was started elsewhere or already finished');
    return verifier;
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    if (this.interactive)
      await this.store.update((record) => ({ ...record, discoveryState: state }));
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return (await this.record())?.discoveryState;
  }

  async invalidateCredentials(
    scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery',
  ): Promise<void> {
    if (scope === 'all' || scope === 'tokens') this.tokensRefused = true;
    const refused = this.readRefreshToken;
    await this.store.update((record): SignInRecord => {
      const next = { ...record };
      // Another process may have signed in since this one read the file: keep its tokens.
      if ((scope === 'all' || scope === 'tokens') && next.tokens?.refresh_token === refused) {
        delete next.tokens;
        next.tokensRefusedAt = new Date().toISOString();
      }
      if (scope === 'all' || scope === 'client') delete next.clientInformation;
      if (scope === 'all' || scope === 'verifier') delete next.codeVerifier;
      if (scope === 'all' || scope === 'discovery') delete next.discoveryState;
      return next;
    });
  }

  private lostReason(): string {
    return this.tokensRefused
      ? 'your sign-in has expired or was revoked'
      : 'your sign-in can no longer be renewed';
  }

  private async record(): Promise<SignInRecord | undefined> {
    try {
      return await this.store.read();
    } catch (error) {
      if (error instanceof UnusableSignInFile && !this.interactive)
        throw new SignInRequired(error.message);
      if (error instanceof UnusableSignInFile) return undefined; // a sign-in replaces it
      throw error;
    }
  }
}
