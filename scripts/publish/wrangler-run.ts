// The wrangler commands publishing runs (dev/wrangler.ts runs them): a busy local database waited
// out, and a failed remote command told how to fix its credentials.
import { setTimeout as sleep } from 'node:timers/promises';
import { runWrangler, WranglerFailed, wranglerJson } from '../dev/wrangler.ts';

// Local state is SQLite files that a running `praxis dev` (or another wrangler) may hold for a moment:
// workerd then fails with SQLITE_BUSY. Every command run here is idempotent (a put of the same bytes,
// a get, a list, a delete), so a busy local database is waited out rather than reported.
const LOCAL_BUSY = /SQLITE_BUSY|database is locked/;
const LOCAL_BUSY_RETRIES = 8;

const REMOTE_HINT =
  '\nCheck that CLOUDFLARE_API_TOKEN (scopes "Workers KV Storage:Edit" and "Workers R2 Storage:Edit") and CLOUDFLARE_ACCOUNT_ID are set, or run `npx wrangler login`, and that wrangler.toml has the id printed by `npx wrangler kv namespace create praxis-content`.';

/** What the command printed on stdout, once it succeeded. */
async function stdoutOf(args: string[]): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      return (await runWrangler(args)).stdout;
    } catch (error) {
      const busy =
        args.includes('--local') &&
        error instanceof WranglerFailed &&
        LOCAL_BUSY.test(error.output);
      if (busy && attempt < LOCAL_BUSY_RETRIES) {
        await sleep(100 * 2 ** Math.min(attempt, 4));
        continue;
      }
      if (error instanceof WranglerFailed && args.includes('--remote'))
        error.message += REMOTE_HINT;
      throw error;
    }
  }
}

export async function runWranglerQuietly(args: string[]): Promise<void> {
  await stdoutOf(args);
}

/** Runs a wrangler command that prints JSON (kv key list, kv bulk get) and parses it. */
export async function runWranglerJson<T>(args: string[]): Promise<T> {
  return wranglerJson<T>(await stdoutOf(args), args);
}
