// An anonymous /mcp request is refused before its body is read or parsed: whatever it holds, it
// costs its 401 and no JSON.parse. The Worker runs in this test's isolate, so the global JSON.parse
// the Worker calls is the one this file watches; a parse of the body is seen by its length.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REQUEST_BYTES } from '../../../src/worker/http/guards.ts';
import { callWorker, mcpRequest, publishFixture, token } from '../../helpers/workerd/helpers.ts';
import { captureConsole } from '../../helpers/console-lines.ts';

const originalParse = JSON.parse;
/** Lengths of the texts JSON.parse was given while watching. */
let parsedLengths: number[] = [];

function watchJsonParse(): void {
  parsedLengths = [];
  JSON.parse = ((text: string, reviver?: (key: string, value: unknown) => unknown) => {
    parsedLengths.push(String(text).length);
    return originalParse(text, reviver);
  }) as typeof JSON.parse;
}

afterEach(() => {
  JSON.parse = originalParse;
});

/** 1 MiB exactly (the size limit lets it in): arrays nested half a million deep. */
const nestedArrays = '['.repeat(MAX_REQUEST_BYTES / 2) + ']'.repeat(MAX_REQUEST_BYTES / 2);
const toolCall = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'get_process', arguments: { name: 'code-review', pad: 'x'.repeat(100_000) } },
});

function post(body: string, bearer: string | null): Promise<Response> {
  return callWorker(mcpRequest(body, { bearer }));
}

describe('an anonymous body is never parsed', () => {
  beforeAll(publishFixture);

  it.each([
    ['1 MiB of nested arrays, no token', nestedArrays, null],
    ['1 MiB of nested arrays, a garbage token', nestedArrays, 'not-a-jwt'],
    ['a tools/call of 100 kB, no token', toolCall, null],
  ] as const)(
    '%s: 401 with its challenge, JSON.parse never given the body',
    async (_, body, bearer) => {
      watchJsonParse();
      const { value: response, lines } = await captureConsole(() => post(body, bearer));
      JSON.parse = originalParse;
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
      expect(['AUTHENTICATION_REQUIRED', 'AUTHENTICATION_FAILED']).toContain(
        ((await response.json()) as { error: string }).error,
      );
      expect(parsedLengths.filter((length) => length >= body.length)).toEqual([]);
      // So the audit line cannot name the tool: it says who was refused, not what was asked.
      const auditLine = lines
        .map((line) => {
          try {
            return originalParse(line) as Record<string, unknown>;
          } catch {
            return null;
          }
        })
        .find((line) => line?.event === 'mcp_request');
      expect(auditLine).toMatchObject({ status: 401, tool: null });
    },
  );

  it(
    "a known caller's 1 MiB of nested arrays is refused on its shape, before JSON.parse, " +
      'with -32600 naming the depth limit',
    async () => {
      const bearer = await token('nester');
      watchJsonParse();
      const { value: response } = await captureConsole(() => post(nestedArrays, bearer));
      JSON.parse = originalParse;
      expect(response.status).toBe(400);
      const answer = (await response.json()) as {
        id: unknown;
        error: { code: number; message: string };
      };
      expect(answer.id).toBeNull();
      expect(answer.error.code).toBe(-32600);
      expect(answer.error.message).toMatch(/nests objects and arrays more than 32 levels deep/);
      expect(parsedLengths.filter((length) => length >= nestedArrays.length)).toEqual([]);
    },
  );

  it("a known caller's ordinary request is parsed once and served", async () => {
    const bearer = await token('ordinary');
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'get_process', arguments: { name: 'code-review' } },
    });
    watchJsonParse();
    const { value: response } = await captureConsole(() => post(body, bearer));
    JSON.parse = originalParse;
    expect(response.status).toBe(200);
    expect(parsedLengths.filter((length) => length === body.length)).toHaveLength(1);
  });
});
