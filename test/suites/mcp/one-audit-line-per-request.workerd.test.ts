// Every /mcp request writes exactly one audit line, whatever its outcome — the refusals of the guards
// (a foreign Origin, a body over 1 MiB), of authentication, of the body's shape and caps, of the rate
// limit, an endpoint with no content published, a misconfigured one, a CORS preflight, and a served
// request — each with the response's status and the outcome that names it; never a token.
import { describe, expect, it } from 'vitest';
import type { Env } from '../../../src/worker/index.ts';
import { captureConsole } from '../../helpers/console-lines.ts';
import {
  MCP_URL,
  callWorker,
  mcpRequest,
  publishFixture,
  testEnv,
  token,
  unpublish,
} from '../../helpers/workerd/helpers.ts';

const LIST_TOOLS = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
const SEARCH = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'search_processes', arguments: { query: 'deploy' } },
});
const SMALL_LIMIT = {
  PRAXIS_RATE_LIMIT: 'on',
  PRAXIS_RATE_LIMITER: (testEnv as unknown as { PRAXIS_TEST_RATE_LIMITER: RateLimit })
    .PRAXIS_TEST_RATE_LIMITER,
} as Partial<Env>;

/** The response, and the audit lines the request wrote. */
async function audited(
  request: Request,
  env: Partial<Env> = {},
): Promise<{ status: number; lines: Record<string, unknown>[] }> {
  const { value, lines } = await captureConsole(async () => {
    const response = await callWorker(request, env);
    await response.text();
    return response;
  });
  const audit = lines
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        return null;
      }
    })
    .filter((line): line is Record<string, unknown> => line?.event === 'mcp_request');
  return { status: value.status, lines: audit };
}

async function expectOneLine(
  request: Request,
  status: number,
  line: Record<string, unknown>,
  env: Partial<Env> = {},
) {
  const result = await audited(request, env);
  expect(result.status).toBe(status);
  expect(result.lines).toEqual([
    expect.objectContaining({ ...line, status, ms: expect.any(Number) }),
  ]);
  return result.lines[0]!;
}

describe('one audit line per /mcp request', () => {
  it('when no content is published yet: 503, outcome no_content_published, and who asked what', async () => {
    await unpublish();
    const bearer = await token('auditor');
    await expectOneLine(mcpRequest(JSON.stringify(LIST_TOOLS), { bearer }), 503, {
      subject: 'auditor',
      via: 'local',
      tool: 'tools/list',
      outcome: 'no_content_published',
    });
  });

  it('for each refusal and for a served request, with the status it answered and the outcome naming it', async () => {
    await publishFixture();
    const bearer = await token('auditor');
    const served = await expectOneLine(mcpRequest(JSON.stringify(SEARCH(1)), { bearer }), 200, {
      subject: 'auditor',
      via: 'local',
      tool: 'tools/call:search_processes',
      outcome: 'served',
      version: expect.any(String),
    });
    expect(Object.keys(served)).toEqual([
      'event',
      'subject',
      'via',
      'tool',
      'outcome',
      'status',
      'version',
      'ms',
    ]);
    await expectOneLine(
      mcpRequest(JSON.stringify(LIST_TOOLS), { headers: { origin: 'https://evil.example' } }),
      403,
      {
        subject: null,
        tool: null,
        outcome: 'host_or_origin_refused',
      },
    );
    await expectOneLine(mcpRequest('x'.repeat(1024 * 1024 + 1), { bearer }), 413, {
      subject: null,
      tool: null,
      outcome: 'body_too_large',
    });
    await expectOneLine(mcpRequest(JSON.stringify(LIST_TOOLS)), 401, {
      subject: null,
      tool: null,
      outcome: 'AUTHENTICATION_REQUIRED',
    });
    await expectOneLine(mcpRequest(JSON.stringify(LIST_TOOLS), { bearer: 'not-a-token' }), 401, {
      subject: null,
      tool: null,
      outcome: 'invalid_token',
    });
    await expectOneLine(mcpRequest('['.repeat(100) + ']'.repeat(100), { bearer }), 400, {
      subject: 'auditor',
      tool: null,
      outcome: 'body_shape_refused',
    });
    await expectOneLine(
      mcpRequest(JSON.stringify([SEARCH(1), SEARCH(2), SEARCH(3)]), { bearer }),
      400,
      {
        subject: 'auditor',
        tool: 'tools/call:search_processes,tools/call:search_processes,tools/call:search_processes',
        outcome: 'over_request_cap',
      },
    );
    await expectOneLine(
      new Request(MCP_URL, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost', 'access-control-request-method': 'POST' },
      }),
      204,
      { subject: null, tool: null, outcome: 'cors_preflight' },
    );
    await expectOneLine(
      mcpRequest(JSON.stringify(LIST_TOOLS), { bearer }),
      500,
      { subject: null, outcome: 'misconfigured' },
      { PRAXIS_AUTH_MODE: 'sideways' } as Partial<Env>,
    );
  });

  it('when the caller is over its rate limit: 429, outcome rate_limited', async () => {
    const bearer = await token(`greedy-${crypto.randomUUID()}`);
    for (let attempt = 0; attempt < 20; attempt++) {
      const { status, lines } = await audited(
        mcpRequest(JSON.stringify(LIST_TOOLS), { bearer }),
        SMALL_LIMIT,
      );
      expect(lines).toHaveLength(1);
      if (status === 429) {
        expect(lines[0]).toMatchObject({
          tool: 'tools/list',
          outcome: 'rate_limited',
          status: 429,
        });
        return;
      }
      expect(lines[0]).toMatchObject({ outcome: 'served', status: 200 });
    }
    throw new Error('no 429 within 20 requests of a limit of 5');
  });

  it('never carries the token', async () => {
    const bearer = await token('auditor');
    const { lines } = await audited(mcpRequest(JSON.stringify(LIST_TOOLS), { bearer }));
    expect(JSON.stringify(lines)).not.toContain(bearer);
    expect(JSON.stringify(lines)).not.toContain(bearer.split('.')[2]!);
  });
});
