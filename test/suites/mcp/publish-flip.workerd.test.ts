// Publishing as the Worker sees it, in workerd against real local KV: a request that loaded version A
// finishes on A while the pointer flips to B; new requests get B; an isolate notices a new version
// within PRAXIS_POINTER_TTL_MS and reports it in /healthz, serverInfo and result provenance.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { storedChunkRefs } from '../../../src/bundle/chunk-list.ts';
import { afterEach, describe, expect, inject, it } from 'vitest';
import {
  POINTER_KEY,
  objectKey,
  type DocumentEntry,
  type ChunkRef,
  type Manifest,
  type Pointer,
} from '../../../src/bundle/bundle.ts';
import { currentBundle, resetContentCache } from '../../../src/worker/content/store.ts';
import type { Env } from '../../../src/worker/index.ts';
import { MCP_URL, callWorker, testEnv, token } from '../../helpers/workerd/helpers.ts';

interface Version {
  pointer: Pointer;
  objects: Array<[string, string]>;
  /** Hash of this version's code-review body: unique to it, so no isolate has it cached. */
  marker: string;
  body: string;
}

const hex = async (text: string) =>
  [...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');

/** The fixture bundle with the code-review process body changed to carry `label`: a real, distinct version. */
async function version(label: string): Promise<Version> {
  const fixture = inject('fixtureBundle');
  const objects = new Map(fixture.objects);
  const manifest = JSON.parse(objects.get(fixture.pointer.manifest)!) as Manifest;
  const chunks = storedChunkRefs(objects.get(manifest.kinds.processes.chunkList)!);
  const chunk = chunks.find((ref) => objects.get(ref.hash)!.includes('"name":"code-review"'))!;
  const entries = JSON.parse(objects.get(chunk.hash)!) as DocumentEntry[];
  const entry = entries.find((document) => document.name === 'code-review')!;
  const body = `${objects.get(entry.body)}\n\nPublished as version ${label} (${crypto.randomUUID()}).`;
  entry.body = await hex(body);
  objects.set(entry.body, body);
  const chunkText = JSON.stringify(entries);
  chunk.hash = await hex(chunkText);
  objects.set(chunk.hash, chunkText);
  const listText = JSON.stringify(chunks);
  const oldList = manifest.kinds.processes.chunkList;
  manifest.kinds.processes.chunkList = await hex(listText);
  objects.set(manifest.kinds.processes.chunkList, listText);
  const manifestText = JSON.stringify(manifest);
  const manifestHash = await hex(manifestText);
  objects.set(manifestHash, manifestText);
  // What loading reads: the new manifest and chunk list in place of the fixture's (the rest is unchanged).
  const renamed = (hash: string) =>
    hash === fixture.pointer.manifest
      ? manifestHash
      : hash === oldList
        ? manifest.kinds.processes.chunkList
        : hash;
  const loadBy = fixture.pointer.loadBy!;
  return {
    pointer: {
      ...fixture.pointer,
      version: manifestHash.slice(0, 12),
      manifest: manifestHash,
      load: fixture.pointer.load.map(renamed),
      loadBy: {
        ...loadBy,
        manifest: loadBy.manifest.map(renamed),
        chunkList: { ...loadBy.chunkList, processes: loadBy.chunkList.processes!.map(renamed) },
      },
    },
    objects: [...objects],
    marker: entry.body,
    body,
  };
}

/** What `praxis publish` does to the store, in its order: every object first, the pointer last. */
async function publish(v: Version): Promise<void> {
  await Promise.all(v.objects.map(([hash, text]) => testEnv.CONTENT.put(objectKey(hash), text)));
  await testEnv.CONTENT.put(POINTER_KEY, JSON.stringify(v.pointer));
}

/** The official MCP client talking to the Worker with `overrides` in its env. */
async function client(overrides: Partial<Env> = {}): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), {
    requestInit: { headers: { authorization: `Bearer ${await token()}` } },
    fetch: (input, init) => callWorker(new Request(input as RequestInfo, init), overrides),
  });
  const mcp = new Client({ name: 'praxis-publish-test', version: '1.0.0' });
  await mcp.connect(transport);
  return mcp;
}

/** The CONTENT namespace, except that reading `key` waits until `release()`; `reached` settles when a read arrives. */
function gatedNamespace(key: string) {
  let arrive!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((resolve) => (arrive = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const kv = testEnv.CONTENT;
  const namespace = {
    get: async (name: string, type?: unknown) => {
      if (name === objectKey(key)) {
        arrive();
        await released;
      }
      return kv.get(name, type as 'text');
    },
    list: kv.list.bind(kv),
    put: kv.put.bind(kv),
    delete: kv.delete.bind(kv),
    getWithMetadata: kv.getWithMetadata.bind(kv),
  } as unknown as KVNamespace;
  return { namespace, reached, release };
}

const resultOf = (result: Awaited<ReturnType<Client['callTool']>>) =>
  result.structuredContent as { version: string; content: string };

afterEach(() => resetContentCache());

describe('a pointer flip', () => {
  it('lets a request that loaded version A finish on A, while requests after the flip get B', async () => {
    const [a, b] = await Promise.all([version('A'), version('B')]);
    await publish(a);
    resetContentCache();
    const gate = gatedNamespace(a.marker);
    const slow = await client({ CONTENT: gate.namespace });
    const order: string[] = [];
    const inFlight = slow
      .callTool({ name: 'get_process', arguments: { name: 'code-review' } })
      .then((result) => (order.push('A request'), result));
    await gate.reached; // the request holds bundle A and is reading A's body

    await publish(b);
    const fast = await client();
    const afterFlip = resultOf(
      await fast.callTool({ name: 'get_process', arguments: { name: 'code-review' } }),
    );
    order.push('B request');
    expect(afterFlip).toMatchObject({
      version: b.pointer.version,
      content: expect.stringContaining('version B'),
    });

    gate.release();
    const onA = resultOf(await inFlight);
    expect(order).toEqual(['B request', 'A request']);
    expect(onA.version).toBe(a.pointer.version);
    expect(onA.content).toContain('Published as version A');
    expect(onA.content).not.toContain('version B');
    await Promise.all([slow.close(), fast.close()]);
  });

  it('reaches an isolate within PRAXIS_POINTER_TTL_MS, no sooner and no later', async () => {
    const [a, b] = await Promise.all([version('A'), version('B')]);
    await publish(a);
    resetContentCache();
    const env = { CONTENT: testEnv.CONTENT, PRAXIS_POINTER_TTL_MS: '30000' };
    expect((await currentBundle(env, 1_000))?.pointer.version).toBe(a.pointer.version);
    await publish(b);
    expect((await currentBundle(env, 30_999))?.pointer.version).toBe(a.pointer.version);
    expect((await currentBundle(env, 31_000))?.pointer.version).toBe(b.pointer.version);
  });

  it('is reported by /healthz and serverInfo once noticed, and by every result', async () => {
    const [a, b] = await Promise.all([version('A'), version('B')]);
    await publish(a);
    resetContentCache();
    const health = async (ttl: string) =>
      (
        await callWorker(new Request('http://localhost/healthz'), { PRAXIS_POINTER_TTL_MS: ttl })
      ).json() as Promise<{ version: string }>;
    expect((await health('60000')).version).toBe(a.pointer.version);
    await publish(b);
    expect((await health('60000')).version).toBe(a.pointer.version);
    expect((await health('0')).version).toBe(b.pointer.version);

    const mcp = await client();
    expect(mcp.getServerVersion()?.version).toBe(`0.1.0+${b.pointer.version}`);
    expect(
      resultOf(await mcp.callTool({ name: 'get_process', arguments: { name: 'code-review' } }))
        .version,
    ).toBe(b.pointer.version);
    await mcp.close();
  });
});
