// The cold path of a built bundle without a Worker host: `node bench/commands/cold-chain.ts BUNDLE_DIR
// [QUERY…]` (BUNDLE_DIR as `praxis build --out` writes it). For each query, with every cache of
// the content store emptied (as in a new isolate), the MCP server answers one stateless
// `search_processes` over an in-memory KV holding the bundle, through the same recording binding
// the benchmark's Worker uses; prints the chain of serial reads and the bytes read before the
// answer. Quicker than `npm run bench` at 100 000 documents (no wrangler, no server-memory). It runs
// in Node, so it counts reads and bytes, never time, and it does what the /mcp route does after
// authentication (the route itself needs workerd's modules): the store is asked for the bundle with
// the request's searches, then the per-request server answers.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { objectKey, POINTER_KEY } from '../../src/bundle/bundle.ts';
import { currentBundle, resetContentCache } from '../../src/worker/content/store.ts';
import { requestPlan } from '../../src/worker/http/plan/request-plan.ts';
import { createPraxisServer } from '../../src/worker/mcp/server.ts';
import { mcpHeaders, searchRequest } from '../lib/clients.ts';
import { describeKeys, objectRoles } from '../lib/object-roles.ts';
import {
  chainOf,
  recordingNamespace,
  type StorageChain,
  type StorageRead,
} from '../workers/storage-io.ts';

export const DEFAULT_QUERIES = [
  'how do we review code',
  'deployment',
  'incident response on call',
  'security testing pipeline',
];

/**
 * A KV namespace over a bundle directory's values, each file read when first asked for (a bundle
 * of a million documents does not fit in memory): reads answer on a later turn, like a network read.
 */
export async function bundleNamespace(
  dir: string,
): Promise<{ kv: KVNamespace; describe: (keys: string[]) => string }> {
  const pointerText = await readFile(join(dir, 'pointer.json'), 'utf8');
  const value = (key: string): string | undefined => {
    if (key === POINTER_KEY) return pointerText;
    const hash = key.slice(objectKey('').length);
    if (!/^[0-9a-f]{64}$/.test(hash)) return undefined;
    const file = join(dir, 'objects', hash);
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  };
  const later = () => new Promise((resolve) => setTimeout(resolve, 1));
  const get = async (key: string | string[]) => {
    await later();
    return Array.isArray(key)
      ? new Map(key.map((one) => [one, value(one) ?? null]))
      : (value(key) ?? null);
  };
  const pointer = JSON.parse(pointerText) as { manifest: string };
  // Walked on first use, after the calls measured: at 1 000 000 documents the roles of every object
  // fill hundreds of MiB of heap, whose marking would otherwise be counted in a call's CPU.
  let roles: ReturnType<typeof objectRoles> | undefined;
  return {
    kv: { get } as unknown as KVNamespace,
    describe: (keys) =>
      describeKeys(
        keys,
        (roles ??= objectRoles(pointer.manifest, (hash) => value(objectKey(hash)))),
      ),
  };
}

/** `kv` as the Worker reads it, each read recorded in order on a logical clock. */
function recordedReads(kv: KVNamespace): { content: KVNamespace; reads: StorageRead[] } {
  const reads: StorageRead[] = [];
  let events = 0;
  const content = recordingNamespace(
    kv,
    (read) => reads.push(read),
    () => ++events,
  );
  return { content, reads };
}

export async function coldChain(
  dir: string,
  queries: readonly string[],
): Promise<
  Array<{ query: string; results: number; chain: StorageChain; keys: string[]; cpuMs: number }>
> {
  const { kv, describe } = await bundleNamespace(dir);
  const principal = { subject: 'bench', groups: [], scopes: [], via: 'local' as const };
  const outcomes = [];
  for (const query of queries) {
    resetContentCache();
    const { content, reads } = recordedReads(kv);
    const body = { value: JSON.parse(searchRequest(query)) as unknown };
    const cpuBefore = process.cpuUsage();
    const bundle = await currentBundle({ CONTENT: content }, Date.now(), requestPlan(body).needs);
    if (!bundle) throw new Error(`${dir} holds no published version`);
    const handler = createMcpHandler(() =>
      createPraxisServer({ bundle, principal, calledTool: 'search_processes' }),
    );
    const response = await handler.fetch(
      new Request('http://127.0.0.1/mcp', {
        method: 'POST',
        headers: mcpHeaders('unused'),
        body: searchRequest(query),
      }),
      { parsedBody: body.value },
    );
    const text = await response.text();
    const cpu = process.cpuUsage(cpuBefore);
    if (!response.ok || !text.includes('"results"'))
      throw new Error(`search_processes failed: HTTP ${response.status}: ${text.slice(0, 300)}`);
    const answer = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as {
      result: { structuredContent: { results: unknown[] } };
    };
    outcomes.push({
      query,
      results: answer.result.structuredContent.results.length,
      reads,
      cpuMs: (cpu.user + cpu.system) / 1000,
    });
  }
  // Described once every query is measured (see bundleNamespace).
  return outcomes.map(({ reads, ...outcome }) => ({
    ...outcome,
    chain: chainOf(reads, describe),
    keys: keysRead(reads),
  }));
}

/** Every key `reads` asked for, once each. */
export const keysRead = (reads: StorageRead[]): string[] => [
  ...new Set(reads.flatMap((read) => read.keys)),
];

/** Messages a client sends before any search, each answered by the full server (no document tool named). */
const LIST_CALLS: Record<string, object> = {
  initialize: {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'cold-chain', version: '1' },
    },
  },
  'tools/list': { jsonrpc: '2.0', id: 1, method: 'tools/list' },
};

/**
 * A fresh isolate's `initialize` or `tools/list`: the reads it makes, and (in Node, so only a
 * guide to workerd) the CPU the load and answer take and the heap left holding the bundle.
 */
export async function coldListCall(
  dir: string,
  method: string,
): Promise<{
  chain: StorageChain;
  reads: StorageRead[];
  describe: (keys: string[]) => string;
  cpuMs: number;
  heapMiB: number;
  answerBytes: number;
}> {
  const { kv, describe } = await bundleNamespace(dir);
  const principal = { subject: 'bench', groups: [], scopes: [], via: 'local' as const };
  resetContentCache();
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const { content, reads } = recordedReads(kv);
  const message = LIST_CALLS[method];
  if (!message) throw new Error(`--call is one of ${Object.keys(LIST_CALLS).join(', ')}`);
  const body = { value: message as unknown };
  const cpuBefore = process.cpuUsage();
  const bundle = await currentBundle({ CONTENT: content }, Date.now(), requestPlan(body).needs);
  if (!bundle) throw new Error(`${dir} holds no published version`);
  const handler = createMcpHandler(() => createPraxisServer({ bundle, principal }));
  const response = await handler.fetch(
    new Request('http://127.0.0.1/mcp', {
      method: 'POST',
      headers: mcpHeaders('unused'),
      body: JSON.stringify(message),
    }),
    { parsedBody: body.value },
  );
  const text = await response.text();
  const cpu = process.cpuUsage(cpuBefore);
  if (!response.ok || !text.includes('"result"'))
    throw new Error(`${method} failed: HTTP ${response.status}: ${text.slice(0, 300)}`);
  globalThis.gc?.();
  return {
    // Steps undescribed: describing walks every object of the bundle (see bundleNamespace).
    chain: chainOf(reads),
    reads,
    describe,
    cpuMs: (cpu.user + cpu.system) / 1000,
    heapMiB: (process.memoryUsage().heapUsed - heapBefore) / 1024 ** 2,
    answerBytes: Buffer.byteLength(text),
  };
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const callAt = args.indexOf('--call');
  // --repeat N: the same cold call N times in one process, every content cache emptied before each.
  // The first also pays Node's compiling of the code it runs; the later ones are the call's own work.
  const repeatAt = args.indexOf('--repeat');
  const repeat = repeatAt >= 0 ? Math.max(1, Number(args.splice(repeatAt, 2)[1])) : 1;
  if (callAt >= 0) {
    const [method] = args.splice(args.indexOf('--call'), 2).slice(1);
    const [dir] = args;
    if (!dir || !method)
      throw new Error(
        'usage: node bench/commands/cold-chain.ts BUNDLE_DIR --call initialize|tools/list [--repeat N]',
      );
    let first: Awaited<ReturnType<typeof coldListCall>> | undefined;
    for (let run = 1; run <= repeat; run++) {
      const call = await coldListCall(dir, method);
      first ??= call;
      const { chain, cpuMs, heapMiB, answerBytes } = call;
      console.log(
        `${method}${repeat > 1 ? ` (cold call ${run} of ${repeat})` : ''}: ${chain.roundTrips} serial round trips, ${chain.operations} KV operations for ${chain.keys} keys, ${(chain.bytes / 1024 ** 2).toFixed(2)} MiB read; in Node: ${cpuMs.toFixed(1)} ms CPU, ${heapMiB.toFixed(1)} MiB heap held after a GC; answer ${answerBytes} bytes`,
      );
    }
    for (const step of chainOf(first!.reads, first!.describe).steps) console.log(`    ${step}`);
    process.exit(0);
  }
  const [dir, ...queries] = args;
  if (!dir)
    throw new Error(
      'usage: node bench/commands/cold-chain.ts BUNDLE_DIR [QUERY…] [--repeat N] | BUNDLE_DIR --call initialize|tools/list [--repeat N]',
    );
  const asked = queries.length ? queries : DEFAULT_QUERIES;
  for (const { query, results, chain, cpuMs } of await coldChain(
    dir,
    Array.from({ length: repeat }, () => asked).flat(),
  )) {
    console.log(
      `"${query}": ${results} results; ${chain.roundTrips} serial round trips, ${chain.operations} KV operations for ${chain.keys} keys, ${(chain.bytes / 1024 ** 2).toFixed(2)} MiB; in Node: ${cpuMs.toFixed(1)} ms CPU`,
    );
    for (const step of chain.steps) console.log(`    ${step}`);
  }
}
