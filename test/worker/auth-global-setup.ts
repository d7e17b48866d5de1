// Runs in Node before the workerd tests: starts two real OpenID Connect providers on 127.0.0.1
// (one stays put, one has its signing key rotated by the rotation test) and a port that refuses
// connections, for the "identity provider unreachable" case. Their URLs reach the tests by inject().
import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';
import { startIdentityProvider, TEST_CLIENTS, type TestClient } from '../fixtures/oidc/identity-provider.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stable = await startIdentityProvider();
  const rotating = await startIdentityProvider();
  project.provide('identityProviders', { stable: stable.issuer, rotating: rotating.issuer, unreachable: `http://127.0.0.1:${await closedPort()}` });
  project.provide('identityClients', TEST_CLIENTS);
  return async () => {
    await Promise.all([stable.close(), rotating.close()]);
  };
}

/** A loopback port nobody listens on: bind, note the number, release it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

declare module 'vitest' {
  export interface ProvidedContext {
    identityProviders: { stable: string; rotating: string; unreachable: string };
    identityClients: TestClient[];
  }
}
