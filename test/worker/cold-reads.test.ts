// What a fresh isolate reads from KV before its first search answer, through a recording binding:
// the pointer, then one bulk read of everything the pointer's load list names together with the
// query's term shards (named from the pointer's packed shard lists), then one bulk read per step
// the hits need (the chunks of its hits, the bodies of its snippets) — never one read per object,
// never a second read of an object it already has.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { chainOf, recordingNamespace, type StorageRead } from '../../bench/storage-io.ts';
import { objectKey, POINTER_KEY } from '../../src/bundle/bundle.ts';
import { unpackShardHashes } from '../../src/worker/content/search/shard-list.ts';
import { shardsOfQuery } from '../../src/worker/content/search/shards.ts';
import { resetContentCache } from '../../src/worker/content/store.ts';
import { MCP_URL, callWorker, publishProvided, testEnv, token } from './helpers.ts';

async function search(content: KVNamespace, query: string) {
  const response = await callWorker(new Request(MCP_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${await token()}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_processes', arguments: { query } } }),
  }), { CONTENT: content });
  expect(response.status).toBe(200);
  return response.text();
}

describe('a fresh isolate\'s reads before its first search answer', () => {
  beforeAll(() => publishProvided('chunkedBundle'), 60_000);

  it('are the pointer, one bulk read of the load list and the query\'s shards, then one bulk read per dependent step', async () => {
    resetContentCache();
    const reads: StorageRead[] = [];
    let events = 0;
    const content = recordingNamespace(testEnv.CONTENT, (read) => reads.push(read), () => ++events);
    expect(await search(content, 'rollout canary')).toContain('p-0');

    const chain = chainOf(reads);
    // pointer → load list and shards → chunks → bodies: each step a single KV operation.
    expect(chain.roundTrips).toBeLessThanOrEqual(4);
    expect(chain.operations).toBe(chain.roundTrips);
    const [pointer, load] = [...reads].sort((a, b) => a.startedAt - b.startedAt);
    expect(pointer!.keys).toEqual([POINTER_KEY]);
    const { pointer: published } = inject('chunkedBundle');
    const shards = unpackShardHashes(published.shards?.processes)!;
    expect(shards.length).toBeGreaterThan(1);
    const queryShards = shardsOfQuery('rollout canary', shards.length).map((shard) => objectKey(shards[shard]!));
    expect(new Set(load!.keys)).toEqual(new Set([...published.load.map(objectKey), ...queryShards]));
    // No object is read twice.
    const keys = reads.flatMap((read) => read.keys);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('are none but the pointer for a second search of the same words', async () => {
    const reads: StorageRead[] = [];
    let events = 0;
    const content = recordingNamespace(testEnv.CONTENT, (read) => reads.push(read), () => ++events);
    resetContentCache();
    await search(content, 'rollout canary');
    reads.length = 0;
    await search(content, 'rollout canary');
    expect(reads.flatMap((read) => read.keys).filter((key) => key !== POINTER_KEY)).toEqual([]);
  });
});
