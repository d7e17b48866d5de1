// wrangler as a subprocess for the KV commands: stdout kept apart from stderr (list and bulk get print JSON),
// failures turned into one message for the person running the publish.
import { setTimeout as sleep } from 'node:timers/promises';
import { spawnWrangler } from '../dev/wrangler.ts';

export class WranglerError extends Error {}

// Local state is SQLite files that a running `praxis dev` (or another wrangler) may hold for a moment:
// workerd then fails with SQLITE_BUSY. Every command run here is idempotent (a put of the same bytes,
// a get, a list, a delete), so a busy local database is waited out rather than reported.
const LOCAL_BUSY = /SQLITE_BUSY|database is locked/;
const LOCAL_BUSY_RETRIES = 8;

async function runWrangler(args: string[]): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await runWranglerOnce(args);
    } catch (error) {
      const busy = args.includes('--local') && error instanceof WranglerError && LOCAL_BUSY.test(error.message);
      if (!busy || attempt >= LOCAL_BUSY_RETRIES) throw error;
      await sleep(100 * 2 ** Math.min(attempt, 4));
    }
  }
}

function runWranglerOnce(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawnWrangler(args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) return resolve(stdout);
      const command = `wrangler ${args.slice(0, 3).join(' ')}`;
      const hint = args.includes('--remote')
        ? '\nCheck that CLOUDFLARE_API_TOKEN (scopes "Workers KV Storage:Edit" and "Workers R2 Storage:Edit") and CLOUDFLARE_ACCOUNT_ID are set, or run `npx wrangler login`, and that wrangler.toml has the id printed by `npx wrangler kv namespace create praxis-content`.'
        : '';
      reject(new WranglerError(`${command} failed (exit ${code}):\n${(stderr + stdout).trim()}${hint}`));
    });
  });
}

export async function runWranglerQuietly(args: string[]): Promise<void> {
  await runWrangler(args);
}

/** Runs a wrangler command that prints JSON (kv key list, kv bulk get) and parses it. */
export async function runWranglerJson<T>(args: string[]): Promise<T> {
  const stdout = await runWrangler(args);
  const start = stdout.search(/[[{]/);
  try {
    return JSON.parse(stdout.slice(start)) as T;
  } catch {
    throw new WranglerError(`wrangler ${args.slice(0, 3).join(' ')} printed something that is not JSON:\n${stdout.slice(0, 500)}`);
  }
}
