// The leaks a caller without a group could use to learn about restricted content, one by one, on
// the fixture (a process restricted to security-team, a record and a wiki module to leadership):
// probing search scores with words only restricted entries use, and counts in initialize.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { cloudEnv, connectWithToken, tokenWithGroups } from '../../helpers/workerd/auth-helpers.ts';
import { connectClient, publishFixture } from '../../helpers/workerd/helpers.ts';

let open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.map((client) => client.close()));
  open = [];
});

async function connectAs(groups: string[]): Promise<Client> {
  const bearer = await tokenWithGroups(`statistics-${groups.join('-') || 'none'}`, groups);
  const client = await connectWithToken(bearer, cloudEnv());
  open.push(client);
  return client;
}

/** A search's results without the echoed query: names, scores, snippets, counts, cursor. */
async function searched(client: Client, tool: string, query: string): Promise<unknown> {
  const result = await client.callTool({ name: tool, arguments: { query } });
  const {
    query: _query,
    message: _message,
    ...rest
  } = result.structuredContent as Record<string, unknown>;
  return rest;
}

describe('restricted entries and what others are told', () => {
  beforeAll(publishFixture);

  it('scores a word only a restricted process has like a word no process has (search_processes)', async () => {
    const client = await connectClient();
    open.push(client);
    // 'breach' and 'isolate' occur only in the security-team process.
    for (const word of ['breach', 'isolate']) {
      expect(await searched(client, 'search_processes', `deployment ${word}`)).toEqual(
        await searched(client, 'search_processes', 'deployment qqvorpal'),
      );
    }
    const member = await connectAs(['security-team']);
    expect(await searched(member, 'search_processes', 'deployment breach')).not.toEqual(
      await searched(member, 'search_processes', 'deployment qqvorpal'),
    );
  });

  it('scores a word only a restricted record has like a word no record has (search_vitaegraph)', async () => {
    const client = await connectAs(['engineering']);
    // 'provider' and 'vendor' occur only in the leadership record.
    for (const word of ['provider', 'vendor']) {
      expect(await searched(client, 'search_vitaegraph', `edge ${word}`)).toEqual(
        await searched(client, 'search_vitaegraph', 'edge qqvorpal'),
      );
    }
  });

  it('counts in its instructions only the documents the caller may see', async () => {
    const outsider = await connectClient('legacy');
    open.push(outsider);
    const member = await connectAs(['security-team']);
    const count = (client: Client) => /\((\d+) processes/.exec(client.getInstructions() ?? '')?.[1];
    const outsiderCount = Number(count(outsider));
    expect(outsiderCount).toBeGreaterThan(0);
    expect(Number(count(member))).toBe(outsiderCount + 1);
    const listed = await outsider.callTool({ name: 'list_processes', arguments: {} });
    expect((listed.structuredContent as { count: number }).count).toBe(outsiderCount);
  });
});
