// Argument fuzzing for every tool, resource template, prompt and completion the server lists, in
// workerd: hostile names (traversal, other kinds' names, restricted names, encodings, lookalikes,
// huge and binary strings) and arguments of every JSON type. Only documented errors come back, and
// nothing found lies outside its collection or behind an access group the caller lacks.
import fc from 'fast-check';
import type { Client } from '@modelcontextprotocol/client';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  connectClient,
  publishFixture,
  rpc,
  rpcMessage,
  token,
} from '../../helpers/workerd/helpers.ts';
import { expectJsonRpcResponse, withDeadline } from '../../helpers/workerd/fuzz-helpers.ts';
import { captureConsole } from '../../helpers/console-lines.ts';
import { fuzzRuns } from '../../helpers/fuzz-runs.ts';

/** Text of the fixture's restricted documents: a caller without their groups must never see it. */
const RESTRICTED_TEXT = [
  'Isolate the affected hosts',
  'Security Incident Playbook',
  'Moving the hosted endpoint to a second provider',
  'Vendor migration',
];
const RESTRICTED_NAMES = ['security-incident-playbook', 'project-vendor-migration'];
/** Properties every plain object has (or that set its prototype): used as names and values. */
const PROTOTYPE_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'valueOf',
  'toLocaleString',
  'isPrototypeOf',
  'propertyIsEnumerable',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
];
/** Errors the README documents for requests that reach a tool, resource or prompt. */
const DOCUMENTED_CODES = new Set([-32602, -32002]);

const hostileName = fc.oneof(
  fc.constantFrom(
    '../checklists/release',
    '..%2Fchecklists%2Frelease',
    '....//....//etc/passwd',
    '/etc/passwd',
    'C:\\Windows\\win.ini',
    'file:///etc/passwd',
    'code-review/../deployment',
    './code-review',
    'code-review\u0000.md',
    'code-review.md',
    'processes/code-review',
    'praxis:obj:',
    'praxis:pointer',
    'release',
    'POWER',
    'COSTAR',
    'skill-git',
    'build',
    'career-context',
    'code_review',
    'CODE REVIEW',
    'ｃｏｄｅ－ｒｅｖｉｅｗ',
    'code\u200breview',
    'code-review%00',
    '%2e%2e%2f',
    '\u202ecode-review',
    ...PROTOTYPE_NAMES,
    '*',
    '%',
    '?',
    '#',
    '{id}',
    ...RESTRICTED_NAMES,
    '',
    ' ',
    '\n',
    'x'.repeat(100_000),
  ),
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary', maxLength: 64 }),
);
const anyValue = fc.oneof(
  { weight: 4, arbitrary: hostileName },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(-1, 0, 1e308, -1e308, 2 ** 53 + 1, 0.5, true, null) },
);

interface Listed {
  tools: { name: string; inputSchema: { properties?: Record<string, unknown> } }[];
  templates: string[];
  prompts: { name: string; arguments?: { name: string }[] }[];
}

/** Arguments for a tool: its own property names with hostile values, sometimes extra or missing keys, sometimes not an object. */
const argumentsFor = (properties: string[]): fc.Arbitrary<unknown> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record(Object.fromEntries(properties.map((key) => [key, anyValue])), {
        requiredKeys: [],
      }),
    },
    {
      weight: 1,
      arbitrary: fc.dictionary(
        fc.oneof(fc.constantFrom(...properties, '__proto__', 'constructor'), fc.string()),
        anyValue,
        { maxKeys: 4 },
      ),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );

/** Which collection member a successful get-style call returned, to check it belongs there. */
function foundName(
  tool: string,
  args: unknown,
  structured: Record<string, unknown> | undefined,
): { collection: string; name: string; folded?: boolean } | null {
  const given = (key: string) => String((args as Record<string, unknown>)[key]);
  switch (tool) {
    case 'get_process':
      return { collection: 'processes', name: String(structured?.name) };
    case 'get_checklist':
      return { collection: 'checklists', name: String(structured?.name) };
    case 'fill_template':
      return { collection: 'templates', name: String(structured?.template) };
    case 'get_template':
      return { collection: 'templates', name: given('template_name') };
    // get_framework is case-insensitive and takes an optional .md (its description says so).
    case 'get_framework':
      return {
        collection: 'frameworks',
        name: given('name').trim().replace(/\.md$/i, '').toLowerCase(),
        folded: true,
      };
    default:
      return null;
  }
}

async function call(
  method: string,
  params: unknown,
  bearer: string,
): Promise<{ status: number; message: any; text: string }> {
  const response = await withDeadline(
    rpc({ jsonrpc: '2.0', id: 7, method, params }, { token: bearer }),
    10_000,
    `${method} ${JSON.stringify(params).slice(0, 200)}`,
  );
  const status = response.status;
  const message = await rpcMessage(response);
  return { status, message, text: JSON.stringify(message) };
}

function expectDocumented(
  answer: { status: number; message: any; text: string },
  context: string,
): void {
  // An argument over a per-request cap (a 100 000-character name: request-caps.ts, json-body-shape.ts)
  // is refused before any MCP work with HTTP 400, -32602 or -32600 and the limit named.
  const overCap =
    answer.status === 400 &&
    [-32600, -32602].includes(answer.message?.error?.code) &&
    /at most \d+ (bytes per string )?are accepted/.test(answer.message.error.message);
  expectJsonRpcResponse(answer.message, context);
  if (overCap) return;
  expect(answer.status, context).toBe(200);
  if (answer.message.error)
    expect(
      DOCUMENTED_CODES.has(answer.message.error.code),
      `${context}: code ${answer.message.error.code} ${answer.message.error.message}`,
    ).toBe(true);
  for (const text of RESTRICTED_TEXT)
    expect(answer.text, `${context}: leaked restricted text`).not.toContain(text);
  const available = answer.message.result?.structuredContent?.available;
  if (Array.isArray(available))
    for (const name of RESTRICTED_NAMES) expect(available, context).not.toContain(name);
}

describe('argument fuzzing of every tool, resource template and prompt', () => {
  let bearer: string;
  let client: Client;
  let listed: Listed;
  /** Names that exist per collection, as the caller can list them. */
  const collections = new Map<string, Set<string>>();
  let resourceUris: Set<string>;

  beforeAll(async () => {
    await publishFixture();
    bearer = await token('argument-fuzzer');
    client = await connectClient('modern', bearer);
    const [tools, templates, prompts, resources] = await Promise.all([
      client.listTools(),
      client.listResourceTemplates(),
      client.listPrompts(),
      client.listResources(),
    ]);
    listed = {
      tools: tools.tools as Listed['tools'],
      templates: templates.resourceTemplates.map((t) => t.uriTemplate),
      prompts: prompts.prompts,
    };
    resourceUris = new Set(resources.resources.map((resource) => resource.uri));
    for (const [tool, key] of [
      ['list_processes', 'processes'],
      ['list_checklists', 'checklists'],
      ['list_templates', 'templates'],
      ['list_frameworks', 'frameworks'],
    ] as const) {
      const result = (await client.callTool({ name: tool, arguments: {} })) as {
        structuredContent?: Record<string, { name: string }[]>;
        content: { text: string }[];
      };
      const names = result.structuredContent
        ? result.structuredContent[key]!.map((item) => item.name)
        : [...result.content[0]!.text.matchAll(/^\d+\. (\S+?)(?:\.md)?(?: \(|$)/gm)].map(
            (match) => match[1]!,
          );
      expect(names.length, `${tool} lists something`).toBeGreaterThan(0);
      collections.set(key, new Set(names));
    }
  });

  it('lists what it fuzzes: every tool, both resource templates and every prompt', () => {
    expect(listed.tools.length).toBeGreaterThanOrEqual(14);
    expect(listed.templates).toEqual(
      expect.arrayContaining(['vitaegraph://record/{id}', 'vitaecontext://wiki/{module}']),
    );
    expect(listed.prompts.length).toBeGreaterThanOrEqual(7);
  });

  it(
    "answers every tool call with a documented result or error, and finds only members of the tool's own collection",
    { timeout: 120_000 },
    async () => {
      let calls = 0;
      const toolCall = fc.constantFrom(...listed.tools).chain((tool) =>
        argumentsFor(Object.keys(tool.inputSchema.properties ?? {})).map((args) => ({
          name: tool.name,
          args,
        })),
      );
      await captureConsole(() =>
        fc.assert(
          fc.asyncProperty(toolCall, async ({ name, args }) => {
            const context = `${name}(${JSON.stringify(args).slice(0, 300)})`;
            const answer = await call('tools/call', { name, arguments: args }, bearer);
            calls++;
            expectDocumented(answer, context);
            const result = answer.message.result;
            if (!result) return;
            expect(Array.isArray(result.content), context).toBe(true);
            if (result.isError) return;
            const found = foundName(name, args, result.structuredContent);
            const members = [...(collections.get(found?.collection ?? '') ?? [])].map((member) =>
              found?.folded ? member.toLowerCase() : member,
            );
            if (found)
              expect(
                members.includes(found.name),
                `${context} found ${found.name} outside ${found.collection}`,
              ).toBe(true);
          }),
          { numRuns: fuzzRuns(1200) },
        ),
      );
      expect(calls).toBeGreaterThanOrEqual(fuzzRuns(1200));
    },
  );

  // Found by this fuzzing: the SDK answered a wrong-typed prompt argument with -32603 and a zod issue dump.
  it.each([
    [
      'prompts/get',
      { name: 'run_checklist', arguments: { checklist: -1 } },
      'params.arguments.checklist',
    ],
    ['prompts/get', { name: 'run_checklist', arguments: [] }, 'params.arguments'],
    ['resources/read', { uri: 42 }, 'params.uri'],
  ])(
    'answers %s with wrong-typed params %j with -32602 naming the parameter (regression)',
    async (method, params, path) => {
      const answer = await call(method, params, bearer);
      expect(answer.status).toBe(200);
      expect(answer.message.error.code).toBe(-32602);
      expect(answer.message.error.message).toContain(path);
      expect(answer.message.error.message).not.toContain('"code"');
    },
  );

  it(
    'reads only listed resources through the templates, whatever is put into {id} and {module}',
    { timeout: 60_000 },
    async () => {
      const filled = fc
        .tuple(fc.constantFrom(...listed.templates), hostileName, fc.boolean())
        .map(([template, value, encode]) =>
          template.replace(/\{\w+\}/, encode ? encodeURIComponent(value) : value),
        );
      const uri = fc.oneof(
        { weight: 4, arbitrary: filled },
        {
          weight: 1,
          arbitrary: fc.oneof(
            fc.webUrl(),
            fc.string(),
            fc.constantFrom(
              'vitaegraph://index/../record/x',
              'vitaegraph://record/',
              'vitaecontext://wiki/',
              'praxis://obj/x',
              'file:///etc/passwd',
            ),
          ),
        },
      );
      await captureConsole(() =>
        fc.assert(
          fc.asyncProperty(uri, async (target) => {
            const answer = await call('resources/read', { uri: target }, bearer);
            expectDocumented(answer, `read ${target.slice(0, 200)}`);
            for (const content of answer.message.result?.contents ?? [])
              expect(resourceUris.has(content.uri), `read ${target} returned ${content.uri}`).toBe(
                true,
              );
          }),
          { numRuns: fuzzRuns(500) },
        ),
      );
    },
  );

  it(
    'renders prompts only from their own content and embeds only listed things',
    { timeout: 60_000 },
    async () => {
      const promptGet = fc.constantFrom(...listed.prompts).chain((prompt) =>
        argumentsFor((prompt.arguments ?? []).map((arg) => arg.name)).map((args) => ({
          name: prompt.name,
          args,
        })),
      );
      await captureConsole(() =>
        fc.assert(
          fc.asyncProperty(promptGet, async ({ name, args }) => {
            const context = `prompt ${name}(${JSON.stringify(args).slice(0, 300)})`;
            const answer = await call('prompts/get', { name, arguments: args }, bearer);
            expectDocumented(answer, context);
            for (const message of answer.message.result?.messages ?? []) {
              if (message.content.type === 'resource')
                expect(
                  resourceUris.has(message.content.resource.uri),
                  `${context} embedded ${message.content.resource.uri}`,
                ).toBe(true);
            }
          }),
          { numRuns: fuzzRuns(500) },
        ),
      );
    },
  );

  // Names that are properties of every plain object: as keys and as values, in every argument of
  // every tool, prompt, resource template, completion and cursor. A lookup in a plain object with
  // one of them finds Object.prototype's member instead of nothing; the answer must still be a
  // documented result or -32602/-32002, and nothing may be written onto a prototype. The Worker runs
  // in this isolate, so a polluted prototype would show here.
  describe('prototype-polluting names and values', () => {
    const POLLUTING_VALUES: unknown[] = [
      ...PROTOTYPE_NAMES,
      JSON.parse('{"__proto__": {"polluted": "yes"}}'),
      JSON.parse('{"constructor": {"prototype": {"polluted": "yes"}}}'),
      [JSON.parse('{"__proto__": {"polluted": "yes"}}')],
    ];
    const objectWith = (key: string, value: unknown): Record<string, unknown> =>
      JSON.parse(`{${JSON.stringify(key)}: ${JSON.stringify(value)}}`);
    const expectUnpolluted = (context: string): void => {
      for (const probe of [{}, [], Object.create(Object.prototype)])
        expect(
          (probe as { polluted?: unknown }).polluted,
          `${context}: Object.prototype polluted`,
        ).toBeUndefined();
    };
    const sendAll = async (requests: Array<{ method: string; params: unknown }>): Promise<void> => {
      await captureConsole(async () => {
        for (const { method, params } of requests) {
          const context = `${method} ${JSON.stringify(params).slice(0, 300)}`;
          expectDocumented(await call(method, params, bearer), context);
          expectUnpolluted(context);
        }
      });
    };

    it('as argument names and values of every tool', { timeout: 120_000 }, async () => {
      const requests = listed.tools.flatMap((tool) => {
        const properties = Object.keys(tool.inputSchema.properties ?? {});
        return [
          ...PROTOTYPE_NAMES.map((name) => ({
            method: 'tools/call',
            params: { name, arguments: {} },
          })),
          ...properties.flatMap((property) =>
            POLLUTING_VALUES.map((value) => ({
              method: 'tools/call',
              params: { name: tool.name, arguments: objectWith(property, value) },
            })),
          ),
          ...PROTOTYPE_NAMES.map((key) => ({
            method: 'tools/call',
            params: { name: tool.name, arguments: objectWith(key, { polluted: 'yes' }) },
          })),
        ];
      });
      await sendAll(requests);
    });

    it('as prompt names, argument names and argument values', { timeout: 120_000 }, async () => {
      const requests = [
        ...PROTOTYPE_NAMES.map((name) => ({
          method: 'prompts/get',
          params: { name, arguments: {} },
        })),
        ...listed.prompts.flatMap((prompt) => [
          ...PROTOTYPE_NAMES.map((key) => ({
            method: 'prompts/get',
            params: { name: prompt.name, arguments: objectWith(key, 'yes') },
          })),
          ...(prompt.arguments ?? []).flatMap((arg) =>
            PROTOTYPE_NAMES.map((value) => ({
              method: 'prompts/get',
              params: { name: prompt.name, arguments: objectWith(arg.name, value) },
            })),
          ),
        ]),
      ];
      await sendAll(requests);
    });

    it(
      'as resource template variables, resource URIs and resources/list cursors',
      { timeout: 60_000 },
      async () => {
        const requests = [
          ...listed.templates.flatMap((template) =>
            PROTOTYPE_NAMES.map((name) => ({
              method: 'resources/read',
              params: { uri: template.replace(/\{\w+\}/, name) },
            })),
          ),
          ...PROTOTYPE_NAMES.map((name) => ({ method: 'resources/read', params: { uri: name } })),
          ...[
            ...PROTOTYPE_NAMES,
            'bnVsbA',
            btoa('null'),
            btoa('[]'),
            btoa('0'),
            btoa('"x"'),
            btoa('{"__proto__":{"o":1}}'),
            btoa('{"v":null,"o":null}'),
          ].map((cursor) => ({ method: 'resources/list', params: { cursor } })),
        ];
        await sendAll(requests);
      },
    );

    it('as completion references, argument names and values', { timeout: 120_000 }, async () => {
      const promptRefs = [...listed.prompts.map((prompt) => prompt.name), ...PROTOTYPE_NAMES].map(
        (name) => ({ type: 'ref/prompt', name }),
      );
      const resourceRefs = [...listed.templates, ...PROTOTYPE_NAMES].map((uri) => ({
        type: 'ref/resource',
        uri,
      }));
      const argumentNames = (ref: { name?: string; uri?: string }): string[] => [
        ...PROTOTYPE_NAMES,
        ...(listed.prompts.find((prompt) => prompt.name === ref.name)?.arguments ?? []).map(
          (arg) => arg.name,
        ),
        ...(ref.uri ? [...ref.uri.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!) : []),
      ];
      const requests = [...promptRefs, ...resourceRefs].flatMap((ref) =>
        argumentNames(ref).flatMap((name) =>
          [...PROTOTYPE_NAMES.slice(0, 3), ''].map((value) => ({
            method: 'completion/complete',
            params: { ref, argument: { name, value } },
          })),
        ),
      );
      await sendAll(requests);
    });
  });

  it(
    'completes only with names from the collection being completed',
    { timeout: 60_000 },
    async () => {
      const everyName = new Set([...collections.values()].flatMap((names) => [...names]));
      for (const uri of resourceUris) everyName.add(decodeURIComponent(uri.split('/').at(-1)!));
      const ref = fc.oneof(
        fc.constantFrom(...listed.templates).map((uri) => ({
          ref: { type: 'ref/resource', uri },
          argument: uri.includes('{id}') ? 'id' : 'module',
        })),
        fc
          .constantFrom(...listed.prompts.filter((p) => p.arguments?.length))
          .chain((p) =>
            fc
              .constantFrom(...p.arguments!.map((a) => a.name))
              .map((argument) => ({ ref: { type: 'ref/prompt', name: p.name }, argument })),
          ),
      );
      await captureConsole(() =>
        fc.assert(
          fc.asyncProperty(ref, hostileName, async ({ ref: target, argument }, value) => {
            const answer = await call(
              'completion/complete',
              { ref: target, argument: { name: argument, value } },
              bearer,
            );
            const context = `complete ${JSON.stringify(target)} ${argument}=${value.slice(0, 100)}`;
            expectDocumented(answer, context);
            for (const completion of answer.message.result?.completion?.values ?? []) {
              expect(RESTRICTED_NAMES, context).not.toContain(completion);
            }
          }),
          { numRuns: fuzzRuns(400) },
        ),
      );
    },
  );
});
