// report_problem, end to end through the Worker: what a report stores (and never stores), the
// per-caller hourly cap, who is offered the tool (a signed-in person with insights on) and what the
// SDK answers everyone else, and a D1 failure answered as a clear tool error.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { issueLocalToken } from '../../../src/shared/auth/local-token.ts';
import { MAX_FEEDBACK_PER_CALLER_HOUR } from '../../../src/worker/insights/feedback-rows.ts';
import { epochMinute } from '../../../src/worker/insights/usage-events.ts';
import { REPORT_PROBLEM } from '../../../src/worker/mcp/report-problem-tool.ts';
import {
  callWorker,
  mcpRequest,
  publishFixture,
  rpcMessage,
  settleBackgroundWork,
  testEnv,
  token,
} from '../../helpers/workerd/helpers.ts';
import {
  clearFeedback,
  storedCallerOf,
  storedFeedback,
  toolCall,
} from '../../helpers/workerd/insights-helpers.ts';
import { messagesIn } from '../../helpers/workerd/fuzz-helpers.ts';

let version: string;
beforeAll(async () => {
  version = await publishFixture();
});
beforeEach(clearFeedback);
afterEach(() => vi.restoreAllMocks());

/** Sends `body` as `subject` (no bearer when null) and returns the JSON-RPC answer. */
async function call(body: unknown, subject: string | null = 'reporter', overrides = {}) {
  const bearer = subject === null ? null : await token(subject);
  const response = await callWorker(mcpRequest(body, { bearer }), overrides);
  expect(response.status).toBe(200);
  const message = await rpcMessage(response);
  await settleBackgroundWork();
  return message;
}

const report = (args: Record<string, unknown>) => toolCall(REPORT_PROBLEM, args);
const listTools = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
const toolNames = (answer: any): string[] =>
  answer.result.tools.map((tool: { name: string }) => tool.name);

describe('a report', () => {
  it('stores the category, the normalised document name, the scrubbed text, the version and the caller id: never the token', async () => {
    const bearer = await token('alice');
    const before = epochMinute(Date.now());
    const answer = await call(
      report({
        category: 'outdated',
        document: '  Deployment ',
        problem: `The canary step says 5%.\r\nIt is 10% now. My token: ${bearer} and Authorization: Bearer abc:defghijklm:nopqrstuvwxyz0123`,
      }),
      'alice',
    );
    expect(answer.result.isError).toBeUndefined();
    expect(answer.result.structuredContent).toEqual({
      recorded: true,
      message: expect.stringMatching(/^Recorded\./),
    });
    const rows = await storedFeedback();
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        minute: expect.any(Number),
        caller: await storedCallerOf('alice'),
        category: 'outdated',
        document: 'deployment',
        problem:
          'The canary step says 5%.\nIt is 10% now. My token: [redacted] and Authorization: [redacted]',
        version,
      },
    ]);
    expect(rows[0]!.minute).toBeGreaterThanOrEqual(before);
    expect(rows[0]!.minute).toBeLessThanOrEqual(epochMinute(Date.now()));
    expect(JSON.stringify(rows)).not.toContain(bearer.slice(0, 20));
    expect(JSON.stringify(rows)).not.toContain('alice');
  });

  it('without a document stores NULL, and a name with nothing of a name in it is no name', async () => {
    await call(report({ category: 'missing', problem: 'No process covers database migrations.' }));
    await call(report({ category: 'other', document: '!!!', problem: 'Odd.' }));
    expect((await storedFeedback()).map((row) => row.document)).toEqual([null, null]);
  });

  it('bad input is a tool error naming the problem, and nothing is stored', async () => {
    const cases = [
      { category: 'wrong' },
      { category: 'wrong', problem: '   ' },
      { category: 'wrong', problem: 'x'.repeat(2001) },
      { category: 'angry', problem: 'x' },
      { category: 'wrong', problem: 'x', document: 'd'.repeat(201) },
      { category: 'wrong', problem: 'x', extra: 1 },
    ];
    for (const args of cases) {
      const answer = await call(report(args));
      expect(answer.result.isError).toBe(true);
      expect(answer.result.content[0].text).toMatch(/^Input validation error: /);
      expect(answer.result.content[0].text).not.toMatch(/\n\s+at /);
    }
    expect(await storedFeedback()).toEqual([]);
  });
});

describe(`at most ${MAX_FEEDBACK_PER_CALLER_HOUR} reports per caller per hour`, () => {
  it('refuses the next one with a clear message, and other callers are unaffected', async () => {
    for (let i = 0; i < MAX_FEEDBACK_PER_CALLER_HOUR; i++) {
      const answer = await call(report({ category: 'unclear', problem: `report ${i}` }), 'eager');
      expect(answer.result.structuredContent.recorded).toBe(true);
    }
    const refused = await call(report({ category: 'unclear', problem: 'one more' }), 'eager');
    expect(refused.result.isError).toBe(true);
    expect(refused.result.structuredContent).toEqual({
      recorded: false,
      message: `Not recorded: at most ${MAX_FEEDBACK_PER_CALLER_HOUR} reports per caller per hour. Try again later; nothing else is affected.`,
    });
    const other = await call(report({ category: 'unclear', problem: 'mine' }), 'patient');
    expect(other.result.structuredContent.recorded).toBe(true);
    const rows = await storedFeedback();
    expect(rows.map((row) => row.problem)).toEqual([
      'report 0',
      'report 1',
      'report 2',
      'report 3',
      'report 4',
      'mine',
    ]);
  });

  it('counts the last hour only: reports older than 60 minutes leave room', async () => {
    const caller = await storedCallerOf('returning');
    const now = epochMinute(Date.now());
    const insert = testEnv.INSIGHTS!.prepare(
      "INSERT INTO feedback (minute, caller, category, problem) VALUES (?1, ?2, 'wrong', 'old')",
    );
    // Four 60 minutes old or more (outside the window), four within it: one more fits, then none.
    // (A minute turning over during the test only ages them; none crosses the edge.)
    for (const minute of [now - 60, now - 60, now - 61, now - 90, now - 58, now - 30, now, now])
      await insert.bind(minute, caller).run();
    const fits = await call(report({ category: 'wrong', problem: 'fits' }), 'returning');
    expect(fits.result.structuredContent.recorded).toBe(true);
    const over = await call(report({ category: 'wrong', problem: 'over' }), 'returning');
    expect(over.result.structuredContent.recorded).toBe(false);
  });

  it('a batch of reports is held to the cap too: its reports count one by one', async () => {
    for (let i = 1; i < MAX_FEEDBACK_PER_CALLER_HOUR; i++)
      await call(report({ category: 'other', problem: `single ${i}` }), 'batcher');
    const batch = [
      report({ category: 'other', problem: 'batched 1' }),
      report({ category: 'other', problem: 'batched 2' }),
    ];
    const response = await callWorker(mcpRequest(batch, { bearer: await token('batcher') }));
    const answers = messagesIn(
      await response.text(),
      response.headers.get('content-type') ?? '',
    ) as any[];
    // One of the two fits, whichever reached D1 first; the other is refused.
    const recorded = answers.map((answer) => answer.result.structuredContent.recorded);
    expect(recorded.sort()).toEqual([false, true]);
    expect(await storedFeedback()).toHaveLength(MAX_FEEDBACK_PER_CALLER_HOUR);
  });
});

describe('who is offered report_problem', () => {
  it('a signed-in caller, with insights on: listed, annotated as a write that destroys nothing', async () => {
    const answer = await call(listTools);
    const tool = answer.result.tools.find((tool: { name: string }) => tool.name === REPORT_PROBLEM);
    expect(tool.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: false,
    });
    expect(tool.inputSchema.required).toEqual(['problem', 'category']);
    expect(tool.inputSchema.properties.category.enum).toEqual([
      'wrong',
      'outdated',
      'missing',
      'unclear',
      'other',
    ]);
  });

  const notOffered: Array<[string, string | null, object]> = [
    ["auth mode off's anonymous developer", null, { PRAXIS_AUTH_MODE: 'off' }],
    ['PRAXIS_INSIGHTS=off', 'reporter', { PRAXIS_INSIGHTS: 'off' }],
    ['PRAXIS_INSIGHTS unset', 'reporter', { PRAXIS_INSIGHTS: undefined }],
    ['no PRAXIS_INSIGHTS_KEY', 'reporter', { PRAXIS_INSIGHTS_KEY: undefined }],
    ['no INSIGHTS database', 'reporter', { INSIGHTS: undefined }],
  ];
  it.each(notOffered)(
    '%s: not listed, and a call is an unknown tool',
    async (_name, subject, env) => {
      const listed = await call(listTools, subject, env);
      expect(toolNames(listed)).toContain('search_processes');
      expect(toolNames(listed)).not.toContain(REPORT_PROBLEM);
      const called = await call(report({ category: 'wrong', problem: 'x' }), subject, env);
      expect(called).toEqual({
        jsonrpc: '2.0',
        id: expect.any(Number),
        error: { code: -32602, message: `Tool ${REPORT_PROBLEM} not found` },
      });
      expect(await storedFeedback()).toEqual([]);
    },
  );

  it('anonymous requests never reach it: 401, nothing stored', async () => {
    const response = await callWorker(mcpRequest(report({ category: 'wrong', problem: 'x' })));
    expect(response.status).toBe(401);
    expect(await storedFeedback()).toEqual([]);
  });
});

/** A binding whose every method throws, as a D1 outage does. */
const brokenDb = new Proxy({} as D1Database, {
  get() {
    return () => {
      throw new Error('D1_ERROR: Network connection lost.');
    };
  },
});

describe('with D1 failing', () => {
  it('answers a tool error saying it was not recorded, never a 500 or D1 text, and logs the reason', async () => {
    const errors = vi.spyOn(console, 'error');
    const answer = await call(report({ category: 'wrong', problem: 'x' }), 'reporter', {
      INSIGHTS: brokenDb,
    });
    expect(answer.result).toEqual({
      content: [
        {
          type: 'text',
          text: '{"recorded":false,"message":"Not recorded: the feedback store did not answer. Try again later."}',
        },
      ],
      structuredContent: {
        recorded: false,
        message: 'Not recorded: the feedback store did not answer. Try again later.',
      },
      isError: true,
    });
    const logged = errors.mock.calls
      .map(([line]) => String(line))
      .filter((line) => line.includes('feedback_write_failed'));
    expect(logged.map((line) => JSON.parse(line))).toEqual([
      { event: 'feedback_write_failed', reason: 'D1_ERROR: Network connection lost.' },
    ]);
  });

  it('the table missing (a migration not applied): the same tool error', async () => {
    const noTable = {
      prepare: (sql: string) =>
        testEnv.INSIGHTS!.prepare(sql.replaceAll('feedback', 'no_feedback')),
    } as unknown as D1Database;
    const answer = await call(report({ category: 'wrong', problem: 'x' }), 'reporter', {
      INSIGHTS: new Proxy(testEnv.INSIGHTS!, {
        get: (target, key) =>
          key === 'prepare' ? noTable.prepare : Reflect.get(target, key).bind(target),
      }),
    });
    expect(answer.result.isError).toBe(true);
    expect(answer.result.structuredContent.recorded).toBe(false);
  });
});

describe('an author token is no different', () => {
  it('an author reports like anyone else', async () => {
    const author = await issueLocalToken(testEnv.PRAXIS_LOCAL_SECRET!, 'an-author', [
      'praxis-authors',
    ]);
    const response = await callWorker(
      mcpRequest(report({ category: 'wrong', problem: 'x' }), { bearer: author }),
    );
    expect((await rpcMessage(response)).result.structuredContent.recorded).toBe(true);
  });
});
