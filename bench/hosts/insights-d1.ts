// The insights benches' local D1: a wrangler config naming the project's INSIGHTS database (its id
// from wrangler.toml, so wrangler and Miniflare find the same SQLite file under a persist folder)
// and migrations/, and `wrangler d1 migrations apply INSIGHTS --local --persist-to DIR`, as
// `praxis dev` applies them.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { benchNamespaceId, writeWorkerConfig } from './worker-host.ts';

const repoRoot = resolve(import.meta.dirname, '../..');

/** The project's INSIGHTS database id (wrangler.toml), which names the local SQLite file. */
export function insightsDatabaseId(): string {
  return (
    /\[\[d1_databases\]\][^[]*?database_id\s*=\s*"([^"]+)"/.exec(
      readFileSync(join(repoRoot, 'wrangler.toml'), 'utf8'),
    )?.[1] ?? '22222222222222222222222222222222'
  );
}

/** A wrangler config at `path` for the Worker `main` with the project's CONTENT namespace and INSIGHTS database. */
export function writeInsightsConfig(path: string, name: string, main: string): Promise<string> {
  return writeWorkerConfig(path, name, main, [
    '[[kv_namespaces]]',
    'binding = "CONTENT"',
    `id = "${benchNamespaceId()}"`,
    '[[d1_databases]]',
    'binding = "INSIGHTS"',
    'database_name = "praxis-insights"',
    `database_id = "${insightsDatabaseId()}"`,
    `migrations_dir = ${JSON.stringify(join(repoRoot, 'migrations'))}`,
  ]);
}

/** Applies migrations/ to the local INSIGHTS database persisted under `persistTo`. */
export async function applyLocalMigrations(config: string, persistTo: string): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    [
      join(repoRoot, 'node_modules/wrangler/bin/wrangler.js'),
      'd1',
      'migrations',
      'apply',
      'INSIGHTS',
      '--local',
      '--persist-to',
      persistTo,
      '--config',
      config,
    ],
    { env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1' } },
  );
}
