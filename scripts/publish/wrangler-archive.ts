// The deployed archive bucket through the project's wrangler (`wrangler r2 object get/put --remote`):
// wrangler owns authentication and the Cloudflare API calls, as for KV. `--local` works against
// wrangler's local state too, which is how the tests prove this path without a network.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../dev/paths.ts';
import { ARCHIVE_BINDING, missingArchiveBinding } from './archive-binding.ts';
import { requireWrangler } from './wrangler-module.ts';
import type { ArchiveStore } from './archive-store.ts';
import { WranglerFailed } from '../dev/wrangler.ts';
import { runWranglerQuietly } from './wrangler-run.ts';

export interface WranglerArchiveTarget {
  mode: 'remote' | 'local';
  /** The bucket's name (wrangler's commands take `bucket/key`, not a binding). */
  bucket: string;
  persistTo?: string;
  env?: string;
}

export function openWranglerArchive(
  target: WranglerArchiveTarget,
): ArchiveStore & { close(): Promise<void> } {
  const flags =
    target.mode === 'remote'
      ? ['--remote']
      : ['--local', ...(target.persistTo ? ['--persist-to', target.persistTo] : [])];
  if (target.env) flags.push('--env', target.env);
  let scratch: Promise<string> | undefined;
  const path = async (name: string) =>
    join(await (scratch ??= mkdtemp(join(tmpdir(), 'praxis-archive-'))), name);
  return {
    description: `${target.mode} R2 bucket ${target.bucket}`,
    async get(key) {
      const file = await path('get.bin');
      try {
        await runWranglerQuietly([
          'r2',
          'object',
          'get',
          `${target.bucket}/${key}`,
          '--file',
          file,
          ...flags,
        ]);
      } catch (error) {
        if (
          error instanceof WranglerFailed &&
          /specified key does not exist|NoSuchKey/i.test(error.output)
        )
          return null;
        throw error;
      }
      return new Uint8Array(await readFile(file));
    },
    async put(key, bytes) {
      const file = await path('put.bin');
      await writeFile(file, bytes, { mode: 0o600 });
      await runWranglerQuietly([
        'r2',
        'object',
        'put',
        `${target.bucket}/${key}`,
        '--file',
        file,
        ...flags,
      ]);
    },
    async close() {
      if (scratch) await rm(await scratch, { recursive: true, force: true });
    },
  };
}

/** The bucket wrangler.toml (or its [env.NAME]) binds as ARCHIVE; a clear error when there is none. */
export function archiveBucketName(
  env?: string,
  configPath = join(PROJECT_ROOT, 'wrangler.toml'),
): string {
  const { experimental_readRawConfig } = requireWrangler();
  const { rawConfig } = experimental_readRawConfig({ config: configPath });
  const raw = rawConfig as Record<string, unknown>;
  const scope = env
    ? ((raw.env as Record<string, Record<string, unknown>> | undefined)?.[env] ?? {})
    : raw;
  const buckets = (scope.r2_buckets ?? []) as Array<{ binding?: string; bucket_name?: string }>;
  const bucket = buckets.find((entry) => entry.binding === ARCHIVE_BINDING)?.bucket_name;
  if (!bucket) throw new Error(missingArchiveBinding(env));
  return bucket;
}
