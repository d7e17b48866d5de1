// Shared by the workerd tests: publish the fixture bundle into the test's KV, call the Worker,
// mint tokens, and connect the official MCP client to the Worker's fetch.
import { env } from 'cloudflare:test';
import { inject } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { issueLocalToken } from '../../../src/shared/auth/local-token.ts';
import { POINTER_KEY, objectKey } from '../../../src/bundle/bundle.ts';
import { resetContentCache } from '../../../src/worker/content/store.ts';
import worker, { type Env } from '../../../src/worker/index.ts';
import type { ProvidedBundle } from './restricted-corpus.ts';

export const testEnv = env as unknown as Env;
export const MCP_URL = 'http://localhost/mcp';

export function publishFixture(): Promise<string> {
  return publishProvided('fixtureBundle');
}

/** Publishes a provided bundle (e.g. the shipped content/) the same way publishFixture does. */
export function publishProvided(
  name: 'fixtureBundle' | 'shippedBundle' | 'chunkedBundle' | 'partedBundle',
): Promise<string> {
  return publishBundle(inject(name));
}

/** Puts a built bundle's objects and pointer into the test's KV and empties the content caches. */
export async function publishBundle({ pointer, objects }: ProvidedBundle): Promise<string> {
  await Promise.all(objects.map(([hash, text]) => testEnv.CONTENT.put(objectKey(hash), text)));
  await testEnv.CONTENT.put(POINTER_KEY, JSON.stringify(pointer));
  resetContentCache();
  return pointer.version;
}

export async function unpublish(): Promise<void> {
  await testEnv.CONTENT.delete(POINTER_KEY);
  resetContentCache();
}

export const token = (subject = 'tester'): Promise<string> =>
  issueLocalToken(testEnv.PRAXIS_LOCAL_SECRET!, subject);

/** The Worker's own fetch, with optional env overrides (auth mode, origins…). */
export function callWorker(request: Request, overrides: Partial<Env> = {}): Promise<Response> {
  // An in-process Request has no Host header; a real HTTP client always sends one.
  if (!request.headers.has('host')) {
    request = new Request(request, {
      headers: new Headers([...request.headers, ['host', new URL(request.url).host]]),
    });
  }
  return Promise.resolve(worker.fetch(request, envWith(overrides), createContext()));
}

const envsWith = new WeakMap<Partial<Env>, Env>();

/**
 * The Worker's env with `overrides`: one object per overrides object, as a deployed isolate gets
 * the same env on every request (what the Worker remembers per env, it remembers here too).
 */
function envWith(overrides: Partial<Env>): Env {
  let env = envsWith.get(overrides);
  if (!env) envsWith.set(overrides, (env = { ...testEnv, ...overrides } as Env));
  return env;
}

/** A POST of `body` (JSON; a string is sent as it is) to /mcp, as an MCP client sends it. */
export function mcpRequest(
  body: unknown,
  init: { bearer?: string | null; headers?: Record<string, string> } = {},
): Request {
  return new Request(MCP_URL, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(init.bearer ? { authorization: `Bearer ${init.bearer}` } : {}),
      ...init.headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export async function rpc(
  body: unknown,
  init: { token?: string | null; headers?: Record<string, string> } = {},
): Promise<Response> {
  const bearer = init.token === undefined ? await token() : init.token;
  return callWorker(mcpRequest(body, { bearer, headers: init.headers }));
}

export async function rpcMessage(response: Response): Promise<any> {
  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream'))
    return JSON.parse(text);
  const data = text
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trim());
  return JSON.parse(data.at(-1)!);
}

/** The official MCP client, talking to the Worker in-process (no sockets in workerd tests). */
export async function connectClient(
  era: 'modern' | 'legacy' = 'modern',
  bearer?: string,
): Promise<Client> {
  const authorization = `Bearer ${bearer ?? (await token())}`;
  const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), {
    requestInit: { headers: { authorization } },
    fetch: (input, init) => callWorker(new Request(input as RequestInfo, init)),
  });
  // 'auto' negotiates the 2026-07-28 revision; 'legacy' is the 2025 initialize handshake.
  const client = new Client(
    { name: 'praxis-test', version: '1.0.0' },
    { versionNegotiation: { mode: era === 'modern' ? 'auto' : 'legacy' } },
  );
  await client.connect(transport);
  return client;
}

/** What requests handed waitUntil (usage events), not yet awaited by settleBackgroundWork. */
let background: Promise<unknown>[] = [];

/** Waits for the work requests left running after their answers (waitUntil), as the runtime would. */
export async function settleBackgroundWork(): Promise<void> {
  while (background.length) {
    const pending = background;
    background = [];
    await Promise.allSettled(pending);
  }
}

function createContext(): ExecutionContext {
  return {
    waitUntil: (work: Promise<unknown>) => void background.push(work),
    passThroughOnException: () => undefined,
    props: {},
  } as unknown as ExecutionContext;
}
