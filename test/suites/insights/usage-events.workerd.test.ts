// One usage event per tool call, written after the answer: what it holds (and what it never holds),
// who is never recorded, the per-caller-minute cap, and one D1 round trip per request, batches too.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_EVENTS_PER_CALLER_MINUTE,
  epochMinute,
  writeUsageEvents,
  type UsageEvent,
} from '../../../src/worker/insights/usage-events.ts';
import {
  callWorker,
  mcpRequest,
  publishFixture,
  rpc,
  rpcMessage,
  settleBackgroundWork,
  testEnv,
  token,
} from '../../helpers/workerd/helpers.ts';
import {
  clearEvents,
  insightsDb,
  storedCallerOf,
  storedEvents,
  toolCall,
} from '../../helpers/workerd/insights-helpers.ts';

let version: string;
beforeAll(async () => {
  version = await publishFixture();
});
beforeEach(clearEvents);

/** Sends `body` as `subject` and waits until the answer is read and its events are written. */
async function call(body: unknown, subject = 'tester', overrides = {}): Promise<any> {
  const response = await callWorker(mcpRequest(body, { bearer: await token(subject) }), overrides);
  const message = await rpcMessage(response);
  await settleBackgroundWork();
  return message;
}

describe('a usage event', () => {
  it('records a search: normalised query, result count, top score, names, version and the caller id', async () => {
    const answer = await call(
      toolCall('search_processes', { query: '  How do we DEPLOY\n\tto production ' }),
      'alice',
    );
    const { results } = answer.result.structuredContent;
    const [event] = await storedEvents();
    expect(event).toEqual({
      id: expect.any(Number),
      minute: expect.any(Number),
      caller: await storedCallerOf('alice'),
      tool: 'search_processes',
      kind: 'search',
      query: 'how do we deploy to production',
      result_count: results.length,
      top_score: results[0].relevance_score,
      names: JSON.stringify(results.slice(0, 10).map((result: { name: string }) => result.name)),
      is_error: 0,
      version,
      terms: 'deploi product',
    });
    expect(Math.abs(event!.minute - epochMinute(Date.now()))).toBeLessThanOrEqual(1);
    expect(event!.caller).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(event)).not.toContain('alice');
  });

  it('records a get: the name read, or the name asked for and not found', async () => {
    await call(toolCall('get_process', { name: 'code-review' }));
    await call(toolCall('get_process', { name: 'Rollback Plan' }));
    const [found, missing] = await storedEvents();
    expect(found).toMatchObject({
      tool: 'get_process',
      kind: 'get',
      query: 'code-review',
      result_count: 1,
      top_score: null,
      names: '["code-review"]',
      is_error: 0,
    });
    expect(missing).toMatchObject({
      kind: 'get',
      query: 'rollback plan',
      result_count: 0,
      names: '[]',
      is_error: 1,
    });
  });

  it('never stores an answer body: a get stores the name, not the document', async () => {
    const answer = await call(toolCall('get_process', { name: 'code-review' }));
    const content: string = answer.result.structuredContent.content;
    const stored = JSON.stringify(await storedEvents());
    expect(content.length).toBeGreaterThan(100);
    expect(stored).not.toContain(content.slice(0, 60));
  });

  it('scrubs token-like strings from a query before storing it', async () => {
    const local = await token('someone');
    const queries = [
      `deploy ${local}`,
      'why does Bearer abc.def-123 fail',
      `rotate key ${'0123456789abcdef'.repeat(3)} now`,
      'token aaaaaaaaaa.bbbbbbbbbb.cccccccccc here',
      `api ${'A'.repeat(20)}+/${'b'.repeat(20)}== key`,
    ];
    for (const query of queries) await call(toolCall('search_processes', { query }));
    expect((await storedEvents()).map((event) => event.query)).toEqual([
      'deploy [redacted]',
      'why does [redacted] fail',
      'rotate key [redacted] now',
      'token [redacted] here',
      'api [redacted] key',
    ]);
    expect(JSON.stringify(await storedEvents())).not.toContain(local.slice(0, 20));
  });

  it("stores a search's terms key: near-duplicates share it, and no word of a scrubbed string is in it", async () => {
    const local = await token('someone');
    for (const query of [
      'How do we roll back a Deploy?',
      'rolling back deploys',
      `deploy ${local}`,
      `rotate key ${'0123456789abcdef'.repeat(3)} now`,
      'the of and',
    ])
      await call(toolCall('search_processes', { query }));
    await call(toolCall('get_process', { name: 'deployment' }));
    expect((await storedEvents()).map((event) => event.terms)).toEqual([
      'back deploi roll',
      'back deploi roll',
      'deploi redact',
      'kei redact rotat',
      null,
      null,
    ]);
    const stored = JSON.stringify(await storedEvents()).toLowerCase();
    for (const part of local.toLowerCase().split('.'))
      expect(stored).not.toContain(part.slice(0, 12));
    expect(stored).not.toContain('0123456789abcdef');
  });

  it('caps a stored query at 200 characters', async () => {
    await call(toolCall('search_processes', { query: 'deploy '.repeat(100) }));
    const [event] = await storedEvents();
    expect(event!.query).toHaveLength(200);
  });
});

describe('what writes no usage event', () => {
  it('requests that call no tool', async () => {
    await call({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    expect(await storedEvents()).toEqual([]);
  });

  it('an anonymous request: refused before any tool, nothing written', async () => {
    const response = await rpc(toolCall('search_processes', { query: 'deploy' }), { token: null });
    expect(response.status).toBe(401);
    await settleBackgroundWork();
    expect(await storedEvents()).toEqual([]);
  });

  it('auth mode off: its anonymous developer is not a person and is not recorded', async () => {
    const response = await callWorker(
      mcpRequest(toolCall('search_processes', { query: 'deploy' })),
      { PRAXIS_AUTH_MODE: 'off' },
    );
    expect(response.status).toBe(200);
    await rpcMessage(response);
    await settleBackgroundWork();
    expect(await storedEvents()).toEqual([]);
  });

  it('PRAXIS_INSIGHTS=off', async () => {
    await call(toolCall('search_processes', { query: 'deploy' }), 'tester', {
      PRAXIS_INSIGHTS: 'off',
    });
    expect(await storedEvents()).toEqual([]);
  });
});

/** The INSIGHTS binding, counting what reaches D1: one batch or statement run is one round trip. */
function countingDb(): { db: D1Database; roundTrips: () => number } {
  const real = insightsDb();
  let trips = 0;
  const db = new Proxy(real, {
    get(target, property) {
      if (property === 'batch')
        return (statements: D1PreparedStatement[]) => {
          trips++;
          return target.batch(statements);
        };
      if (property === 'exec')
        return (query: string) => {
          trips++;
          return target.exec(query);
        };
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db, roundTrips: () => trips };
}

describe('bounds', () => {
  it('a batch of tool calls: one event each, in one D1 round trip', async () => {
    const counting = countingDb();
    const overrides = { INSIGHTS: counting.db };
    const response = await callWorker(
      mcpRequest(
        [
          toolCall('search_processes', { query: 'code review' }),
          toolCall('get_checklist', { name: 'no-such-list' }),
        ],
        { bearer: await token() },
      ),
      overrides,
    );
    const text = await response.text();
    await settleBackgroundWork();
    expect(text.match(/"result"/g)).toHaveLength(2);
    // In the order the calls finished.
    expect((await storedEvents()).map((event) => event.tool).sort()).toEqual([
      'get_checklist',
      'search_processes',
    ]);
    expect(counting.roundTrips()).toBe(1);
    await call(toolCall('search_processes', { query: 'deploy' }), 'tester', overrides);
    expect(counting.roundTrips()).toBe(2);
  });

  it(`at most ${MAX_EVENTS_PER_CALLER_MINUTE} events per caller per minute; other callers and minutes are not affected`, async () => {
    const event = (caller: string, minute: number): UsageEvent => ({
      minute,
      caller,
      tool: 'search_processes',
      kind: 'search',
      query: 'deploy',
      resultCount: 1,
      topScore: 0.5,
      names: '["deployment"]',
      isError: 0,
      version: 'v',
    });
    const minute = epochMinute(Date.now());
    await writeUsageEvents(
      insightsDb(),
      Array.from({ length: 70 }, () => event('busy', minute)),
    );
    await writeUsageEvents(insightsDb(), [event('busy', minute), event('busy', minute + 1)]);
    await writeUsageEvents(insightsDb(), [event('calm', minute)]);
    const counts = await insightsDb()
      .prepare(
        'SELECT caller, minute, COUNT(*) AS n FROM usage_events GROUP BY caller, minute ORDER BY caller, minute',
      )
      .all();
    expect(counts.results).toEqual([
      { caller: 'busy', minute, n: MAX_EVENTS_PER_CALLER_MINUTE },
      { caller: 'busy', minute: minute + 1, n: 1 },
      { caller: 'calm', minute, n: 1 },
    ]);
  });

  it('through the Worker: a caller over the cap gets every answer, and no more rows', async () => {
    const body = toolCall('search_processes', { query: 'deploy' });
    const first = await call(body);
    for (let i = 1; i < MAX_EVENTS_PER_CALLER_MINUTE + 5; i++) {
      const again = await call({ ...body, id: first.id });
      expect(again).toEqual(first);
    }
    const rows = (await storedEvents()).length;
    // A minute may turn during the loop: the cap holds per minute.
    expect(rows).toBeGreaterThanOrEqual(MAX_EVENTS_PER_CALLER_MINUTE);
    expect(rows).toBeLessThanOrEqual(MAX_EVENTS_PER_CALLER_MINUTE + 5);
    const perMinute = await insightsDb()
      .prepare(
        'SELECT MAX(n) AS most FROM (SELECT COUNT(*) AS n FROM usage_events GROUP BY minute)',
      )
      .first<{ most: number }>();
    expect(perMinute!.most).toBeLessThanOrEqual(MAX_EVENTS_PER_CALLER_MINUTE);
    expect(testEnv.PRAXIS_INSIGHTS).toBe('on');
  }, 60_000);
});
