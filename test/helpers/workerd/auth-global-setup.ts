// Runs in Node before the workerd tests: starts two real OpenID Connect providers on 127.0.0.1
// (one stays put, one has its signing key rotated by the rotation test) and a port that refuses
// connections, for the "identity provider unreachable" case. Their URLs reach the tests by inject().
import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';
import { DEV_USERS, startSignInProvider } from '../../../scripts/dev/sign-in-provider.ts';
import { CHANGED_USER } from './changed-user.ts';
import { startHostileProvider } from '../../fixtures/oidc/hostile-provider.ts';
import {
  startIdentityProvider,
  TEST_CLIENTS,
  type TestClient,
} from '../../fixtures/oidc/identity-provider.ts';

/** Where the Worker under test (http://localhost in workerd) receives upstream sign-ins in oauth mode. */
export const SIGN_IN_CALLBACK = 'http://localhost/oauth/callback';
/** Where the insights page (src/worker/insights/page/) receives its own sign-ins. */
export const INSIGHTS_PAGE_CALLBACK = 'http://localhost/insights/callback';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stable = await startIdentityProvider();
  const rotating = await startIdentityProvider();
  project.provide('identityProviders', {
    stable: stable.issuer,
    rotating: rotating.issuer,
    unreachable: `http://127.0.0.1:${await closedPort()}`,
  });
  project.provide('identityClients', TEST_CLIENTS);
  // Auth mode oauth: the development sign-in provider as the upstream, and a hostile one. Its users
  // are alice and bob, which files running side by side rely on as documented, and CHANGED_USER, the
  // one user the tests change while it runs (groups, disabled): changing alice made a file running at
  // the same time see her without the authors group.
  const signIn = await startSignInProvider({
    redirectUris: [SIGN_IN_CALLBACK, INSIGHTS_PAGE_CALLBACK],
    testControls: true,
    users: {
      ...DEV_USERS,
      [CHANGED_USER]: {
        password: CHANGED_USER,
        name: 'Grace Example',
        email: 'grace@example.com',
        groups: ['engineering'],
      },
    },
  });
  const hostile = await startHostileProvider(signIn.clientId);
  project.provide('signInProvider', {
    issuer: signIn.issuer,
    clientId: signIn.clientId,
    clientSecret: signIn.clientSecret,
    hostile: hostile.issuer,
  });
  return async () => {
    await Promise.all([stable.close(), rotating.close(), signIn.close(), hostile.close()]);
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
    signInProvider: { issuer: string; clientId: string; clientSecret: string; hostile: string };
    identityProviders: { stable: string; rotating: string; unreachable: string };
    identityClients: TestClient[];
  }
}
