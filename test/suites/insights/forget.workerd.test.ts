// POST /insights/forget, hostile: only an author may delete a person's usage events and feedback. Anonymous 401,
// a reader 403, another site's Origin or Host 403, a body over 1 KiB 413, a malformed one 400 — and
// in every refusal nothing is deleted.
import { issueLocalToken } from '../../../src/shared/auth/local-token.ts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  callWorker,
  publishFixture,
  rpcMessage,
  settleBackgroundWork,
  mcpRequest,
  testEnv,
  token,
} from '../../helpers/workerd/helpers.ts';
import {
  clearEvents,
  clearFeedback,
  storedCallerOf,
  storedEvents,
  storedFeedback,
  toolCall,
} from '../../helpers/workerd/insights-helpers.ts';

const FORGET_URL = 'http://localhost/insights/forget';

const authorToken = (groups = ['praxis-authors']) =>
  issueLocalToken(testEnv.PRAXIS_LOCAL_SECRET!, 'the-author', groups);

function forget(
  body: string,
  bearer?: string,
  overrides = {},
  headers: Record<string, string> = {},
  url = FORGET_URL,
): Promise<Response> {
  return callWorker(
    new Request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        ...headers,
      },
      body,
    }),
    overrides,
  );
}

async function searchAs(subject: string): Promise<void> {
  const response = await callWorker(
    mcpRequest(toolCall('search_processes', { query: 'deploy' }), { bearer: await token(subject) }),
  );
  await rpcMessage(response);
}

async function reportAs(subject: string): Promise<void> {
  const response = await callWorker(
    mcpRequest(toolCall('report_problem', { category: 'wrong', problem: `from ${subject}` }), {
      bearer: await token(subject),
    }),
  );
  expect((await rpcMessage(response)).result.structuredContent.recorded).toBe(true);
}

beforeAll(publishFixture);
beforeEach(async () => {
  await clearEvents();
  await clearFeedback();
  for (const subject of ['alice', 'alice', 'bob']) await searchAs(subject);
  await settleBackgroundWork();
});

/** Callers of the usage events; feedback rows are checked separately (their calls are events too). */
const callers = async () =>
  (await storedEvents())
    .filter((event) => event.tool !== 'report_problem')
    .map((event) => event.caller);
const reporters = async () => (await storedFeedback()).map((row) => row.caller);

describe('POST /insights/forget', () => {
  it("an author deletes one person's events, and only theirs", async () => {
    const alice = await storedCallerOf('alice');
    const bob = await storedCallerOf('bob');
    expect(await callers()).toEqual([alice, alice, bob]);
    const response = await forget(JSON.stringify({ subject: 'alice' }), await authorToken());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: 2, deletedFeedback: 0 });
    expect(await callers()).toEqual([bob]);
    // Forgetting again, or someone never seen, deletes nothing and says so.
    const again = await forget(JSON.stringify({ subject: 'alice' }), await authorToken());
    expect(await again.json()).toEqual({ deleted: 0, deletedFeedback: 0 });
  });

  it("deletes the person's feedback reports too, and says how many", async () => {
    for (const subject of ['alice', 'alice', 'bob']) await reportAs(subject);
    await settleBackgroundWork();
    const alice = await storedCallerOf('alice');
    const bob = await storedCallerOf('bob');
    expect(await reporters()).toEqual([alice, alice, bob]);
    const response = await forget(JSON.stringify({ subject: 'alice' }), await authorToken());
    // Her two searches and the two report_problem calls' usage events; her two reports.
    expect(await response.json()).toEqual({ deleted: 4, deletedFeedback: 2 });
    expect(await reporters()).toEqual([bob]);
    expect((await storedEvents()).map((event) => event.caller)).not.toContain(alice);
  });

  it('PRAXIS_AUTHORS_GROUP names the authors group', async () => {
    const editors = { PRAXIS_AUTHORS_GROUP: 'editors' };
    const praxisAuthor = await forget('{"subject":"bob"}', await authorToken(), editors);
    expect(praxisAuthor.status).toBe(403);
    const editor = await forget('{"subject":"bob"}', await authorToken(['editors']), editors);
    expect(await editor.json()).toEqual({ deleted: 1, deletedFeedback: 0 });
  });

  describe('refusals delete nothing', () => {
    const cases: Array<[string, () => Promise<Response>, number]> = [
      ['anonymous', async () => forget('{"subject":"alice"}'), 401],
      ['a malformed bearer', async () => forget('{"subject":"alice"}', 'not a token!'), 401],
      [
        'a forged token',
        async () => forget('{"subject":"alice"}', (await authorToken()).slice(0, -4) + 'AAAA'),
        401,
      ],
      [
        'a reader (no group)',
        async () => forget('{"subject":"alice"}', await token('reader')),
        403,
      ],
      [
        'a reader in another group',
        async () => forget('{"subject":"alice"}', await authorToken(['engineering'])),
        403,
      ],
      [
        'a body over 1 KiB',
        async () =>
          forget(JSON.stringify({ subject: 'alice', pad: 'x'.repeat(1100) }), await authorToken()),
        413,
      ],
      ['a body that is not JSON', async () => forget('subject=alice', await authorToken()), 400],
      ['no subject', async () => forget('{}', await authorToken()), 400],
      ['an empty subject', async () => forget('{"subject":""}', await authorToken()), 400],
      [
        'a subject with control characters',
        async () => forget('{"subject":"alice\\n"}', await authorToken()),
        400,
      ],
      [
        'a subject that is not a string',
        async () => forget('{"subject":["alice"]}', await authorToken()),
        400,
      ],
      [
        "an author's request from a foreign Origin",
        async () =>
          forget(
            '{"subject":"alice"}',
            await authorToken(),
            {},
            { origin: 'https://evil.example' },
          ),
        403,
      ],
      [
        "an author's request to a foreign Host (DNS rebinding)",
        async () =>
          forget(
            '{"subject":"alice"}',
            await authorToken(),
            {},
            {},
            'http://evil.example/insights/forget',
          ),
        403,
      ],
      [
        'auth mode off (no person)',
        async () => forget('{"subject":"alice"}', undefined, { PRAXIS_AUTH_MODE: 'off' }),
        403,
      ],
    ];
    it.each(cases)('%s', async (_name, send, status) => {
      await reportAs('alice');
      const before = await callers();
      const reportedBefore = await reporters();
      const response = await send();
      expect(response.status).toBe(status);
      const body = (await response.json()) as { deleted?: unknown; deletedFeedback?: unknown };
      expect(body.deleted).toBeUndefined();
      expect(body.deletedFeedback).toBeUndefined();
      expect(await callers()).toEqual(before);
      expect(await reporters()).toEqual(reportedBefore);
      expect(reportedBefore).toHaveLength(1);
    });

    it('GET and other methods are not routes', async () => {
      const response = await callWorker(
        new Request(FORGET_URL, { headers: { authorization: `Bearer ${await authorToken()}` } }),
      );
      expect(response.status).toBe(404);
      expect((await callers()).length).toBe(3);
    });
  });

  it('answers 503 naming the cause when D1 fails, not a 500', async () => {
    const failing = new Proxy({} as D1Database, {
      get() {
        throw new Error('D1_ERROR: no such table: usage_events');
      },
    });
    const response = await forget('{"subject":"alice"}', await authorToken(), {
      INSIGHTS: failing,
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: 'INSIGHTS_UNAVAILABLE',
      message: 'The insights database did not answer; nothing was deleted. Try again later.',
    });
  });

  it('answers 503 without the key, deleting nothing', async () => {
    const response = await forget('{"subject":"alice"}', await authorToken(), {
      PRAXIS_INSIGHTS_KEY: undefined,
    });
    expect(response.status).toBe(503);
    expect((await callers()).length).toBe(3);
  });
});
