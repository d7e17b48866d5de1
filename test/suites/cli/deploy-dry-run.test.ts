// The Worker as Cloudflare would receive it: `wrangler deploy --dry-run` bundles src/worker/index.ts with
// wrangler.toml's settings (offline; nothing is uploaded). The bundle must build, stay within the
// script size Praxis holds itself to (gzipped, as Cloudflare counts it), and start in workerd: a
// script whose global scope throws is refused at upload.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKER } from '../../../src/bundle/platform-limits.ts';

const PROJECT = resolve(import.meta.dirname, '../../..');
let outDir: string;
let result: ReturnType<typeof spawnSync>;

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'praxis-dry-run-'));
  result = spawnSync(
    process.execPath,
    [
      join(PROJECT, 'node_modules/wrangler/bin/wrangler.js'),
      'deploy',
      '--dry-run',
      '--outdir',
      outDir,
    ],
    {
      cwd: PROJECT,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1' },
    },
  );
}, 150_000);
afterAll(() => rm(outDir, { recursive: true, force: true }));

describe('wrangler deploy --dry-run', () => {
  it('bundles the Worker without errors', () => {
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toContain('--dry-run: exiting now.');
  });

  it(`keeps the gzipped script under ${WORKER.targetScriptGzipBytes / 1024} KiB (the Free plan allows ${WORKER.freeScriptGzipBytes / 1e6} MB)`, async () => {
    const modules = (await readdir(outDir)).filter((file) => /\.(m?js|wasm)$/.test(file));
    expect(modules).toContain('index.js');
    let gzipped = 0;
    for (const file of modules)
      gzipped += gzipSync(await readFile(join(outDir, file)), { level: 9 }).byteLength;
    expect(gzipped).toBeGreaterThan(10_000);
    expect(gzipped).toBeLessThanOrEqual(WORKER.targetScriptGzipBytes);
  });

  it('starts in workerd: the bundled script answers /healthz (503 before any content is published)', async () => {
    const mf = new Miniflare(
      convertV4MiniflareOptions({
        workers: [
          {
            name: 'praxis-dry-run',
            modules: true,
            scriptPath: join(outDir, 'index.js'),
            modulesRoot: outDir,
            compatibilityDate: '2026-11-01',
            compatibilityFlags: ['nodejs_compat'],
            kvNamespaces: { CONTENT: { id: 'dry-run' } },
            bindings: { PRAXIS_AUTH_MODE: 'local', PRAXIS_RATE_LIMIT: 'off' },
          },
        ],
      }),
    );
    try {
      const response = await mf.dispatchFetch('http://localhost/healthz');
      expect(response.status).toBe(503);
      await response.arrayBuffer();
    } finally {
      await mf.dispose();
    }
  });
});
