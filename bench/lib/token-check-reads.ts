// The KV reads checking each kind of token makes per MCP request, counted rather than assumed:
// bench/workers/token-check-reads-worker.ts, bundled as `wrangler deploy` would, runs in workerd through
// Miniflare with a real local OAUTH_KV namespace. (workerd's inspector reports no KV traffic, so
// the Worker that bench/lib/token-check-cost.ts profiles cannot count its own reads.)
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { bundleBenchWorker } from '../hosts/direct-host.ts';
import type { TokenCheckReads } from '../workers/token-check-reads-worker.ts';
import { BENCH_COMPATIBILITY } from '../hosts/worker-host.ts';

export type { TokenCheckReads };

const COMPATIBILITY_FLAGS = [
  ...BENCH_COMPATIBILITY.compatibilityFlags,
  'global_fetch_strictly_public',
];

export async function countTokenCheckReads(checks = 20): Promise<TokenCheckReads> {
  const dir = await mkdtemp(join(tmpdir(), 'praxis-token-reads-'));
  try {
    const config = join(dir, 'wrangler.token-reads.toml');
    await writeFile(
      config,
      [
        'name = "praxis-token-reads"',
        `main = ${JSON.stringify(resolve(import.meta.dirname, '../workers/token-check-reads-worker.ts'))}`,
        `compatibility_date = "${BENCH_COMPATIBILITY.compatibilityDate}"`,
        // As wrangler.toml: the library offers client ID metadata documents only with the second flag.
        `compatibility_flags = ${JSON.stringify(COMPATIBILITY_FLAGS)}`,
        '[[kv_namespaces]]',
        'binding = "OAUTH_KV"',
        'id = "token-reads"',
      ].join('\n'),
    );
    await bundleBenchWorker(config, join(dir, 'out'));
    // wrangler names the bundle after its entry module.
    const script = join(dir, 'out', 'token-check-reads-worker.js');
    const mf = new Miniflare(
      convertV4MiniflareOptions({
        logRequests: false,
        resourcePersistencePath: join(dir, 'state'),
        workers: [
          {
            name: 'praxis-token-reads',
            modules: true,
            scriptPath: script,
            modulesRoot: resolve(script, '..'),
            compatibilityDate: BENCH_COMPATIBILITY.compatibilityDate,
            compatibilityFlags: COMPATIBILITY_FLAGS,
            kvNamespaces: { OAUTH_KV: { id: 'token-reads' } },
          },
        ],
      }),
    );
    try {
      const response = await mf.dispatchFetch(`http://localhost/?checks=${checks}`);
      if (response.status !== 200)
        throw new Error(`counting KV reads failed: ${response.status} ${await response.text()}`);
      return (await response.json()) as TokenCheckReads;
    } finally {
      await mf.dispose();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
