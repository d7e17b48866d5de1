// One pass over an MCP answer (a JSON body or SSE `data:` frames, single messages or batches) that
// lets callers replace JSON-RPC error objects. The SDK's answers are kept byte-for-byte when no
// error changes; the body is buffered once, whatever number of rewrites a request needs.

export interface ErrorMessage { jsonrpc: '2.0'; id: unknown; error: { code: number; message: string; data?: unknown } }

export type ErrorRewrite = (message: ErrorMessage) => ErrorMessage;

/**
 * A JSON-RPC error object as serialised (an "error" key whose object starts with one of its own
 * members). Cheap to test, so answers without one — a tools/list's schemas mention "error" too —
 * skip parsing; a false match only costs the parse.
 */
const MAY_HOLD_ERROR = /"error":\{"(?:code|message|data)"/;

export async function rewriteErrorMessages(response: Response, rewrite: ErrorRewrite): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  const isStream = type.includes('text/event-stream');
  if (!isStream && !type.includes('application/json')) return response;
  const text = await response.text();
  const rewritten = !MAY_HOLD_ERROR.test(text) ? text
    : isStream ? text.replace(/^data: (.*)$/gm, (_, json: string) => `data: ${rewriteJson(json, rewrite)}`)
    : rewriteJson(text, rewrite);
  const headers = new Headers(response.headers);
  if (rewritten !== text) headers.delete('content-length');
  return new Response(rewritten, { status: response.status, statusText: response.statusText, headers });
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
  return typeof message === 'object' && message !== null && typeof (message as ErrorMessage).error?.code === 'number';
}
