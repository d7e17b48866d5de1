// The SDK answers two kinds of failure with -32603 and the raw exception text: a spec request whose
// params fail the wire schema (e.g. prompts/get with a number as an argument: a zod issue dump), and
// any exception a prompt or resource handler throws. The README promises otherwise: invalid params
// are -32602 naming the parameter, and an unexpected failure is "Internal error (reference <id>)"
// with the detail in the log under that id. This rewrites the SDK's answer to keep that promise.
const INTERNAL_ERROR = -32603;
const INVALID_PARAMS = -32602;

interface ErrorMessage { jsonrpc: '2.0'; id: unknown; error: { code: number; message: string; data?: unknown } }

/** The answer with every -32603 from the SDK mapped as above; other answers pass through untouched. */
export async function withDocumentedErrors(response: Response, context: { subject: string }): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json') && !type.includes('text/event-stream')) return response;
  const text = await response.text();
  const rewritten = text.includes(String(INTERNAL_ERROR)) ? rewriteBody(text, type.includes('text/event-stream'), context) : text;
  const headers = new Headers(response.headers);
  if (rewritten !== text) headers.delete('content-length');
  return new Response(rewritten, { status: response.status, statusText: response.statusText, headers });
}

function rewriteBody(text: string, isStream: boolean, context: { subject: string }): string {
  const rewrite = (json: string): string => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      return json;
    }
    const messages = Array.isArray(parsed) ? parsed : [parsed];
    const mapped = messages.map((message) => (isInternalError(message) ? documented(message, context) : message));
    return JSON.stringify(Array.isArray(parsed) ? mapped : mapped[0]);
  };
  return isStream ? text.replace(/^data: (.*)$/gm, (_, json: string) => `data: ${rewrite(json)}`) : rewrite(text);
}

function isInternalError(message: unknown): message is ErrorMessage {
  return typeof message === 'object' && message !== null && (message as ErrorMessage).error?.code === INTERNAL_ERROR;
}

function documented(message: ErrorMessage, context: { subject: string }): ErrorMessage {
  const invalid = invalidParamsMessage(message.error.message);
  if (invalid) return { ...message, error: { code: INVALID_PARAMS, message: invalid } };
  const reference = crypto.randomUUID();
  console.error(JSON.stringify({ event: 'internal_error', id: reference, subject: context.subject, error: message.error.message.slice(0, 2000) }));
  return { ...message, error: { code: INTERNAL_ERROR, message: `Internal error (reference ${reference}).` } };
}

/** "Invalid params: params.arguments.x: expected string, received number" when the text is a zod issue list about params. */
function invalidParamsMessage(text: string): string | null {
  let issues: unknown;
  try {
    issues = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(issues) || issues.length === 0) return null;
  const described = issues.map((issue: { path?: unknown; message?: unknown }) => {
    const path = Array.isArray(issue?.path) ? issue.path.map(String).join('.') : '';
    return path.startsWith('params') && typeof issue.message === 'string' ? `${path}: ${issue.message}` : null;
  });
  if (described.some((line) => line === null)) return null;
  return `Invalid params: ${described.slice(0, 5).join('; ')}`;
}
