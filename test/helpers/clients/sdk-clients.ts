// The official TypeScript SDK's clients, v2 (`@modelcontextprotocol/client`) and v1
// (`@modelcontextprotocol/sdk` 1.x), each with its own OAuth client provider and a loopback redirect of
// its own, as desktop clients built on them are configured: the SDK discovers, registers itself
// (dynamic client registration), and hands the authorization URL to the provider, whose browser is
// the person's page in Chromium; the code comes back to the loopback listener.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { Client as ClientV1 } from 'mcp-sdk-v1/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from 'mcp-sdk-v1/client/streamableHttp.js';
import { UnauthorizedError as UnauthorizedErrorV1 } from 'mcp-sdk-v1/client/auth.js';
import type { Page } from 'puppeteer-core';
import { expect } from 'vitest';
import { signInAt } from './sign-in-in-browser.ts';
import { sawThrough, type ClientSaw } from './what-a-client-saw.ts';

/** A client's loopback listener on a port of its own: answers the browser and hands over the URL. */
export async function loopbackListener(
  host = '127.0.0.1',
): Promise<{ url: string; landed: Promise<URL>; close: () => Promise<void> }> {
  let arrived: (url: URL) => void = () => undefined;
  const landed = new Promise<URL>((resolve) => {
    arrived = resolve;
  });
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><html lang="en"><title>Signed in</title><main><h1>Signed in</h1></main></html>',
    );
    arrived(new URL(request.url ?? '/', `http://${host}`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}/callback`,
    landed,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What a desktop client registers and where its browser is sent back; both SDKs take this shape. */
export class DesktopOAuthClient {
  information: unknown;
  stored: unknown;
  verifier = '';
  authorizationUrl: URL | undefined;
  private discovery: unknown;
  readonly name: string;
  readonly redirectUrl: string;
  readonly redirectUris: string[];
  constructor(name: string, redirectUrl: string, redirectUris: string[] = [redirectUrl]) {
    this.name = name;
    this.redirectUrl = redirectUrl;
    this.redirectUris = redirectUris;
  }
  get clientMetadata() {
    return {
      client_name: this.name,
      redirect_uris: this.redirectUris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.information as never;
  }
  saveClientInformation(information: unknown) {
    this.information = information;
  }
  tokens() {
    return this.stored as never;
  }
  saveTokens(tokens: unknown) {
    this.stored = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: unknown) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery as never;
  }
}

type Version = 'v1' | 'v2';

/** One SDK's client and transport, built the same way for either version. */
function connection(version: Version, mcpUrl: string, provider: DesktopOAuthClient) {
  const url = new URL(mcpUrl);
  if (version === 'v2') {
    const transport = new StreamableHTTPClientTransport(url, { authProvider: provider as never });
    const client = new Client({ name: 'praxis-interop-v2', version: '1.0.0' });
    return { transport, client, unauthorized: UnauthorizedError };
  }
  const transport = new TransportV1(url, { authProvider: provider as never });
  const client = new ClientV1({ name: 'praxis-interop-v1', version: '1.0.0' });
  return { transport, client, unauthorized: UnauthorizedErrorV1 };
}

/**
 * Signs `user` in through `version`'s SDK with `provider` (its loopback listener already running at
 * the provider's redirect URL), then lists, searches and reads as that user.
 */
export async function sdkClientSaw(
  version: Version,
  page: Page,
  mcpUrl: string,
  user: string,
  provider: DesktopOAuthClient,
  landed: Promise<URL>,
): Promise<ClientSaw> {
  const first = connection(version, mcpUrl, provider);
  await expect(first.client.connect(first.transport as never)).rejects.toBeInstanceOf(
    first.unauthorized,
  );
  expect(provider.authorizationUrl).toBeDefined();
  await signInAt(page, provider.authorizationUrl!.href, user);
  const code = await landed;
  expect(code.searchParams.get('error'), code.href).toBeNull();
  // v2 takes the callback's parameters (it checks `iss` and `state` itself), v1 the code alone.
  if (version === 'v2')
    await (first.transport as StreamableHTTPClientTransport).finishAuth(code.searchParams);
  else await (first.transport as TransportV1).finishAuth(code.searchParams.get('code')!);
  const signedIn = connection(version, mcpUrl, provider);
  await signedIn.client.connect(signedIn.transport as never);
  try {
    return await sawThrough(signedIn.client as never);
  } finally {
    await signedIn.client.close();
  }
}
