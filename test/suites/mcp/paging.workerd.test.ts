// Paging on the search tools: optional `limit` and an opaque `cursor` bound to the query
// and the content version, through the official MCP client, in workerd, against real local KV.
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/server/validators/cf-worker';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { connectClient, publishFixture, publishProvided } from '../../helpers/workerd/helpers.ts';

const spec = inject('processToolSchemas');
const searchSchema = spec.tools.find((tool) => tool.name === 'search_processes')!.outputSchema;
const validator = new CfWorkerJsonSchemaValidator();
const conforms = (value: unknown) => validator.getValidator(searchSchema as never)(value).valid;

interface SearchBody {
  results: Array<{ name: string; relevance_score: number }>;
  count: number;
  total_processes: number;
  next_cursor?: string;
  version: string;
}
interface ErrorBody {
  error: string;
  message: string;
}

describe('search_processes paging', () => {
  let client: Client;
  const search = async (args: Record<string, unknown>) =>
    client.callTool({ name: 'search_processes', arguments: args });
  beforeAll(async () => {
    await publishFixture();
    client = await connectClient('modern');
  });
  afterAll(() => client?.close());

  it('pages through exactly the unpaged ranking, one result at a time, ending without a cursor', async () => {
    const whole = (await search({ query: 'code review' }))
      .structuredContent as unknown as SearchBody;
    expect(whole.results.length).toBeGreaterThanOrEqual(3);
    expect(whole.next_cursor).toBeUndefined();
    const paged: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page++) {
      const result = await search({
        query: 'code review',
        limit: 1,
        ...(cursor ? { cursor } : {}),
      });
      const body = result.structuredContent as unknown as SearchBody;
      expect(result.isError).toBeFalsy();
      expect(conforms(body)).toBe(true);
      expect(body.count).toBe(body.results.length);
      expect(body.total_processes).toBe(whole.total_processes);
      paged.push(...body.results.map((item) => item.name));
      cursor = body.next_cursor;
      if (cursor === undefined) break;
      expect(body.results).toHaveLength(1);
    }
    expect(paged).toEqual(whole.results.map((item) => item.name));
  });

  it('honours limit without a cursor and offers the next page', async () => {
    const body = (await search({ query: 'code review', limit: 2 }))
      .structuredContent as unknown as SearchBody;
    expect(body.results).toHaveLength(2);
    expect(body.next_cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const next = (await search({ query: 'code review', limit: 2, cursor: body.next_cursor }))
      .structuredContent as unknown as SearchBody;
    expect(next.results[0]!.name).not.toBe(body.results[0]!.name);
    expect(next.results[0]!.relevance_score).toBeLessThanOrEqual(body.results[1]!.relevance_score);
  });

  it('refuses a cursor of another query, and a made-up one, with a tool error saying what to do', async () => {
    const first = (await search({ query: 'code review', limit: 1 }))
      .structuredContent as unknown as SearchBody;
    const other = await search({ query: 'deployment', cursor: first.next_cursor });
    expect(other.isError).toBe(true);
    expect(other.structuredContent as unknown as ErrorBody).toMatchObject({
      error: 'INVALID_CURSOR',
      message: expect.stringContaining('different query'),
    });
    for (const forged of ['not-a-cursor', btoa('{"v":1}'), 'x'.repeat(600)]) {
      const result = await search({ query: 'code review', cursor: forged });
      expect(result.isError).toBe(true);
      expect((result.structuredContent as unknown as ErrorBody).message).toContain(
        'not one this server issued',
      );
    }
  });

  it('refuses a cursor made up from the visible parts, or one whose offset was edited (cursors are signed)', async () => {
    const first = (await search({ query: 'code review', limit: 1 }))
      .structuredContent as unknown as SearchBody;
    expect(
      (await search({ query: 'code review', limit: 1, cursor: first.next_cursor })).isError,
    ).toBeFalsy();
    const [body, tag] = first.next_cursor!.split('.');
    const fields = JSON.parse(atob(body!.replace(/-/g, '+').replace(/_/g, '/'))) as {
      v: string;
      q: string;
      o: number;
    };
    const encode = (value: unknown) =>
      btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const tampered = [
      encode({ ...fields, o: 2 }), // made up: the right version and query hash, no signature
      `${encode({ ...fields, o: 2 })}${tag === undefined ? '' : `.${tag}`}`, // offset edited, signature kept
      `${body}.${'A'.repeat(22)}`, // signature replaced
      `${body}.`,
      `${body}`, // signature dropped
      `${body}.A`, // a signature no base64url decoder accepts (one character)
      `_w.${tag}`, // a body that decodes to bytes that are not UTF-8
    ];
    for (const cursor of tampered) {
      const result = await search({ query: 'code review', limit: 1, cursor });
      expect(result.isError, cursor).toBe(true);
      expect(result.structuredContent as unknown as ErrorBody).toMatchObject({
        error: 'INVALID_CURSOR',
        message: expect.stringContaining('not one this server issued'),
      });
    }
  });

  it('rejects limits outside 1..50 as invalid arguments', async () => {
    for (const limit of [0, 51, 2.5]) {
      const result = await search({ query: 'code review', limit });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain('limit');
    }
  });

  it('expires a cursor when another content version is published', async () => {
    const first = (await search({ query: 'code review', limit: 1 }))
      .structuredContent as unknown as SearchBody;
    const newer = await publishProvided('shippedBundle');
    expect(newer).not.toBe(first.version);
    const result = await search({ query: 'code review', cursor: first.next_cursor });
    expect(result.isError).toBe(true);
    expect((result.structuredContent as unknown as ErrorBody).message).toContain(
      `issued for content version ${first.version}`,
    );
  });
});
