// Document chunks (bundle schema 2 and later) in workerd with real KV: a kind's entries spread over several chunk objects, read
// on demand. Every tool answers as if the entries were one list — in order, access-filtered, each
// search hit matched to its own entry — and a pointer of another schema is refused like an
// unloadable version.
import type { Client } from '@modelcontextprotocol/client';
import { storedChunkRefs } from '../../../src/bundle/chunk-list.ts';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  BUNDLE_SCHEMA,
  POINTER_KEY,
  type ChunkRef,
  type DocumentEntry,
  type Manifest,
} from '../../../src/bundle/bundle.ts';
import { resetContentCache } from '../../../src/worker/content/store.ts';
import {
  RESOURCE,
  cloudEnv,
  connectWithToken,
  providers,
  signedByProvider,
} from '../../helpers/workerd/auth-helpers.ts';
import { captureConsole } from '../../helpers/console-lines.ts';
import {
  publishFixture,
  publishProvided,
  rpc,
  rpcMessage,
  testEnv,
} from '../../helpers/workerd/helpers.ts';

const TOTAL = 700;
const isRestricted = (i: number) => i % 7 === 3;
const nameOf = (i: number) => `p-${String(i).padStart(4, '0')}`;
const everyName = Array.from({ length: TOTAL }, (_, i) => nameOf(i));
const openNames = everyName.filter((_, i) => !isRestricted(i));

const call = async (name: string, args: Record<string, unknown>) =>
  (
    await rpcMessage(
      await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    )
  ).result;

let open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.map((client) => client.close()));
  open = [];
});

async function securityTeam(): Promise<Client> {
  const now = Math.floor(Date.now() / 1000);
  const bearer = await signedByProvider({
    iss: providers.stable,
    aud: RESOURCE,
    sub: 'chunks-security',
    scope: 'praxis:read',
    iat: now,
    exp: now + 300,
    groups: ['security-team'],
  });
  const client = await connectWithToken(bearer, cloudEnv());
  open.push(client);
  return client;
}

describe('document entries in chunks', () => {
  beforeAll(() => publishProvided('chunkedBundle'));

  it('the fixture really spans several chunks, in name order, and the manifest lists no entry', () => {
    const { pointer, objects } = inject('chunkedBundle');
    const byHash = new Map(objects);
    const manifest = JSON.parse(byHash.get(pointer.manifest)!) as Manifest;
    const section = manifest.kinds.processes;
    const chunks = storedChunkRefs(byHash.get(section.chunkList)!);
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(section.count).toBe(TOTAL);
    const entries = chunks.flatMap(
      (chunk) => JSON.parse(byHash.get(chunk.hash)!) as DocumentEntry[],
    );
    expect(entries.map((entry) => entry.name)).toEqual(everyName);
    expect(chunks.map((chunk) => chunk.count)).toEqual(
      chunks.map((chunk) => (JSON.parse(byHash.get(chunk.hash)!) as unknown[]).length),
    );
    expect(byHash.get(pointer.manifest)).not.toContain('p-0001');
  });

  it('list_processes lists every visible process from every chunk, in order', async () => {
    const result = await call('list_processes', {});
    expect(result.structuredContent.count).toBe(openNames.length);
    expect(result.structuredContent.processes.map((item: { name: string }) => item.name)).toEqual(
      openNames,
    );
    expect(result.structuredContent.processes.at(-1)).toEqual({
      name: 'p-0699',
      title: 'Process 0699',
      description: 'Process 0699 about rollout canary.',
      path: 'processes/p-0699.md',
    });
  });

  it('get_process reads a document from any chunk; a restricted one does not exist for an outsider', async () => {
    for (const i of [0, 250, 511, 699]) {
      const found = await call('get_process', { name: nameOf(i).toUpperCase() });
      expect(found.structuredContent).toMatchObject({
        name: nameOf(i),
        path: `processes/${nameOf(i)}.md`,
      });
      expect(found.structuredContent.content).toContain(`number ${String(i).padStart(4, '0')}.`);
    }
    const hidden = await call('get_process', { name: nameOf(500) });
    expect(isRestricted(500)).toBe(true);
    expect(hidden.isError).toBe(true);
    expect(hidden.structuredContent.error).toBe('PROCESS_NOT_FOUND');
    expect(hidden.structuredContent.available).toEqual(openNames);
  });

  it('search_processes matches each hit to its own entry, pages across chunks, and counts only visible documents', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = (
        await call('search_processes', {
          query: 'retention backups',
          limit: 50,
          ...(cursor ? { cursor } : {}),
        })
      ).structuredContent;
      expect(page.total_processes).toBe(openNames.length);
      for (const result of page.results) {
        const id = result.name.slice(2);
        expect(result).toMatchObject({
          title: `Process ${id}`,
          description: `Process ${id} about retention backups.`,
          path: `processes/${result.name}.md`,
        });
        seen.push(result.name);
      }
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen.sort()).toEqual(
      openNames.filter((_, i) => Number(openNames[i]!.slice(2)) % 2 === 0),
    );
  });

  it('a member of the group sees the restricted documents in every surface', async () => {
    const client = await securityTeam();
    const list = (await client.callTool({ name: 'list_processes', arguments: {} }))
      .structuredContent as { count: number };
    expect(list.count).toBe(TOTAL);
    const got = (await client.callTool({ name: 'get_process', arguments: { name: nameOf(500) } }))
      .structuredContent as { name: string };
    expect(got.name).toBe(nameOf(500));
    const search = (
      await client.callTool({
        name: 'search_processes',
        arguments: { query: 'retention backups', limit: 5 },
      })
    ).structuredContent as { total_processes: number };
    expect(search.total_processes).toBe(TOTAL);
  });
});

describe('bundle schema', () => {
  const pointerWithSchema = async (schema: number) => {
    const { pointer } = inject('fixtureBundle');
    await testEnv.CONTENT.put(
      POINTER_KEY,
      JSON.stringify({ ...pointer, schema, version: `schema${schema}00000` }),
    );
  };

  it('a fresh isolate answers 503 for a pointer of a schema it does not read, and logs why', async () => {
    await publishFixture();
    await pointerWithSchema(1);
    resetContentCache();
    const { value: response, lines } = await captureConsole(() =>
      rpc({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'list_processes', arguments: {} },
      }),
    );
    expect(response.status).toBe(503);
    expect(await response.text()).not.toMatch(/schema/);
    expect(
      lines.some(
        (line) => line.includes('"version_unloadable"') && line.includes('bundle schema 1'),
      ),
    ).toBe(true);
  });

  it('an isolate that served a good version keeps serving it', async () => {
    const good = await publishFixture();
    expect((await call('get_process', { name: 'code-review' })).structuredContent.version).toBe(
      good,
    );
    // A schema newer than this Worker reads (a build deployed ahead of its Worker).
    await pointerWithSchema(BUNDLE_SCHEMA + 1);
    // The test environment re-reads the pointer on every request (PRAXIS_POINTER_TTL_MS = 0).
    const { value, lines } = await captureConsole(() =>
      call('get_process', { name: 'code-review' }),
    );
    expect(value.structuredContent.version).toBe(good);
    expect(
      lines.some(
        (line) =>
          line.includes('"version_unloadable"') &&
          line.includes(`"wanted":"schema${BUNDLE_SCHEMA + 1}00000"`) &&
          line.includes(`"serving":"${good}"`),
      ),
    ).toBe(true);
  });
});
