// The hostile requests that cost many times the free plan's 10 ms of isolate CPU are refused at the
// boundary, before any MCP work, with a JSON-RPC error that names the limit: a batch of 100
// searches, prompts/get with 60 000 arguments, a 1 MiB query, a resources/read URI of 1 000 000
// characters. Just under each cap the request is served as before.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_JSON_MEMBERS,
  MAX_JSON_STRING_BYTES,
} from '../../../src/worker/http/json-body-shape.ts';
import {
  MAX_BATCH_MESSAGES,
  MAX_BATCH_SEARCHES,
  MAX_NAME_CHARS,
  MAX_PROMPT_ARGUMENTS,
  MAX_QUERY_CHARS,
  MAX_URI_CHARS,
  MAX_VALUE_CHARS,
} from '../../../src/worker/http/request-caps.ts';
import { PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';
import { publishFixture, rpc, rpcMessage } from '../../helpers/workerd/helpers.ts';
import { captureConsole } from '../../helpers/console-lines.ts';

const search = (id: number, query = 'deploy') => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'search_processes', arguments: { query } },
});
const promptGet = (id: number, args: Record<string, string>) => ({
  jsonrpc: '2.0',
  id,
  method: 'prompts/get',
  params: { name: 'cv_tailoring', arguments: args },
});
const read = (id: number, uri: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'resources/read',
  params: { uri },
});

interface ErrorAnswer {
  jsonrpc: string;
  id: unknown;
  error: { code: number; message: string };
}

/** The Worker's answer, quietly (audit lines would flood the output). */
async function send(body: unknown): Promise<Response> {
  return (await captureConsole(() => rpc(body))).value;
}

async function refusal(body: unknown): Promise<{ status: number; answer: ErrorAnswer }> {
  const response = await send(body);
  return { status: response.status, answer: (await response.json()) as ErrorAnswer };
}

describe('per-request caps (the hostile requests)', () => {
  beforeAll(publishFixture);

  it.each([
    [
      `100 searches, over the limit of ${MAX_BATCH_MESSAGES} messages`,
      Array.from({ length: 100 }, (_, i) => search(i + 1)),
      `Batch must not exceed ${MAX_BATCH_MESSAGES} messages (this one has 100)`,
    ],
    [
      `2 searches, over the limit of ${MAX_BATCH_SEARCHES} search`,
      [search(1), search(2, 'review')],
      `at most ${MAX_BATCH_SEARCHES} search (this one has 2)`,
    ],
  ])('refuses a batch of %s with -32600 naming the limit', async (_, batch, limit) => {
    const { status, answer } = await refusal(batch);
    expect(status).toBe(400);
    expect(answer).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: expect.stringContaining(limit) },
    });
  });

  it('serves a legacy batch of the largest size allowed, one answer per call', async () => {
    const getProcess = (id: number) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'get_process', arguments: { name: 'deployment' } },
    });
    const batch = Array.from({ length: MAX_BATCH_MESSAGES }, (_, i) =>
      i === 0 ? search(1) : getProcess(i + 1),
    );
    const response = await send(batch);
    expect(response.status).toBe(200);
    const text = await response.text();
    const answers = (response.headers.get('content-type') ?? '').includes('text/event-stream')
      ? text
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => JSON.parse(line.slice(5)))
      : [JSON.parse(text)].flat();
    expect(answers.map((answer: { id: number }) => answer.id).sort()).toEqual(
      Array.from({ length: MAX_BATCH_MESSAGES }, (_, i) => i + 1),
    );
    for (const answer of answers) expect(answer.result.isError ?? false).toBe(false);
    expect(
      answers.find((answer: { id: number }) => answer.id === 1).result.structuredContent.results
        .length,
    ).toBeGreaterThan(0);
  });

  it("answers a batch with a 2026-07-28 request by that revision's rule (no batches), whatever its size", async () => {
    const modern = {
      ...search(1),
      params: { ...search(1).params, _meta: { [PROTOCOL_VERSION_META_KEY]: '2026-07-28' } },
    };
    const { status, answer } = await refusal([modern, search(2)]);
    expect(status).toBe(400);
    expect(answer.error.code).toBe(-32600);
    expect(answer.error.message).toMatch(
      /batches may not contain requests for protocol revision 2026-07-28/,
    );
  });

  it(
    `refuses prompts/get with 60 000 arguments before parsing it: -32600 naming the limit of ` +
      `${MAX_JSON_MEMBERS} members`,
    async () => {
      const args = Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`a${i}`, 'x']));
      const { status, answer } = await refusal(promptGet(3, { targetRole: 'SRE', ...args }));
      expect(status).toBe(400);
      expect(answer.error.code).toBe(-32600);
      expect(answer.error.message).toContain(`more than ${MAX_JSON_MEMBERS} members`);
    },
  );

  it(
    `refuses prompts/get with ${MAX_PROMPT_ARGUMENTS + 1} arguments with -32602 naming the limit, ` +
      `and serves ${MAX_PROMPT_ARGUMENTS}`,
    async () => {
      const extra = (count: number) =>
        Object.fromEntries(Array.from({ length: count }, (_, i) => [`a${i}`, 'x']));
      const { status, answer } = await refusal(
        promptGet(4, { targetRole: 'SRE', ...extra(MAX_PROMPT_ARGUMENTS) }),
      );
      expect(status).toBe(400);
      expect(answer).toEqual({
        jsonrpc: '2.0',
        id: 4,
        error: {
          code: -32602,
          message:
            `Invalid params: params.arguments has ${MAX_PROMPT_ARGUMENTS + 1} entries; ` +
            `at most ${MAX_PROMPT_ARGUMENTS} are accepted`,
        },
      });
      const served = await rpcMessage(
        await send(promptGet(5, { targetRole: 'SRE', ...extra(MAX_PROMPT_ARGUMENTS - 1) })),
      );
      expect(served.result.messages.length).toBeGreaterThan(0);
    },
  );

  it('refuses a prompt argument value over its cap with -32602 and serves one at the cap', async () => {
    const { answer } = await refusal(
      promptGet(6, { targetRole: 'SRE', jobDescription: 'k'.repeat(MAX_VALUE_CHARS + 1) }),
    );
    expect(answer.error).toEqual({
      code: -32602,
      message:
        `Invalid params: params.arguments.jobDescription is ${MAX_VALUE_CHARS + 1} characters long; ` +
        `at most ${MAX_VALUE_CHARS} are accepted`,
    });
    const served = await rpcMessage(
      await send(promptGet(7, { targetRole: 'SRE', jobDescription: 'k'.repeat(MAX_VALUE_CHARS) })),
    );
    expect(served.result.messages.length).toBeGreaterThan(0);
  });

  it('refuses a 1 MiB query before parsing it: -32600 naming the per-string limit', async () => {
    const { status, answer } = await refusal(search(8, 'ä'.repeat(500_000)));
    expect(status).toBe(400);
    expect(answer.error.code).toBe(-32600);
    expect(answer.error.message).toContain(`at most ${MAX_JSON_STRING_BYTES} bytes per string`);
  });

  it(
    `refuses a query over ${MAX_QUERY_CHARS} characters with -32602 naming the query, ` +
      `and serves one at the cap`,
    async () => {
      const { status, answer } = await refusal(search(9, 'deploy '.repeat(2000)));
      expect(status).toBe(400);
      expect(answer).toEqual({
        jsonrpc: '2.0',
        id: 9,
        error: {
          code: -32602,
          message:
            `Invalid params: params.arguments.query is 14000 characters long; ` +
            `at most ${MAX_QUERY_CHARS} are accepted`,
        },
      });
      const served = await rpcMessage(
        await send(
          search(10, 'deploy '.repeat((MAX_QUERY_CHARS / 7) | 0).padEnd(MAX_QUERY_CHARS, 'x')),
        ),
      );
      expect(served.result.structuredContent).toBeDefined();
    },
  );

  it('refuses a resources/read URI of 1 000 000 characters with a client error, not 500 / -32603', async () => {
    const { status, answer } = await refusal(
      read(11, `vitaegraph://record/${'a'.repeat(1_000_000)}`),
    );
    expect(status).toBe(400);
    expect(answer.error.code).toBe(-32600);
    expect(answer.error.message).toContain(`at most ${MAX_JSON_STRING_BYTES} bytes per string`);
  });

  it(
    `refuses a resources/read URI over ${MAX_URI_CHARS} characters with -32602 naming params.uri; ` +
      `one at the cap gets not-found`,
    async () => {
      const long = `vitaegraph://record/${'a'.repeat(MAX_URI_CHARS)}`;
      const { status, answer } = await refusal(read(12, long));
      expect(status).toBe(400);
      expect(answer).toEqual({
        jsonrpc: '2.0',
        id: 12,
        error: {
          code: -32602,
          message: `Invalid params: params.uri is ${long.length} characters long; at most ${MAX_URI_CHARS} are accepted`,
        },
      });
      const atCap = await rpcMessage(await send(read(13, long.slice(0, MAX_URI_CHARS))));
      expect([-32002, -32602]).toContain(atCap.error.code);
    },
  );

  it('refuses over-long names and tool argument strings with -32602, carrying the id', async () => {
    const longName = await refusal({
      jsonrpc: '2.0',
      id: 'n',
      method: 'tools/call',
      params: { name: 'x'.repeat(MAX_NAME_CHARS + 1), arguments: {} },
    });
    expect(longName.answer).toMatchObject({
      id: 'n',
      error: {
        code: -32602,
        message: expect.stringContaining('params.name is 1001 characters long'),
      },
    });
    const fill = {
      jsonrpc: '2.0',
      id: 'f',
      method: 'tools/call',
      params: {
        name: 'fill_template',
        arguments: {
          template_name: 'README',
          values: { readme_summary: 's'.repeat(MAX_VALUE_CHARS + 1) },
        },
      },
    };
    const longValue = await refusal(fill);
    expect(longValue.answer).toMatchObject({
      id: 'f',
      error: {
        code: -32602,
        message: expect.stringContaining('params.arguments.values.readme_summary is'),
      },
    });
  });

  it(
    'refuses bodies whose shape alone is out of bounds (values, members, depth) with -32600 ' +
      'before parsing',
    async () => {
      const manyValues = {
        jsonrpc: '2.0',
        id: 1,
        method: 'ping',
        params: { a: Array.from({ length: 20 }, () => Array.from({ length: 200 }, () => 1)) },
      };
      expect((await refusal(manyValues)).answer.error).toMatchObject({
        code: -32600,
        message: expect.stringContaining('JSON values and keys'),
      });
      const wide = {
        jsonrpc: '2.0',
        id: 1,
        method: 'ping',
        params: { a: Array.from({ length: MAX_JSON_MEMBERS + 1 }, () => 1) },
      };
      expect((await refusal(wide)).answer.error).toMatchObject({
        code: -32600,
        message: expect.stringContaining(`more than ${MAX_JSON_MEMBERS} members`),
      });
      let deep: unknown = 1;
      for (let i = 0; i < 40; i++) deep = { d: deep };
      expect(
        (await refusal({ jsonrpc: '2.0', id: 1, method: 'ping', params: { deep } })).answer.error,
      ).toMatchObject({
        code: -32600,
        message: expect.stringContaining('32 levels'),
      });
    },
  );

  it('still serves ordinary requests: initialize, a search, a ping with modest params', async () => {
    const init = await rpcMessage(
      await send({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: { roots: { listChanged: true }, sampling: {} },
          clientInfo: { name: 'c', version: '1' },
        },
      }),
    );
    expect(init.result.serverInfo.name).toBe('praxis');
    expect(
      (await rpcMessage(await send(search(2)))).result.structuredContent.results.length,
    ).toBeGreaterThan(0);
    let nested: unknown = 'leaf';
    for (let i = 0; i < 20; i++) nested = { n: nested };
    expect(
      (await rpcMessage(await send({ jsonrpc: '2.0', id: 3, method: 'ping', params: { nested } })))
        .result,
    ).toEqual({});
  });
});
