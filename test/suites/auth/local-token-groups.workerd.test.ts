// A development token's groups (`praxis token --group`) count in auth mode local only. In auto and
// oauth mode the Worker also accepts development tokens, signed with the deployment's local secret:
// whoever holds that secret must not mint author or restricted access, so the groups are dropped —
// no author actions, no restricted documents. Cloud mode accepts no development token at all.
import { issueLocalToken } from '../../../src/shared/auth/local-token.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Env } from '../../../src/worker/index.ts';
import { cloudEnv } from '../../helpers/workerd/auth-helpers.ts';
import { oauthEnv } from '../../helpers/workerd/sign-in-helpers.ts';
import {
  callWorker,
  mcpRequest,
  publishFixture,
  rpcMessage,
  testEnv,
} from '../../helpers/workerd/helpers.ts';
import { toolCall } from '../../helpers/workerd/insights-helpers.ts';
import { applyInsightsSchema } from '../../helpers/workerd/insights-schema.ts';

const RESTRICTED = 'security-incident-playbook';
const GROUPS = ['praxis-authors', 'security-team'];

const localToken = (groups: string[]) =>
  issueLocalToken(testEnv.PRAXIS_LOCAL_SECRET!, 'token-holder', groups);

async function getsRestricted(env: Partial<Env>, bearer: string): Promise<boolean> {
  const response = await callWorker(
    mcpRequest(toolCall('get_process', { name: RESTRICTED }), { bearer }),
    env,
  );
  expect(response.status).toBe(200);
  const message = await rpcMessage(response);
  return message.result.isError !== true;
}

async function forgetStatus(env: Partial<Env>, bearer: string): Promise<number> {
  const response = await callWorker(
    new Request('http://localhost/insights/forget', {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: '{"subject":"someone"}',
    }),
    env,
  );
  return response.status;
}

beforeAll(async () => {
  await publishFixture();
  // An author's forget request reaches the database.
  await applyInsightsSchema();
});

describe("a development token's groups", () => {
  it('count in auth mode local: the restricted document and author actions', async () => {
    const bearer = await localToken(GROUPS);
    expect(await getsRestricted({}, bearer)).toBe(true);
    expect(await forgetStatus({}, bearer)).toBe(200);
    const plain = await localToken([]);
    expect(await getsRestricted({}, plain)).toBe(false);
    expect(await forgetStatus({}, plain)).toBe(403);
  });

  const modes: Array<[string, () => Partial<Env>]> = [
    ['auto', () => cloudEnv(undefined, { PRAXIS_AUTH_MODE: 'auto' })],
    ['oauth (with a local secret)', () => oauthEnv()],
  ];
  it.each(modes)(
    'are ignored in auth mode %s: no restricted document, no author action',
    async (_mode, env) => {
      const bearer = await localToken(GROUPS);
      expect(await getsRestricted(env(), bearer)).toBe(false);
      expect(await forgetStatus(env(), bearer)).toBe(403);
    },
  );

  it('cloud mode accepts no development token at all', async () => {
    const bearer = await localToken(GROUPS);
    const response = await callWorker(
      mcpRequest(toolCall('get_process', { name: RESTRICTED }), { bearer }),
      cloudEnv(),
    );
    expect(response.status).toBe(401);
    expect(await forgetStatus(cloudEnv(), bearer)).toBe(401);
  });

  it('a token whose groups claim is not a list of names is refused', async () => {
    const { SignJWT } = await import('jose');
    const forged = await new SignJWT({ scope: 'praxis:read', groups: 'praxis-authors' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('praxis-local')
      .setAudience('praxis-local-dev')
      .setSubject('someone')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(testEnv.PRAXIS_LOCAL_SECRET!));
    expect(await forgetStatus({}, forged)).toBe(401);
  });
});
