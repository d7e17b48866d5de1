// Protocol fuzzing of /mcp in workerd: thousands of generated requests (methods, ids of every JSON
// type, deep nesting, huge strings and numbers, invalid UTF-8, wrong content types, batches,
// notifications, duplicated keys). Every answer must be well-formed JSON-RPC or a documented HTTP
// refusal, never a 5xx, never a hang, and a valid request right after must still succeed.
// FUZZ_RUNS=<n> raises the number of runs per property for a long run.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MCP_URL,
  callWorker,
  publishFixture,
  rpc,
  rpcMessage,
  token,
} from '../../helpers/workerd/helpers.ts';
import {
  expectDocumentedRefusal,
  expectJsonRpcResponse,
  messagesIn,
  withDeadline,
} from '../../helpers/workerd/fuzz-helpers.ts';
import { captureConsole } from '../../helpers/console-lines.ts';
import { fuzzRuns } from '../../helpers/fuzz-runs.ts';

const KNOWN_METHODS = [
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/read',
  'resources/templates/list',
  'prompts/list',
  'prompts/get',
  'completion/complete',
  'logging/setLevel',
  'notifications/initialized',
  'notifications/cancelled',
  'server/discover',
  'resources/subscribe',
  'sampling/createMessage',
];
const PROTOCOL_VERSIONS = [
  '2026-07-28',
  '2025-11-25',
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
  '1999-01-01',
  'x'.repeat(300),
  '',
];
/** Statuses the Worker documents for a request that passed auth (README "Errors"). */
const DOCUMENTED_STATUSES = new Set([200, 202, 204, 400, 404, 405, 406, 413, 415]);

const hugeNumberText = fc.oneof(
  fc.constantFrom(
    '1e999999',
    '-1e999999',
    '1E400',
    '0.0000000000000000000000000000000001e-400',
    '-0',
    '9007199254740993',
  ),
  fc.integer({ min: 20, max: 5000 }).map((digits) => '9'.repeat(digits)),
);
const anyId = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom('', 'x'.repeat(10_000), Number.MAX_SAFE_INTEGER + 2, -0),
);
const anyMethod = fc.oneof(
  fc.constantFrom(...KNOWN_METHODS),
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.jsonValue({ maxDepth: 1 }),
);
const anyParams = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.record(
    {
      name: fc.oneof(
        fc.string(),
        fc.constantFrom('get_process', 'search_processes', 'list_checklists'),
      ),
      arguments: fc.jsonValue({ maxDepth: 3 }),
    },
    { requiredKeys: [] },
  ),
  fc.record({
    uri: fc.oneof(
      fc.string(),
      fc.webUrl(),
      fc.constantFrom('praxis://graph/../../etc/passwd', 'file:///etc/passwd'),
    ),
  }),
  fc.record(
    {
      protocolVersion: fc.constantFrom(...PROTOCOL_VERSIONS),
      capabilities: fc.jsonValue({ maxDepth: 2 }),
      clientInfo: fc.jsonValue({ maxDepth: 2 }),
    },
    { requiredKeys: [] },
  ),
);

/** One JSON-RPC-ish message: any subset of the members, each of any type. */
const message = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.constant('2.0'), fc.jsonValue({ maxDepth: 1 })),
    id: anyId,
    method: anyMethod,
    params: anyParams,
    result: fc.jsonValue({ maxDepth: 2 }),
    extra: fc.jsonValue({ maxDepth: 2 }),
  },
  { requiredKeys: [] },
);

/** A body as text: JSON of a message or batch, or deliberately broken JSON text. */
const bodyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: message.map((m) => JSON.stringify(m)) },
  {
    weight: 2,
    arbitrary: fc.array(message, { maxLength: 12 }).map((batch) => JSON.stringify(batch)),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 1, max: 100_000 })
      .chain((depth) =>
        fc
          .constantFrom('[', '{"a":')
          .map(
            (open) =>
              open.repeat(depth) + (open === '[' ? ']'.repeat(depth) : `1${'}'.repeat(depth)}`),
          ),
      ),
  },
  {
    weight: 1,
    arbitrary: hugeNumberText.chain((number) =>
      fc.constantFrom(
        `{"jsonrpc":"2.0","id":${number},"method":"ping"}`,
        `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_processes","arguments":{"query":"x","limit":${number}}}}`,
      ),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(1000, 100_000, 600_000).map((size) =>
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'search_processes', arguments: { query: 'ä'.repeat(size) } },
      }),
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(anyId, anyMethod)
      .map(
        ([id, method]) =>
          `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"id":1,"method":${JSON.stringify(method)},"method":"tools/list","params":{},"params":[]}`,
      ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary' }) },
  {
    weight: 1,
    arbitrary: message
      .map((m) => JSON.stringify(m))
      .chain((text) => fc.nat(text.length).map((cut) => text.slice(0, cut))),
  },
);

/** Bytes: the text's UTF-8, sometimes with invalid UTF-8 sequences spliced in. */
const bodyBytes = fc
  .tuple(
    bodyText,
    fc.array(
      fc.tuple(
        fc.nat(),
        fc.constantFrom(
          [0xff],
          [0xc3, 0x28],
          [0xe2, 0x28, 0xa1],
          [0xf0, 0x90, 0x28],
          [0xed, 0xa0, 0x80],
          [0x00],
          [0xef, 0xbb, 0xbf],
        ),
      ),
      { maxLength: 3 },
    ),
  )
  .map(([text, splices]) => {
    let bytes = new TextEncoder().encode(text);
    for (const [at, insert] of splices) {
      const cut = bytes.length ? at % bytes.length : 0;
      bytes = new Uint8Array([...bytes.subarray(0, cut), ...insert, ...bytes.subarray(cut)]);
    }
    return bytes;
  });

const request = fc.record({
  method: fc.oneof(
    { weight: 8, arbitrary: fc.constant('POST') },
    { weight: 1, arbitrary: fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD') },
  ),
  contentType: fc.oneof(
    { weight: 6, arbitrary: fc.constant('application/json') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        null,
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
        'application/json-patch+json',
        'text/event-stream',
        '',
      ),
    },
  ),
  accept: fc.oneof(
    { weight: 6, arbitrary: fc.constant('application/json, text/event-stream') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        null,
        'application/json',
        'text/event-stream',
        '*/*',
        'text/html',
        '',
      ),
    },
  ),
  protocolVersion: fc.option(fc.constantFrom(...PROTOCOL_VERSIONS), { nil: null }),
  body: bodyBytes,
});

type FuzzRequest = typeof request extends fc.Arbitrary<infer T> ? T : never;

async function send(input: FuzzRequest, bearer: string): Promise<Response> {
  const headers = new Headers({ authorization: `Bearer ${bearer}` });
  if (input.contentType !== null) headers.set('content-type', input.contentType);
  if (input.accept !== null) headers.set('accept', input.accept);
  if (input.protocolVersion !== null) headers.set('mcp-protocol-version', input.protocolVersion);
  const hasBody = input.method !== 'GET' && input.method !== 'HEAD';
  return callWorker(
    new Request(MCP_URL, { method: input.method, headers, body: hasBody ? input.body : undefined }),
  );
}

async function expectWellFormed(response: Response, context: string): Promise<void> {
  expect(response.status, context).toBeLessThan(500);
  expect(DOCUMENTED_STATUSES.has(response.status), `${context}: status ${response.status}`).toBe(
    true,
  );
  const text = await response.text();
  if (text === '') return; // 202 for notifications, 204 for preflight, HEAD
  const contentType = response.headers.get('content-type') ?? '';
  expect(contentType, context).toMatch(/application\/json|text\/event-stream/);
  const messages = messagesIn(text, contentType);
  for (const message of messages) {
    // -32603 is for unexpected failures only; generated input is never one (README "Errors").
    expect(
      (message as { error?: { code?: unknown } }).error?.code,
      `${context}: ${JSON.stringify(message).slice(0, 300)}`,
    ).not.toBe(-32603);
    if ((message as { jsonrpc?: unknown }).jsonrpc !== undefined)
      expectJsonRpcResponse(message, context);
    else expectDocumentedRefusal(message, context);
  }
}

async function stillServes(bearer: string): Promise<void> {
  const response = await rpc(
    {
      jsonrpc: '2.0',
      id: 'after',
      method: 'tools/call',
      params: { name: 'get_process', arguments: { name: 'code-review' } },
    },
    { token: bearer },
  );
  expect(response.status).toBe(200);
  const answer = await rpcMessage(response);
  expect(answer.result?.structuredContent?.name).toBe('code-review');
}

const describeBody = (input: FuzzRequest) => {
  const text = new TextDecoder().decode(input.body);
  return `${input.method} ct=${input.contentType} accept=${input.accept} v=${input.protocolVersion} body(${input.body.length}B)=${text.slice(0, 200)}`;
};

/** Thousands of audit lines would only slow the run down; the properties assert on answers. */
const quietly = async <T>(run: () => Promise<T>): Promise<T> => (await captureConsole(run)).value;

describe('protocol fuzzing /mcp', () => {
  let bearer: string;
  beforeAll(async () => {
    await publishFixture();
    bearer = await token('fuzzer');
  });

  // 2000 requests: about 20 s on a quiet 2-core machine, over 120 s when other work shares it.
  it(
    'answers every generated request with well-formed JSON-RPC or a documented refusal, and keeps serving',
    { timeout: 300_000 },
    async () => {
      let requests = 0;
      const { lines } = await captureConsole(() =>
        fc.assert(
          fc.asyncProperty(request, async (input) => {
            const context = describeBody(input);
            const response = await withDeadline(send(input, bearer), 10_000, context);
            requests++;
            await expectWellFormed(response, context);
            await withDeadline(stillServes(bearer), 10_000, `valid request after ${context}`);
          }),
          { numRuns: fuzzRuns(1000) },
        ),
      );
      expect(requests).toBeGreaterThanOrEqual(fuzzRuns(1000));
      // An internal error would mean a thrown exception reached the Worker's error handler.
      expect(lines.filter((line) => line.includes('"internal_error"'))).toEqual([]);
    },
  );

  it(
    'answers every batch member it answers with the id it was sent, and nothing for notifications',
    { timeout: 60_000 },
    async () => {
      const member = fc.record({
        id: fc.option(fc.oneof(fc.string({ maxLength: 20 }), fc.integer()), { nil: undefined }),
        method: fc.constantFrom(
          'ping',
          'tools/list',
          'prompts/list',
          'resources/list',
          'no/such/method',
          'notifications/initialized',
        ),
      });
      await quietly(() =>
        fc.assert(
          fc.asyncProperty(fc.array(member, { minLength: 1, maxLength: 8 }), async (batch) => {
            const body = batch.map(({ id, method }) => ({
              jsonrpc: '2.0',
              ...(id === undefined ? {} : { id }),
              method,
              params: {},
            }));
            const response = await withDeadline(
              rpc(body, { token: bearer }),
              10_000,
              JSON.stringify(body),
            );
            await expectWellFormed(response.clone(), JSON.stringify(body));
            const text = await response.text();
            if (!text) return;
            const sentIds = new Set(
              body.filter((m) => 'id' in m).map((m) => JSON.stringify((m as { id: unknown }).id)),
            );
            for (const answer of messagesIn(text, response.headers.get('content-type') ?? '')) {
              const id = (answer as { id: unknown }).id;
              if (id !== null)
                expect(
                  sentIds.has(JSON.stringify(id)),
                  `answer id ${JSON.stringify(id)} was never sent`,
                ).toBe(true);
            }
          }),
          { numRuns: fuzzRuns(300) },
        ),
      );
    },
  );

  it(
    'refuses the same generated requests without a valid token with 401 before reading them',
    { timeout: 60_000 },
    async () => {
      await quietly(() =>
        fc.assert(
          fc.asyncProperty(
            request.filter((input) => input.method === 'POST'),
            fc.constantFrom('', 'not-a-jwt', 'a.b.c', 'eyJhbGciOiJub25lIn0.e30.', 'x'.repeat(8000)),
            async (input, bad) => {
              const response = await withDeadline(send(input, bad), 10_000, describeBody(input));
              expect([401, 413]).toContain(response.status);
              const body = (await response.json()) as Record<string, unknown>;
              if (response.status === 401)
                expect(['AUTHENTICATION_REQUIRED', 'AUTHENTICATION_FAILED']).toContain(body.error);
            },
          ),
          { numRuns: fuzzRuns(300) },
        ),
      );
    },
  );
});
