// A refresh token that a refresh has already rotated away, presented again, revokes the whole grant
// (RFC 9700 §4.14.2): whichever holder — the person's client or whoever copied the token — uses it
// second, neither chain keeps working. Signed in through the real flow (consent, the development
// OpenID provider, the code exchange) against the Worker in workerd with local KV.
import { beforeAll, describe, expect, it } from 'vitest';
import { listTools, mcpPost } from '../../helpers/workerd/auth-helpers.ts';
import { publishFixture } from '../../helpers/workerd/helpers.ts';
import { oauthEnv, signedInTokens, tokenRequest } from '../../helpers/workerd/sign-in-helpers.ts';

beforeAll(async () => {
  await publishFixture();
});

type Env = ReturnType<typeof oauthEnv>;

async function refresh(env: Env, clientId: string, refreshToken: string) {
  const fields = { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId };
  const { status, body } = await tokenRequest(env, fields);
  return { status, body, access: String(body.access_token), refresh: String(body.refresh_token) };
}

const mcpStatus = async (env: Env, access: string) =>
  (await mcpPost(listTools, access, env)).status;

describe('a rotated-away refresh token presented again', () => {
  it('after the person refreshed: the copy is refused and the grant revoked; the person signs in again', async () => {
    const env = oauthEnv();
    const person = await signedInTokens(env, 'bob');
    const stolen = person.refresh;
    const renewed = await refresh(env, person.clientId, person.refresh);
    expect(renewed.status).toBe(200);
    expect(await mcpStatus(env, renewed.access)).toBe(200);

    const attacker = await refresh(env, person.clientId, stolen);
    expect(attacker.status).toBe(400);
    expect(attacker.body.error).toBe('invalid_grant');
    expect(String(attacker.body.error_description)).toContain('already used');
    expect(attacker.body.access_token).toBeUndefined();
    expect(attacker.body.refresh_token).toBeUndefined();

    // Neither chain survives: the person's access token and refresh token are revoked with the grant.
    expect(await mcpStatus(env, renewed.access)).toBe(401);
    expect((await refresh(env, person.clientId, renewed.refresh)).body.error).toBe('invalid_grant');
    // Nor does presenting the copy again bring anything back.
    expect((await refresh(env, person.clientId, stolen)).status).toBe(400);
  });

  it("after the thief refreshed first: the person's own use of the token revokes the thief's chain too", async () => {
    const env = oauthEnv();
    const person = await signedInTokens(env, 'bob');
    const thief = await refresh(env, person.clientId, person.refresh);
    expect(thief.status).toBe(200);
    expect(await mcpStatus(env, thief.access)).toBe(200);

    const personLater = await refresh(env, person.clientId, person.refresh);
    expect(personLater.status).toBe(400);
    expect(personLater.body.error).toBe('invalid_grant');
    expect(personLater.body.refresh_token).toBeUndefined();

    expect(await mcpStatus(env, thief.access)).toBe(401);
    expect((await refresh(env, person.clientId, thief.refresh)).body.error).toBe('invalid_grant');
    expect(await mcpStatus(env, person.access)).toBe(401);
  });

  it('leaves ordinary use alone: refreshes in a row work; an older token is refused, not revoking', async () => {
    const env = oauthEnv();
    const person = await signedInTokens(env, 'bob');
    const tokens = [person.refresh];
    let access = person.access;
    for (let step = 0; step < 4; step++) {
      const next = await refresh(env, person.clientId, tokens.at(-1)!);
      expect(next.status, JSON.stringify(next.body)).toBe(200);
      expect(await mcpStatus(env, next.access)).toBe(200);
      tokens.push(next.refresh);
      access = next.access;
    }
    expect(new Set(tokens).size).toBe(tokens.length);
    // Long superseded: the library no longer knows it, so it is refused, and the grant stays.
    const ancient = await refresh(env, person.clientId, tokens[0]!);
    expect(ancient.status).toBe(400);
    expect(await mcpStatus(env, access)).toBe(200);
    expect((await refresh(env, person.clientId, tokens.at(-1)!)).status).toBe(200);
  });

  it("revokes only the grant whose token was replayed: the same person's other sign-in keeps working", async () => {
    const env = oauthEnv();
    const laptop = await signedInTokens(env, 'bob');
    const desktop = await signedInTokens(env, 'bob');
    const renewed = await refresh(env, laptop.clientId, laptop.refresh);
    expect((await refresh(env, laptop.clientId, laptop.refresh)).body.error).toBe('invalid_grant');
    expect(await mcpStatus(env, renewed.access)).toBe(401);
    expect(await mcpStatus(env, desktop.access)).toBe(200);
    expect((await refresh(env, desktop.clientId, desktop.refresh)).status).toBe(200);
  });
});
