// What a fresh isolate reads from KV before its first search answer, through a recording binding:
// the pointer, then one bulk read of the manifest and the searched kind's index head and chunk list
// (as the pointer's load lists name them, parts included) with the query's term shards (named from the
// pointer's packed shard lists) read beside it, each on its own (a bulk read costs the isolate more
// CPU per byte, and shards are the large objects), then one bulk read per step the hits need (the
// chunks of its hits, the bodies of its snippets) — never the knowledge sections or a names object,
// never a second read of an object it already has. A request that needs more
// (a get: the kind's names; anything else: everything) reads it in the same first bulk read; a
// request that needs no entry (initialize, tools/list) reads no chunk list, whatever the corpus size.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { chunkListText, storedChunkRefs } from '../../../src/bundle/chunk-list.ts';
import {
  chainOf,
  recordingNamespace,
  type StorageRead,
} from '../../../bench/workers/storage-io.ts';
import {
  objectKey,
  POINTER_KEY,
  type LoadLists,
  type Manifest,
  type Pointer,
} from '../../../src/bundle/bundle.ts';
import { joinedText } from '../../../src/bundle/object-parts.ts';
import { eraRequest } from '../../../bench/lib/era-envelope.ts';
import { unpackShardHashes } from '../../../src/bundle/search/shard-list.ts';
import { shardsOfQuery } from '../../../src/worker/content/search/query-shards.ts';
import { analyseQuery } from '../../../src/worker/content/search/query-terms.ts';
import { resetContentCache } from '../../../src/worker/content/store.ts';
import { captureConsole } from '../../helpers/console-lines.ts';
import type { Env } from '../../../src/worker/index.ts';
import {
  RESOURCE,
  cloudEnv,
  providers,
  signedByProvider,
} from '../../helpers/workerd/auth-helpers.ts';
import {
  callWorker,
  mcpRequest,
  publishProvided,
  testEnv,
  token,
} from '../../helpers/workerd/helpers.ts';

/** An object's text from a provided bundle's stored values, joined from its parts. */
const objectText = (objects: Array<[string, string]>, hash: string): string => {
  const stored = new Map(objects);
  return joinedText(stored.get(hash)!, (part) => stored.get(part));
};

const sha256Hex = async (text: string): Promise<string> =>
  [...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');

async function call(content: KVNamespace, method: string, params: unknown) {
  const response = await callWorker(
    mcpRequest({ jsonrpc: '2.0', id: 1, method, params }, { bearer: await token() }),
    { CONTENT: content },
  );
  expect(response.status).toBe(200);
  return response.text();
}

const search = (content: KVNamespace, query: string) =>
  call(content, 'tools/call', { name: 'search_processes', arguments: { query } });

/** The keys of each read a fresh isolate makes for one request, in the order they started. */
async function coldReads(
  request: (content: KVNamespace) => Promise<string>,
): Promise<{ reads: StorageRead[]; answer: string }> {
  resetContentCache();
  const { reads, content } = recordedNamespace();
  const answer = await request(content);
  return { reads: reads.sort((a, b) => a.startedAt - b.startedAt), answer };
}

/** The test's KV, each read through it recorded into `reads` as it ends. */
function recordedNamespace(): { reads: StorageRead[]; content: KVNamespace } {
  const reads: StorageRead[] = [];
  let events = 0;
  const content = recordingNamespace(
    testEnv.CONTENT,
    (read) => reads.push(read),
    () => ++events,
  );
  return { reads, content };
}

/** A fresh isolate's answer to one search (status and text), with the log lines it wrote. */
async function freshSearchLogged(query: string) {
  const { value: answer, lines } = await captureConsole(async () => {
    resetContentCache();
    const reply = await callWorker(
      mcpRequest(
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'search_processes', arguments: { query } },
        },
        { bearer: await token() },
      ),
    );
    return { status: reply.status, text: await reply.text() };
  });
  return { answer, lines };
}

/** Stores `manifest` and points the served version at it (with `loadBy` changes), in place of `pointer`'s. */
async function serveManifest(
  pointer: Pointer,
  manifest: unknown,
  loadBy: Partial<LoadLists> = {},
): Promise<void> {
  const text = JSON.stringify(manifest);
  const hash = await sha256Hex(text);
  await testEnv.CONTENT.put(objectKey(hash), text);
  await testEnv.CONTENT.put(
    POINTER_KEY,
    JSON.stringify({
      ...pointer,
      manifest: hash,
      loadBy: { ...pointer.loadBy!, manifest: [hash], ...loadBy },
    }),
  );
}

describe("a fresh isolate's reads before its first search answer", () => {
  beforeAll(() => publishProvided('chunkedBundle'), 60_000);

  it("are the pointer, one bulk read of the load list with the query's shards read alone beside it, then one bulk read per dependent step", async () => {
    resetContentCache();
    const { reads, content } = recordedNamespace();
    expect(await search(content, 'rollout canary')).toContain('p-0');

    const chain = chainOf(reads);
    // pointer → load list beside the shards → chunks → bodies: each step one KV operation but for
    // the shards, one each.
    expect(chain.roundTrips).toBeLessThanOrEqual(4);
    const [pointer, ...rest] = [...reads].sort((a, b) => a.startedAt - b.startedAt);
    expect(pointer!.keys).toEqual([POINTER_KEY]);
    const { pointer: published } = inject('chunkedBundle');
    const shards = unpackShardHashes(published.shards?.processes)!;
    expect(shards.length).toBeGreaterThan(1);
    const queryShards = shardsOfQuery(analyseQuery('rollout canary'), shards.length).map((shard) =>
      objectKey(shards[shard]!),
    );
    expect(queryShards.length).toBeGreaterThan(1);
    expect(chain.operations).toBe(chain.roundTrips + queryShards.length);
    const lists = published.loadBy!;
    const load = rest.find((read) => read.keys.includes(objectKey(lists.manifest[0]!)))!;
    expect(new Set(load.keys)).toEqual(
      new Set(
        [...lists.manifest, ...lists.index.processes!, ...lists.chunkList.processes!].map(
          objectKey,
        ),
      ),
    );
    // Each shard alone, all started before the load list's read ended: no serial step of their own.
    const shardReads = rest.filter((read) => queryShards.includes(read.keys[0]!));
    expect(shardReads.map((read) => read.keys)).toEqual(
      expect.arrayContaining(queryShards.map((key) => [key])),
    );
    expect(shardReads).toHaveLength(queryShards.length);
    for (const read of shardReads) expect(read.startedAt).toBeLessThan(load.endedAt);
    // No object is read twice.
    const keys = reads.flatMap((read) => read.keys);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('are none but the pointer for a second search of the same words', async () => {
    const { reads, content } = recordedNamespace();
    resetContentCache();
    await search(content, 'rollout canary');
    reads.length = 0;
    await search(content, 'rollout canary');
    expect(reads.flatMap((read) => read.keys).filter((key) => key !== POINTER_KEY)).toEqual([]);
  });

  it("are the new words' shards alone, each in a read of its own, for a warm isolate's search of other words", async () => {
    const { reads, content } = recordedNamespace();
    resetContentCache();
    await search(content, 'rollout canary');
    const { pointer: published } = inject('chunkedBundle');
    const shards = unpackShardHashes(published.shards?.processes)!;
    const known = new Set(shardsOfQuery(analyseQuery('rollout canary'), shards.length));
    const fresh = shardsOfQuery(analyseQuery('incident pager escalation'), shards.length)
      .filter((shard) => !known.has(shard))
      .map((shard) => objectKey(shards[shard]!));
    expect(fresh.length).toBeGreaterThan(0);
    reads.length = 0;
    await search(content, 'incident pager escalation');
    const shardReads = reads.filter((read) => read.keys.some((key) => fresh.includes(key)));
    expect(shardReads.map((read) => read.keys).sort()).toEqual(fresh.map((key) => [key]).sort());
  });

  it('leave out the knowledge sections and the names objects, also where they are stored in parts', async () => {
    await publishProvided('partedBundle');
    const { pointer: published } = inject('partedBundle');
    const lists = published.loadBy!;
    expect(lists.knowledge.length).toBeGreaterThan(1);
    const { reads, answer } = await coldReads((content) => search(content, 'review'));
    expect(answer).toContain('code-review');
    const keys = new Set(reads.flatMap((read) => read.keys));
    for (const hash of [
      ...lists.knowledge,
      ...lists.names.processes!,
      ...lists.names.checklists!,
      ...lists.index.checklists!,
    ])
      expect(keys).not.toContain(objectKey(hash));
    const load = reads.find((read) => read.keys.includes(objectKey(lists.manifest[0]!)))!;
    expect(load.keys).toEqual(
      expect.arrayContaining(
        [...lists.manifest, ...lists.index.processes!, ...lists.chunkList.processes!].map(
          objectKey,
        ),
      ),
    );
    // (Chunks and bodies follow, each more than 512 characters and so in parts in this bundle: more steps, not more needs.)
  });

  it("bring a get its kind's names, and any other request everything, in the bulk read after the pointer", async () => {
    await publishProvided('partedBundle');
    const lists = inject('partedBundle').pointer.loadBy!;
    const get = await coldReads((content) =>
      call(content, 'tools/call', { name: 'get_process', arguments: { name: 'no-such-process' } }),
    );
    expect(get.answer).toContain('PROCESS_NOT_FOUND');
    expect(new Set(get.reads[1]!.keys)).toEqual(
      new Set(
        [...lists.manifest, ...lists.names.processes!, ...lists.chunkList.processes!].map(
          objectKey,
        ),
      ),
    );
    expect(get.reads.length).toBe(2);
    const list = await coldReads((content) => call(content, 'resources/list', {}));
    expect(list.answer).toContain('vitaegraph://record/');
    const everything = [
      ...lists.manifest,
      ...lists.knowledge,
      ...Object.values(lists.names).flat(),
      ...Object.values(lists.index).flat(),
      ...Object.values(lists.chunkList).flat(),
      ...lists.recordChunkList,
    ];
    expect(new Set(list.reads[1]!.keys)).toEqual(new Set(everything.map(objectKey)));
    // The graph records' chunks, named by their chunk list, follow in one more bulk read.
    const { objects } = inject('partedBundle');
    const chunks = (
      JSON.parse(objectText(objects, lists.recordChunkList[0]!)) as Array<{ hash: string }>
    ).map((chunk) => objectKey(chunk.hash));
    expect(chunks.length).toBeGreaterThan(0);
    expect(list.reads[2]!.keys).toEqual(expect.arrayContaining(chunks));
  });

  for (const method of ['initialize', 'tools/list'] as const) {
    it(`bring ${method} the manifest and the knowledge sections alone: no names, index head, record or body`, async () => {
      await publishProvided('partedBundle');
      const { pointer, objects } = inject('partedBundle');
      const lists = pointer.loadBy!;
      const { reads, answer } = await coldReads((content) =>
        call(
          content,
          method,
          method === 'initialize'
            ? {
                protocolVersion: '2025-06-18',
                capabilities: {},
                clientInfo: { name: 'cold-reads', version: '1' },
              }
            : {},
        ),
      );
      expect(answer).toContain(method === 'initialize' ? 'serverInfo' : 'search_vitaegraph');
      expect(reads.map((read) => new Set(read.keys))).toEqual([
        new Set([POINTER_KEY]),
        new Set([...lists.manifest, ...lists.knowledge].map(objectKey)),
      ]);
      // The knowledge object holds no record entry now: what grows with the corpus is elsewhere.
      const knowledge = JSON.parse(objectText(objects, lists.knowledge[0]!)) as {
        graph: Record<string, unknown>;
      };
      expect(Object.keys(knowledge.graph).sort()).toEqual(['index', 'search']);
    });
  }

  for (const method of ['server/discover', 'tools/list'] as const) {
    it(`bring a 2026-07-28 ${method} the manifest and the knowledge sections alone`, async () => {
      await publishProvided('partedBundle');
      const lists = inject('partedBundle').pointer.loadBy!;
      const request = eraRequest('modern', { id: 1, method, params: {} });
      const { reads, answer } = await coldReads(async (content) => {
        const response = await callWorker(
          mcpRequest(request.body, { bearer: await token(), headers: request.headers }),
          { CONTENT: content },
        );
        expect(response.status).toBe(200);
        return response.text();
      });
      expect(answer).toContain('"result"');
      expect(answer).not.toContain('"error":{"code"');
      expect(reads.map((read) => new Set(read.keys))).toEqual([
        new Set([POINTER_KEY]),
        new Set([...lists.manifest, ...lists.knowledge].map(objectKey)),
      ]);
    });
  }

  it("bring a graph record's resource the manifest, the knowledge sections, the records' chunk list and the one chunk holding it, never every record", async () => {
    await publishProvided('partedBundle');
    const { pointer, objects } = inject('partedBundle');
    const lists = pointer.loadBy!;
    const manifest = JSON.parse(objectText(objects, pointer.manifest)) as Manifest;
    const { reads, answer } = await coldReads((content) =>
      call(content, 'resources/read', { uri: 'vitaegraph://record/skill-typescript' }),
    );
    expect(answer).toContain('skill-typescript');
    expect(new Set(reads[1]!.keys)).toEqual(
      new Set([...lists.manifest, ...lists.knowledge, ...lists.recordChunkList].map(objectKey)),
    );
    const keys = new Set(reads.flatMap((read) => read.keys));
    const recordChunks = JSON.parse(objectText(objects, manifest.records!.chunkList)) as Array<{
      hash: string;
    }>;
    const chunksRead = recordChunks.filter((chunk) => keys.has(objectKey(chunk.hash)));
    expect(chunksRead).toHaveLength(1);
    for (const hash of [...Object.values(lists.names).flat(), ...Object.values(lists.index).flat()])
      expect(keys).not.toContain(objectKey(hash));
  });

  it('load the knowledge sections into a warm isolate that served only searches, in one bulk read', async () => {
    await publishProvided('partedBundle');
    const lists = inject('partedBundle').pointer.loadBy!;
    resetContentCache();
    const { reads, content } = recordedNamespace();
    await search(content, 'review');
    reads.length = 0;
    expect(await call(content, 'resources/read', { uri: 'career-context://current' })).toContain(
      'career-context://current',
    );
    const keys = reads.flatMap((read) => read.keys);
    expect(keys).toEqual(
      expect.arrayContaining([...lists.knowledge, ...lists.names.processes!].map(objectKey)),
    );
    expect(
      reads.filter((read) => read.keys.includes(objectKey(lists.knowledge[0]!)))[0]!.keys,
    ).toEqual(expect.arrayContaining(lists.knowledge.map(objectKey)));
  });
});

describe('/healthz on a fresh isolate', () => {
  beforeAll(() => publishProvided('chunkedBundle'), 60_000);

  it('reads the pointer and the manifest, nothing else: a health check must not load a whole version into every cold isolate', async () => {
    const { reads, answer } = await coldReads(async (content) => {
      const response = await callWorker(new Request('http://localhost/healthz'), {
        CONTENT: content,
      });
      expect(response.status).toBe(200);
      return response.text();
    });
    const { pointer } = inject('chunkedBundle');
    expect(JSON.parse(answer)).toMatchObject({ status: 'ok', version: pointer.version });
    expect(reads.map((read) => read.keys)).toEqual([[POINTER_KEY], [objectKey(pointer.manifest)]]);
  });
});

describe('a manifest whose per-access counts do not add up', () => {
  it('is refused like any damaged version: a clean 503, no count from it', async () => {
    const { pointer, objects } = inject('chunkedBundle');
    const manifest = JSON.parse(objectText(objects, pointer.manifest)) as Manifest;
    const audiences = manifest.kinds.processes.audiences!;
    expect(audiences.length).toBe(2);
    // One restricted document counted as public: a caller without the group would be told one more.
    const damaged = {
      ...manifest,
      kinds: {
        ...manifest.kinds,
        processes: {
          ...manifest.kinds.processes,
          audiences: audiences.map((audience) => ({
            ...audience,
            count: audience.access ? audience.count : audience.count + 1,
          })),
        },
      },
    };
    await serveManifest(pointer, damaged);
    const { answer, lines } = await freshSearchLogged('rollout');
    expect(answer.status).toBe(503);
    expect(answer.text).not.toMatch(/"results"|processes\b.*\d+ processes/);
    expect(lines.join('\n')).toContain('counts 701 processes by access where it lists 700');
  });
});

describe("a chunk list whose counts do not add up to the manifest's", () => {
  it('answers no entry from it: the search fails cleanly, naming the damage in the log', async () => {
    const { pointer, objects } = inject('chunkedBundle');
    const manifest = JSON.parse(objectText(objects, pointer.manifest)) as Manifest;
    const list = storedChunkRefs(objectText(objects, manifest.kinds.processes.chunkList));
    // The last chunk dropped: positions past it would be read from nowhere, or from the wrong chunk.
    const listText = chunkListText(list.slice(0, -1));
    const listHash = await sha256Hex(listText);
    const damaged = {
      ...manifest,
      kinds: {
        ...manifest.kinds,
        processes: { ...manifest.kinds.processes, chunkList: listHash },
      },
    };
    await testEnv.CONTENT.put(objectKey(listHash), listText);
    await serveManifest(pointer, damaged, {
      chunkList: { ...pointer.loadBy!.chunkList, processes: [listHash] },
    });
    const { answer, lines } = await freshSearchLogged('rollout canary');
    expect(JSON.parse(answer.text)).toMatchObject({
      error: { code: -32603, message: expect.stringContaining('could not be loaded') },
    });
    expect(answer.text).not.toContain('p-0');
    expect(answer.text).not.toContain('"results"');
    expect(answer.text).not.toMatch(/at \w+ \(|\.ts:\d+/);
    const missing = list.at(-1)!.count;
    expect(lines.join('\n')).toContain(
      `counts ${700 - missing} entries where the manifest says 700: the bundle is damaged`,
    );
    await publishProvided('chunkedBundle');
  });
});

describe('a version written by a build before the load lists and per-access counts', () => {
  it('is read whole in the bulk read after the pointer, once, and answers every caller as the newer layout does', async () => {
    const { pointer, objects } = inject('chunkedBundle');
    const search = async (
      content: KVNamespace,
      { bearer, env }: { bearer: string; env: Partial<Env> },
    ) =>
      (
        await callWorker(
          mcpRequest(
            {
              jsonrpc: '2.0',
              id: 1,
              method: 'tools/call',
              params: {
                name: 'search_processes',
                arguments: { query: 'rollout canary', limit: 5 },
              },
            },
            { bearer },
          ),
          { ...env, CONTENT: content },
        )
      ).text();
    const now = Math.floor(Date.now() / 1000);
    const callers = [
      { bearer: await token(), env: {} },
      {
        bearer: await signedByProvider({
          iss: providers.stable,
          aud: RESOURCE,
          sub: 'security-member',
          scope: 'praxis:read',
          iat: now,
          exp: now + 600,
          groups: ['security-team'],
        }),
        env: cloudEnv(),
      },
    ];
    // One cold isolate per caller, one after the other.
    const answers = async (content: KVNamespace) => {
      const texts: string[] = [];
      for (const caller of callers) {
        resetContentCache();
        // A cursor's tag is keyed by the manifest's hash, which differs by construction.
        texts.push(
          (await search(content, caller)).replace(
            /(eyJ[A-Za-z0-9_-]+)\.[A-Za-z0-9_-]{22}/g,
            '$1.<tag>',
          ),
        );
      }
      return texts;
    };
    await publishProvided('chunkedBundle');
    const current = await answers(testEnv.CONTENT);

    // The same version as an older build wrote it: no audiences in the manifest, no loadBy in the pointer.
    const manifest = JSON.parse(
      objects.find(([hash]) => hash === pointer.manifest)![1],
    ) as Manifest;
    for (const section of Object.values(manifest.kinds)) delete section.audiences;
    const text = JSON.stringify(manifest);
    const hash = await sha256Hex(text);
    await testEnv.CONTENT.put(objectKey(hash), text);
    const { loadBy: _sorted, ...older } = pointer;
    await testEnv.CONTENT.put(
      POINTER_KEY,
      JSON.stringify({
        ...older,
        manifest: hash,
        load: [hash, ...pointer.load.filter((key) => key !== pointer.manifest)],
      }),
    );
    const { reads, content: recorded } = recordedNamespace();
    const old = await answers(recorded);
    expect(old.map((answer) => answer.replaceAll(pointer.version, 'V'))).toEqual(
      current.map((answer) => answer.replaceAll(pointer.version, 'V')),
    );
    expect(current[0]).not.toEqual(current[1]);
    // Each cold isolate read the whole load list in the read after the pointer, and nothing of it twice.
    const olderLoad = [hash, ...pointer.load.filter((key) => key !== pointer.manifest)].map(
      objectKey,
    );
    const perCaller = reads.filter((read) => read.keys.includes(objectKey(hash)));
    expect(perCaller).toHaveLength(callers.length);
    for (const read of perCaller) expect(read.keys).toEqual(expect.arrayContaining(olderLoad));
    const names = objectKey(manifest.kinds.processes.names);
    expect(reads.flatMap((read) => read.keys).filter((key) => key === names)).toHaveLength(
      callers.length,
    );
  });
});
