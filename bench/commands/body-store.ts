// Where a document body should live, measured: the cold reads `get_process` (one body) and a search's
// snippets (the top ten hits' bodies) make, from local KV against local R2, in workerd through
// Miniflare, in one run. Every key is read once (never cached); KV and R2 rounds alternate so drift on
// a shared machine hits both alike. Times are taken inside the Worker around each storage call
// (workerd's clock advances across I/O), so they are what the Worker waits for, not HTTP.
// workerd's clock moves in whole milliseconds, so a get_process sample is ten cold single reads in a
// row (one after another, as ten requests would make them), divided by ten.
// Usage: node bench/commands/body-store.ts [--rounds N]
import { randomBytes, createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '12' } } });
const ROUNDS = Number(values.rounds);
const SERIAL = 10;
const SNIPPET_ROUNDS = 4;
/** Bytes seeded per size and store at most: large bodies get fewer rounds. */
const SEED_BYTES = 96 * 1024 * 1024;
const SIZES = [4 * 1024, 64 * 1024, 1024 * 1024];
const SNIPPET_HITS = 10;

// The Worker: reads the named keys the way the app would from each store and times each storage call.
const script = `
export default {
  async fetch(request, env) {
    const { store, keys, serial } = await request.json();
    const started = performance.now();
    let bytes = 0, operations = 0;
    if (serial) {
      for (const key of keys) {
        const text = store === 'kv' ? await env.CONTENT.get(key, { type: 'text', cacheTtl: 2592000 }) : await (await env.ARCHIVE.get(key)).text();
        bytes += text.length;
        operations += 1;
      }
    } else if (store === 'kv') {
      if (keys.length === 1) { const text = await env.CONTENT.get(keys[0], { type: 'text', cacheTtl: 2592000 }); bytes += text.length; operations = 1; }
      else { const map = await env.CONTENT.get(keys, { type: 'text', cacheTtl: 2592000 }); for (const text of map.values()) bytes += text.length; operations = 1; }
    } else {
      const texts = await Promise.all(keys.map(async (key) => (await env.ARCHIVE.get(key)).text()));
      for (const text of texts) bytes += text.length;
      operations = keys.length;
    }
    return Response.json({ ms: performance.now() - started, bytes, operations });
  },
};`;

const dir = await mkdtemp(join(tmpdir(), 'praxis-body-store-'));
const mf = new Miniflare(
  convertV4MiniflareOptions({
    modules: true,
    script,
    compatibilityDate: '2026-11-01',
    kvNamespaces: { CONTENT: { id: 'bench-bodies' } },
    r2Buckets: { ARCHIVE: 'bench-bodies' },
    resourcePersistencePath: dir,
  } as Parameters<typeof convertV4MiniflareOptions>[0]),
);

try {
  const kv = await mf.getKVNamespace('CONTENT');
  const r2 = await mf.getR2Bucket('ARCHIVE');
  const keysFor = new Map<number, string[]>();
  const roundsFor = (size: number) =>
    Math.max(
      2,
      Math.min(ROUNDS, Math.floor((SEED_BYTES / size - SNIPPET_ROUNDS * SNIPPET_HITS) / SERIAL)),
    );
  for (const size of SIZES) {
    const needed = 2 * (roundsFor(size) * SERIAL + SNIPPET_ROUNDS * SNIPPET_HITS);
    const keys: string[] = [];
    for (let i = 0; i < needed; i++) {
      const body = `# Body ${i}\n\n${randomBytes(Math.ceil(size * 0.75))
        .toString('base64')
        .slice(0, size - 12)}`;
      const hash = createHash('sha256').update(body).digest('hex');
      await kv.put(`praxis:obj:${hash}`, body);
      await r2.put(`praxis:obj:${hash}`, body);
      keys.push(`praxis:obj:${hash}`);
    }
    keysFor.set(size, keys);
  }

  const read = async (store: 'kv' | 'r2', keys: string[], serial = false) => {
    const response = await mf.dispatchFetch('http://bench/read', {
      method: 'POST',
      body: JSON.stringify({ store, keys, serial }),
    });
    return (await response.json()) as { ms: number; bytes: number; operations: number };
  };
  const median = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  const p90 = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length * 0.9)]!;
  };

  console.log(
    `Cold body reads inside the Worker, local workerd (Miniflare), each key read once; get_process: up to ${ROUNDS} samples of ${SERIAL} serial reads, snippets: ${SNIPPET_ROUNDS} samples`,
  );
  console.log(
    '| read | body | KV median / p90 (ms) | R2 median / p90 (ms) | R2 ÷ KV (median) | storage operations KV / R2 |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const size of SIZES) {
    const keys = keysFor.get(size)!;
    let next = 0;
    const take = (n: number) => keys.slice(next, (next += n));
    const single = { kv: [] as number[], r2: [] as number[] };
    for (let round = 0; round < roundsFor(size); round++) {
      const order: Array<'kv' | 'r2'> = round % 2 ? ['r2', 'kv'] : ['kv', 'r2'];
      for (const store of order)
        single[store].push((await read(store, take(SERIAL), true)).ms / SERIAL);
    }
    const snippets = { kv: [] as number[], r2: [] as number[] };
    const operations = { kv: 0, r2: 0 };
    for (let round = 0; round < SNIPPET_ROUNDS; round++) {
      for (const store of (round % 2 ? ['r2', 'kv'] : ['kv', 'r2']) as Array<'kv' | 'r2'>) {
        const result = await read(store, take(SNIPPET_HITS));
        snippets[store].push(result.ms);
        operations[store] = result.operations;
      }
    }
    const label = size >= 1024 * 1024 ? `${size / 1024 / 1024} MiB` : `${size / 1024} KiB`;
    const row = (what: string, times: { kv: number[]; r2: number[] }, ops: string) =>
      console.log(
        `| ${what} | ${label} | ${median(times.kv).toFixed(2)} / ${p90(times.kv).toFixed(2)} | ${median(times.r2).toFixed(2)} / ${p90(times.r2).toFixed(2)} | ${(median(times.r2) / Math.max(median(times.kv), 0.001)).toFixed(2)}× | ${ops} |`,
      );
    row('get_process: one body', single, '1 / 1');
    row(
      `search snippets: ${SNIPPET_HITS} bodies at once`,
      snippets,
      `${operations.kv} (bulk get) / ${operations.r2} (one get each)`,
    );
  }
} finally {
  await mf.dispose();
  await rm(dir, { recursive: true, force: true });
}
