// The SDK answers two kinds of failure with -32603 and the raw exception text: a spec request whose
// params fail the wire schema (e.g. prompts/get with a number as an argument: a zod issue dump), and
// any exception a prompt or resource handler throws. The README promises otherwise: invalid params
// are -32602 naming the parameter, and an unexpected failure is "Internal error (reference <id>)"
// with the detail in the log under that id. This rewrites the SDK's answer to keep that promise.
import { ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { ErrorMessage } from './error-rewrite.ts';

const INTERNAL_ERROR = ProtocolErrorCode.InternalError;
const INVALID_PARAMS = ProtocolErrorCode.InvalidParams;

/** An SDK -32603 mapped as above; any other error is returned as it is. */
export function documentedError(message: ErrorMessage, context: { subject: string }): ErrorMessage {
  return message.error.code === INTERNAL_ERROR ? documented(message, context) : message;
}

function documented(message: ErrorMessage, context: { subject: string }): ErrorMessage {
  const invalid = invalidParamsMessage(message.error.message);
  if (invalid) return { ...message, error: { code: INVALID_PARAMS, message: invalid } };
  const reference = crypto.randomUUID();
  console.error(
    JSON.stringify({
      event: 'internal_error',
      id: reference,
      subject: context.subject,
      error: message.error.message.slice(0, 2000),
    }),
  );
  return {
    ...message,
    error: { code: INTERNAL_ERROR, message: `Internal error (reference ${reference}).` },
  };
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
    return path.startsWith('params') && typeof issue.message === 'string'
      ? `${path}: ${issue.message}`
      : null;
  });
  if (described.some((line) => line === null)) return null;
  return `Invalid params: ${described.slice(0, 5).join('; ')}`;
}
