// What one person's normal use costs in OAUTH_KV operations, counted through a recording binding, and
// what that makes of the free plan's daily quotas (1 000 writes, 1 000 deletes, 1 000 lists, 100 000
// reads for the whole account). Printed as a table; the assertions hold the measured figures so a change
// that adds writes to sign-in or refresh is noticed.
import { describe, expect, it } from 'vitest';
import { callWorker, publishFixture } from '../../helpers/workerd/helpers.ts';
import { listTools, mcpPost } from '../../helpers/workerd/auth-helpers.ts';
import {
  recordingOAuthKv,
  type KvOperation,
  type RecordingKv,
} from '../../helpers/workerd/recording-oauth-kv.ts';
import {
  CLIENT_REDIRECT,
  WORKER_ORIGIN,
  authorizationUrl,
  newVerifier,
  oauthEnv,
  s256,
  signInAs,
  tokenRequest,
  workerBrowser,
} from '../../helpers/workerd/sign-in-helpers.ts';

await publishFixture();

const OPERATIONS: KvOperation[] = ['write', 'delete', 'list', 'read'];
type Cost = Record<KvOperation, number>;

const costOf = (kv: RecordingKv): Cost =>
  Object.fromEntries(OPERATIONS.map((operation) => [operation, kv.count(operation)])) as Cost;
const times = (cost: Cost, factor: number): Cost =>
  Object.fromEntries(OPERATIONS.map((operation) => [operation, cost[operation] * factor])) as Cost;
const plus = (...costs: Cost[]): Cost =>
  Object.fromEntries(
    OPERATIONS.map((operation) => [
      operation,
      costs.reduce((sum, cost) => sum + cost[operation], 0),
    ]),
  ) as Cost;
const line = (label: string, cost: Cost): string =>
  `${label.padEnd(58)} ${OPERATIONS.map(
    (operation) => `${String(Math.round(cost[operation] * 10) / 10).padStart(6)} ${operation}s`,
  ).join(' ')}`;

/**
 * A working day: a client's access token lives an hour, so a client in use all day refreshes about nine
 * times.
 */
const REFRESHES_PER_CLIENT_DAY = 9;
/** The shim and two other MCP clients (an editor, a desktop chat). */
const CLIENTS_PER_PERSON = 3;
/** A refresh token lives 30 days at most, so each client signs in again at least that often. */
const DAYS_PER_SIGN_IN = 30;
const FREE_WRITES_PER_DAY = 1000;

describe('KV operations per active user per day', () => {
  it('measures registration, sign-in, refresh and requests, and prints what the free plan allows', async () => {
    const kv = recordingOAuthKv();
    const env = oauthEnv({ OAUTH_KV: kv.binding });
    const measured = async <T>(work: () => Promise<T>): Promise<{ result: T; cost: Cost }> => {
      kv.reset();
      const result = await work();
      return { result, cost: costOf(kv) };
    };

    const registration = await measured(async () => {
      const response = await callWorker(
        new Request(`${WORKER_ORIGIN}/oauth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            client_name: 'A day of work',
            redirect_uris: [CLIENT_REDIRECT],
            token_endpoint_auth_method: 'none',
            grant_types: ['authorization_code', 'refresh_token'],
            response_types: ['code'],
          }),
        }),
        env,
      );
      return ((await response.json()) as { client_id: string }).client_id;
    });
    const clientId = registration.result;
    const verifier = newVerifier();
    const browser = workerBrowser(env);
    const signIn = await measured(async () => {
      const landed = new URL(
        await signInAs(
          browser,
          authorizationUrl(clientId, {
            scope: 'praxis:read offline_access',
            code_challenge: await s256(verifier),
            code_challenge_method: 'S256',
          }),
          'alice',
        ),
      );
      const { body } = await tokenRequest(env, {
        grant_type: 'authorization_code',
        code: landed.searchParams.get('code')!,
        code_verifier: verifier,
        client_id: clientId,
        redirect_uri: CLIENT_REDIRECT,
      });
      return { access: String(body.access_token), refresh: String(body.refresh_token) };
    });
    const request = await measured(
      async () => (await mcpPost(listTools, signIn.result.access, env)).status,
    );
    expect(request.result).toBe(200);
    let refreshToken = signIn.result.refresh;
    const refreshes: Cost[] = [];
    for (let hour = 0; hour < 3; hour++) {
      const refresh = await measured(async () =>
        tokenRequest(env, {
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: clientId,
        }),
      );
      expect(refresh.result.status).toBe(200);
      refreshToken = String(refresh.result.body.refresh_token);
      refreshes.push(refresh.cost);
    }
    const refresh = refreshes.at(-1)!;
    const anonymousPages = await measured(async () => {
      for (let page = 0; page < 10; page++)
        await workerBrowser(env).go(
          authorizationUrl(clientId, {
            code_challenge: await s256(newVerifier()),
            code_challenge_method: 'S256',
          }),
        );
    });

    const signInOnce = plus(registration.cost, signIn.cost);
    const steadyDay = plus(
      times(refresh, REFRESHES_PER_CLIENT_DAY * CLIENTS_PER_PERSON),
      times(signInOnce, CLIENTS_PER_PERSON / DAYS_PER_SIGN_IN),
    );
    const firstDay = plus(
      times(signInOnce, CLIENTS_PER_PERSON),
      times(refresh, (REFRESHES_PER_CLIENT_DAY - 1) * CLIENTS_PER_PERSON),
    );
    const people = (day: Cost) =>
      Math.floor(FREE_WRITES_PER_DAY / Math.max(day.write, day.delete, 1));
    console.log(
      [
        'OAUTH_KV operations (counted through a recording binding):',
        line('registration (dynamic, RFC 7591)', registration.cost),
        line('sign-in: consent, provider, callback, code exchange', signIn.cost),
        line('one MCP request with a signed-in token', request.cost),
        ...refreshes.map((cost, at) => line(`refresh ${at + 1}`, cost)),
        line('10 anonymous consent pages', anonymousPages.cost),
        `A person with ${CLIENTS_PER_PERSON} clients, ${REFRESHES_PER_CLIENT_DAY} refreshes per client per working day, ` +
          `signing each client in every ${DAYS_PER_SIGN_IN} days:`,
        line('  a usual day', steadyDay),
        line('  the first day (registering and signing in all clients)', firstDay),
        `Free plan (1 000 writes and 1 000 deletes a day): about ${people(steadyDay)} people on a usual day, ` +
          `${people(firstDay)} all starting the same day.`,
      ].join('\n'),
    );

    expect(anonymousPages.cost.write + anonymousPages.cost.delete + anonymousPages.cost.list).toBe(
      0,
    );
    expect(registration.cost.write).toBe(1);
    expect(request.cost.write + request.cost.delete).toBe(0);
  });
});
