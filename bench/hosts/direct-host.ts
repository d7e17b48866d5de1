// The benchmark Worker in workerd through Miniflare alone: no `wrangler dev` proxy (a second workerd
// process every request crosses) and no request logging back to Node. On Cloudflare's edge a
// request reaches the isolate with neither, so this host shows more of what the Worker itself costs;
// Miniflare's entry worker still sits in front. The script is the one `wrangler deploy` would
// upload (bundled by `wrangler deploy --dry-run`), and the KV directory is the one wrangler dev and
// the publisher use, so both hosts serve the same published content.
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { freePort } from '../../scripts/dev/free-port.ts';
import { BENCH_COMPATIBILITY, benchNamespaceId, type WorkerHost } from './worker-host.ts';
import { rssBytes, workerdBelow } from './workerd-processes.ts';

const repoRoot = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** Bundles the bench config's Worker into `outDir` as `wrangler deploy` would; returns the script's path. */
export async function bundleBenchWorker(config: string, outDir: string): Promise<string> {
  await run(
    process.execPath,
    [
      join(repoRoot, 'node_modules/wrangler/bin/wrangler.js'),
      'deploy',
      '--dry-run',
      '--config',
      config,
      '--outdir',
      outDir,
    ],
    {
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    },
  );
  // wrangler names the bundle after the config's entry file.
  const script = (await readdir(outDir)).find((name) => name.endsWith('.js'));
  if (!script) throw new Error(`wrangler deploy --dry-run wrote no script into ${outDir}`);
  return join(outDir, script);
}

/** What a bench Worker needs beyond the shared settings: more compatibility flags, D1 databases (binding → id). */
export interface DirectWorkerExtras {
  compatibilityFlags?: string[];
  d1Databases?: Record<string, string>;
}

/** A new workerd process (a cold isolate) serving `script` over the KV (and D1) persisted under `persistTo`. */
export async function startDirectWorker(
  script: string,
  persistTo: string,
  envFile: string,
  extras: DirectWorkerExtras = {},
): Promise<WorkerHost> {
  const before = new Set(workerdBelow(process.pid).map((child) => child.pid));
  // A port found free can be taken before workerd binds it (another process's connection): try again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePorts(script, persistTo, envFile, extras, before);
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'ERR_ADDRESS_IN_USE' || attempt === 3) throw error;
    }
  }
}

async function startOnFreePorts(
  script: string,
  persistTo: string,
  envFile: string,
  extras: DirectWorkerExtras,
  before: Set<number>,
): Promise<WorkerHost> {
  const port = await freePort();
  // Neither port is held until workerd binds it, so the second ask can return the first port again.
  let inspectorPort = await freePort();
  while (inspectorPort === port) inspectorPort = await freePort();
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: '127.0.0.1',
      port,
      inspectorPort,
      logRequests: false,
      // The Worker's audit lines would interleave with the bench's progress; wrangler dev keeps them in its own process.
      handleStructuredLogs: () => undefined,
      // wrangler dev --persist-to DIR keeps its state under DIR/v3.
      resourcePersistencePath: join(persistTo, 'v3'),
      workers: [
        {
          name: 'praxis-bench',
          modules: true,
          scriptPath: script,
          modulesRoot: resolve(script, '..'),
          ...BENCH_COMPATIBILITY,
          compatibilityFlags: [
            ...BENCH_COMPATIBILITY.compatibilityFlags,
            ...(extras.compatibilityFlags ?? []),
          ],
          kvNamespaces: { CONTENT: { id: benchNamespaceId() } },
          d1Databases: extras.d1Databases ?? {},
          bindings: await envBindings(envFile),
        },
      ],
    }),
  );
  let url: URL;
  try {
    url = await mf.ready;
  } catch (error) {
    await mf.dispose().catch(() => undefined);
    throw error;
  }
  const pids = workerdBelow(process.pid)
    .map((child) => child.pid)
    .filter((pid) => !before.has(pid));
  return {
    url: new URL(url.origin),
    pids,
    rss: () => pids.reduce((sum, pid) => sum + rssBytes(pid), 0),
    close: () => mf.dispose(),
  };
}

/** `NAME=value` lines of the bench's env file, as the Worker's plain-text bindings. */
async function envBindings(envFile: string): Promise<Record<string, string>> {
  const lines = (await readFile(envFile, 'utf8')).split('\n').filter((line) => line.includes('='));
  return Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}
