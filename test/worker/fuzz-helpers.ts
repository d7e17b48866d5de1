// Shared by the fuzz tests in workerd: how many runs, a deadline that turns a hang into a failure,
// and the check that an answer is a well-formed JSON-RPC message (or a documented HTTP refusal).
import { expect } from 'vitest';

/** FUZZ_RUNS=<n> multiplies nothing: it replaces the default, for a long run (`FUZZ_RUNS=20000 npx vitest …`). */
export function fuzzRuns(defaultRuns: number): number {
  const fromEnv = Number(
    (import.meta as { env?: Record<string, string | undefined> }).env?.FUZZ_RUNS ??
      (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env
        ?.FUZZ_RUNS,
  );
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : defaultRuns;
}

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

/** Captures console output while `run` executes (workerd's console is the Worker's log). */
export async function captureConsole<T>(
  run: () => Promise<T>,
): Promise<{ value: T; lines: string[] }> {
  const lines: string[] = [];
  const originals = {
    log: console.log,
    error: console.error,
    warn: console.warn,
    info: console.info,
    debug: console.debug,
  };
  for (const level of Object.keys(originals) as (keyof typeof originals)[]) {
    console[level] = (...args: unknown[]) => {
      lines.push(args.map((arg) => (typeof arg === 'string' ? arg : safeJson(arg))).join(' '));
    };
  }
  try {
    return { value: await run(), lines };
  } finally {
    Object.assign(console, originals);
  }
}

function safeJson(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}\n${value.stack ?? ''}`;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
