// Shared by the fuzz tests in workerd: a deadline that turns a hang into a failure, and the check
// that an answer is a well-formed JSON-RPC message (or a documented HTTP refusal). How many runs:
// ../helpers/fuzz-runs.ts; console capture: ../helpers/console-lines.ts.
import { expect } from 'vitest';

/** The promise's value, or a rejection naming what hung. */
export async function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms: ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Every JSON-RPC message in an answer body: one JSON value, a JSON array (batch), or SSE `data:` lines. */
export function messagesIn(text: string, contentType: string): unknown[] {
  if (contentType.includes('text/event-stream')) {
    return text
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => JSON.parse(line.slice(5)));
  }
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed : [parsed];
}

/** Asserts one message is a JSON-RPC 2.0 response: an id, and exactly one of result / error {code, message}. */
export function expectJsonRpcResponse(message: unknown, context: string): void {
  expect(message, context).toBeTypeOf('object');
  const { jsonrpc, id, result, error } = message as Record<string, unknown>;
  expect(jsonrpc, context).toBe('2.0');
  expect(
    id === null || typeof id === 'string' || typeof id === 'number',
    `${context}: id ${JSON.stringify(id)}`,
  ).toBe(true);
  expect(
    (result === undefined) !== (error === undefined),
    `${context}: exactly one of result/error`,
  ).toBe(true);
  if (error !== undefined) {
    const { code, message: text } = error as { code?: unknown; message?: unknown };
    expect(Number.isInteger(code), `${context}: error.code ${JSON.stringify(code)}`).toBe(true);
    expect(typeof text, `${context}: error.message`).toBe('string');
    expect(String(text), context).not.toMatch(/\n\s+at .+:\d+:\d+/); // never a stack trace
  }
}

/** The documented non-JSON-RPC refusals: {error, message} bodies of the process-query contract and the 404 route body. */
export function expectDocumentedRefusal(message: unknown, context: string): void {
  const { error, message: text } = message as Record<string, unknown>;
  expect(
    typeof error === 'string' && typeof text === 'string',
    `${context}: {error, message} refusal`,
  ).toBe(true);
}
