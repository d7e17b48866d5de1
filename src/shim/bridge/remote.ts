// The hosted endpoint seen from the shim. A failure never reaches the local tools: lists come
// back empty (the reason goes to stderr, once), calls come back as errors that say what to do,
// and JSON-RPC errors of the endpoint itself pass through unchanged.
import type { Client } from '@modelcontextprotocol/client';
import {
  ProtocolError,
  ProtocolErrorCode,
  type CallToolResult,
  type GetPromptResult,
  type ListResourceTemplatesResult,
  type Prompt,
  type ReadResourceResult,
  type Resource,
  type Tool,
} from '@modelcontextprotocol/server';
import { remoteConnection } from './connection.ts';
import type { RemoteAuth } from './remote-auth.ts';
import {
  classifyRemoteError,
  redact,
  unavailableMessage,
  type RemoteFailure,
} from './remote-errors.ts';

export interface BridgeOptions {
  url: URL;
  auth: RemoteAuth;
  log: (line: string) => void;
  /** Bound on connecting and on each request, so a silent network cannot hang the shim. */
  timeoutMs?: number;
  /** After a failure, lists skip the endpoint for this long instead of waiting on it again. */
  retryAfterMs?: number;
}

/** The outcome of one remote request: a value, or a message for the person. */
export type RemoteAnswer<T> =
  { ok: true; value: T } | { ok: false; code: RemoteFailureCode; message: string };

export type RemoteFailureCode =
  'REMOTE_AUTH_FAILED' | 'REMOTE_SIGN_IN_REQUIRED' | 'REMOTE_UNAVAILABLE';

export interface Bridge {
  readonly url: URL;
  tools(): Promise<Tool[]>;
  resources(): Promise<Resource[]>;
  resourceTemplates(): Promise<ListResourceTemplatesResult['resourceTemplates']>;
  prompts(): Promise<Prompt[]>;
  callTool(
    name: string,
    args: Record<string, unknown> | undefined,
  ): Promise<RemoteAnswer<CallToolResult>>;
  readResource(uri: string): Promise<ReadResourceResult>;
  getPrompt(name: string, args: Record<string, string> | undefined): Promise<GetPromptResult>;
  /** Forgets the last failure, so the next list asks the endpoint at once (a sign-in just completed). */
  retryNow(): void;
  close(): Promise<void>;
}

export function createBridge(options: BridgeOptions): Bridge {
  const timeout = options.timeoutMs ?? 10_000;
  const retryAfter = options.retryAfterMs ?? 30_000;
  const scrub = (text: string) => redact(text, options.auth.secrets());
  const log = onceInARow((line) => options.log(scrub(line)));
  const connection = remoteConnection(options.url, options.auth.provider, timeout, () =>
    log(`praxis shim: connected to ${options.url.href}`),
  );
  let failedAt = -Infinity;

  async function ask<T>(request: (c: Client) => Promise<T>): Promise<RemoteAnswer<T>> {
    try {
      return { ok: true, value: await request(await connection.client()) };
    } catch (error) {
      const failure = classifyRemoteError(error);
      if (failure.kind === 'protocol')
        throw new ProtocolError(
          failure.error.code,
          scrub(failure.error.message),
          failure.error.data,
        );
      failedAt = Date.now();
      await connection.drop();
      const { code, message } = await describe(failure);
      log(`praxis shim: ${message}`);
      return { ok: false, code, message: scrub(message) };
    }
  }

  type Described = { code: RemoteFailureCode; message: string };
  async function describe(
    failure: Exclude<RemoteFailure, { kind: 'protocol' }>,
  ): Promise<Described> {
    if (failure.kind === 'auth') return options.auth.refusal(failure.status);
    if (failure.kind === 'sign-in') return options.auth.signInNeeded(failure.reason);
    return {
      code: 'REMOTE_UNAVAILABLE',
      message: unavailableMessage(options.url, scrub(failure.detail)),
    };
  }

  async function listing<T>(request: (c: Client) => Promise<T[]>): Promise<T[]> {
    if (!connection.isOpen() && Date.now() - failedAt < retryAfter) return [];
    const answer = await ask(request);
    return answer.ok ? answer.value : [];
  }

  // Resources and prompts have no error result of their own: failures become JSON-RPC errors.
  async function required<T>(request: (c: Client) => Promise<T>): Promise<T> {
    const answer = await ask(request);
    if (answer.ok) return answer.value;
    throw new ProtocolError(ProtocolErrorCode.InternalError, answer.message);
  }

  return {
    url: options.url,
    tools: () => listing(async (c) => (await c.listTools(undefined, { timeout })).tools),
    resources: () =>
      listing(async (c) => (await c.listResources(undefined, { timeout })).resources),
    resourceTemplates: () =>
      listing(
        async (c) => (await c.listResourceTemplates(undefined, { timeout })).resourceTemplates,
      ),
    prompts: () => listing(async (c) => (await c.listPrompts(undefined, { timeout })).prompts),
    callTool: (name, args) =>
      ask(
        async (c) => (await c.callTool({ name, arguments: args }, { timeout })) as CallToolResult,
      ),
    readResource: (uri) => required((c) => c.readResource({ uri }, { timeout })),
    getPrompt: (name, args) => required((c) => c.getPrompt({ name, arguments: args }, { timeout })),
    retryNow: () => {
      failedAt = -Infinity;
    },
    close: () => connection.drop(),
  };
}

/** A logger that skips a line identical to the one before, so a down endpoint is said once. */
export function onceInARow(write: (line: string) => void): (line: string) => void {
  let last: string | undefined;
  return (line) => {
    if (line !== last) write(line);
    last = line;
  };
}
