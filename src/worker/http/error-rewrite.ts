// Where Praxis replaces the SDK's JSON-RPC error objects with its documented ones. Every message a
// server sends goes through its transport's `send`, so errors are mapped there, as objects, before
// the SDK serialises them: a successful answer is never read back or re-serialised. Only answers
// the SDK's HTTP entry builds itself (refusals before any server runs, its "Internal server error"
// when a server could not be made) bypass a transport; they are rare and small, and
// `rewriteErrorMessages` maps their bodies.
import type { JSONRPCMessage, McpServer, Transport } from '@modelcontextprotocol/server';

export interface ErrorMessage {
  jsonrpc: '2.0';
  id: unknown;
  error: { code: number; message: string; data?: unknown };
}

export type ErrorRewrite = (message: ErrorMessage) => ErrorMessage;

/** `server`, whose transports (one per request) each get their errors mapped by `rewrite`. */
export function withErrorsMapped(server: McpServer, rewrite: ErrorRewrite): McpServer {
  const connect = server.connect.bind(server);
  server.connect = (transport) => connect(mapErrorsSentBy(transport, rewrite));
  return server;
}

/** `transport` with every error message it is asked to send passed through `rewrite` first. */
export function mapErrorsSentBy<T extends Transport>(transport: T, rewrite: ErrorRewrite): T {
  const send = transport.send.bind(transport);
  transport.send = (message, options) =>
    send(isErrorMessage(message) ? (rewrite(message) as JSONRPCMessage) : message, options);
  return transport;
}

/**
 * A JSON-RPC error object as serialised (an "error" key whose object starts with one of its own
 * members). Cheap to test, so answers without one skip parsing; a false match only costs the parse.
 */
const MAY_HOLD_ERROR = /"error":\{"(?:code|message|data)"/;

/**
 * The SDK entry's own error answers (HTTP 4xx/5xx, one JSON body) with their error objects mapped.
 * Answers the servers sent are mapped at the transport already; they are returned untouched.
 */
export async function rewriteEntryErrors(
  response: Response,
  rewrite: ErrorRewrite,
): Promise<Response> {
  if (
    response.status < 400 ||
    !(response.headers.get('content-type') ?? '').includes('application/json')
  )
    return response;
  const text = await response.text();
  const rewritten = MAY_HOLD_ERROR.test(text) ? rewriteJson(text, rewrite) : text;
  const headers = new Headers(response.headers);
  if (rewritten !== text) headers.delete('content-length');
  return new Response(rewritten, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

function rewriteJson(json: string, rewrite: ErrorRewrite): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return json;
  }
  const messages = Array.isArray(parsed) ? parsed : [parsed];
  let changed = false;
  const mapped = messages.map((message) => {
    if (!isErrorMessage(message)) return message;
    const next = rewrite(message);
    changed ||= next !== message;
    return next;
  });
  if (!changed) return json;
  return JSON.stringify(Array.isArray(parsed) ? mapped : mapped[0]);
}

function isErrorMessage(message: unknown): message is ErrorMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof (message as ErrorMessage).error?.code === 'number'
  );
}
