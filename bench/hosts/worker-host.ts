// Runs the benchmark Worker the way `praxis dev` does: `wrangler dev` (workerd) over a persisted
// local KV directory, so several Worker processes in a row serve the same published content, and
// publishes into that directory with the real publisher through wrangler's platform proxy. Each
// `startWorker` is a new wrangler/workerd process: a cold isolate.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { freePort } from '../../scripts/dev/free-port.ts';
import { r2Archive } from '../../scripts/publish/archive-store.ts';
import { kvStore } from '../../scripts/publish/local-store.ts';
import type { ContentStore } from '../../scripts/publish/store.ts';
import { rssBytes, workerdBelow } from './workerd-processes.ts';

const repoRoot = resolve(import.meta.dirname, '../..');
const READY_TIMEOUT_MS = 90_000;
/** Every wrangler this benchmark started and has not stopped: stopped on exit, even after a crash. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});

/** What serves the bench Worker: `wrangler dev` (as `praxis dev` does) or Miniflare alone (bench/hosts/direct-host.ts). */
export type HostKind = 'wrangler' | 'miniflare';

export interface WorkerHost {
  url: URL;
  /** The workerd processes of this instance (wrangler dev's proxy and the Worker's). */
  pids: number[];
  /** Resident memory of the workerd processes this instance started, in bytes. */
  rss(): number;
  close(): Promise<void>;
}

/** The bench Worker's runtime settings, shared by both hosts (wrangler dev and direct Miniflare). */
export const BENCH_COMPATIBILITY = {
  compatibilityDate: '2026-11-01',
  compatibilityFlags: ['nodejs_compat'],
};

/** The project's CONTENT namespace id (wrangler.toml), which names the local KV directory. */
export function benchNamespaceId(): string {
  return (
    /\[\[kv_namespaces\]\][^[]*?id\s*=\s*"([^"]+)"/.exec(
      readFileSync(join(repoRoot, 'wrangler.toml'), 'utf8'),
    )?.[1] ?? '00000000000000000000000000000000'
  );
}

/** A wrangler config for bench/workers/worker.ts with the project's CONTENT namespace; returns its path. */
export async function writeBenchConfig(dir: string): Promise<string> {
  return writeWorkerConfig(
    join(dir, 'wrangler.bench.toml'),
    'praxis-bench',
    'bench/workers/worker.ts',
    [
      '[[kv_namespaces]]',
      'binding = "CONTENT"',
      `id = "${benchNamespaceId()}"`,
      '[[r2_buckets]]', // the publisher archives every version here; the Worker never reads it
      'binding = "ARCHIVE"',
      'bucket_name = "praxis-archive"',
    ],
  );
}

/** A wrangler config at `path` for the Worker whose entry is `main` (relative to the repository), with the bench's runtime settings and `bindings` (TOML lines). */
export async function writeWorkerConfig(
  path: string,
  name: string,
  main: string,
  bindings: string[] = [],
): Promise<string> {
  await writeFile(
    path,
    [
      `name = "${name}"`,
      `main = ${JSON.stringify(join(repoRoot, main))}`,
      `compatibility_date = "${BENCH_COMPATIBILITY.compatibilityDate}"`,
      `compatibility_flags = ${JSON.stringify(BENCH_COMPATIBILITY.compatibilityFlags)}`,
      'keep_names = false', // as wrangler.toml
      ...bindings,
    ].join('\n'),
  );
  return path;
}

/** The persisted KV as a publisher store (wrangler's platform proxy); close it before starting a Worker. */
export async function openBenchStore(config: string, persistTo: string): Promise<ContentStore> {
  const { getPlatformProxy } = await import('wrangler');
  const proxy = await getPlatformProxy<{ CONTENT: KVNamespace; ARCHIVE: R2Bucket }>({
    configPath: config,
    persist: { path: join(persistTo, 'v3') },
    remoteBindings: false,
    envFiles: [],
  });
  return kvStore(
    proxy.env.CONTENT,
    `bench KV (${persistTo})`,
    r2Archive(proxy.env.ARCHIVE, `bench R2 (${persistTo})`),
    () => proxy.dispose(),
  );
}

export async function startWorker(
  config: string,
  persistTo: string,
  envFile: string,
): Promise<WorkerHost> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      join(repoRoot, 'node_modules/wrangler/bin/wrangler.js'),
      'dev',
      '--config',
      config,
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--persist-to',
      persistTo,
      '--env-file',
      envFile,
      '--show-interactive-dev-session=false',
      '--log-level',
      'info',
    ],
    { env: { ...process.env, WRANGLER_SEND_METRICS: 'false' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  running.add(child);
  child.once('exit', () => running.delete(child));
  await readyLine(child);
  const pids = workerdBelow(child.pid!).map((process) => process.pid);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    url: new URL(`http://127.0.0.1:${port}`),
    pids,
    rss: () => pids.reduce((sum, pid) => sum + rssBytes(pid), 0),
    async close() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Resolves when wrangler prints "Ready on …" (no request is sent: the first one must be the measured one). */
function readyLine(child: ChildProcess): Promise<void> {
  return new Promise((resolveReady, reject) => {
    let output = '';
    const timer = setTimeout(
      () =>
        reject(
          new Error(
            `wrangler dev was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output.slice(-2000)}`,
          ),
        ),
      READY_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Ready on http/.test(output)) {
        clearTimeout(timer);
        resolveReady();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(
        new Error(`wrangler dev exited with ${code} before it was ready:\n${output.slice(-2000)}`),
      );
    });
  });
}
