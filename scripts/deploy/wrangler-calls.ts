// The wrangler commands `praxis deploy` runs, and what it reads from their output. A dry run prints
// each command instead of running it. Secret values travel only on wrangler's stdin.
import { spawnWrangler } from '../dev/wrangler.ts';

export class WranglerFailed extends Error {
  readonly output: string;
  constructor(args: string[], output: string, code: number | null) {
    super(`wrangler ${args.join(' ')} failed (exit ${code}):\n${output.trim()}`);
    this.output = output;
  }
}

export interface WranglerResult { stdout: string; output: string }

export function wrangler(args: string[], stdin?: string): Promise<WranglerResult> {
  return new Promise((resolve, reject) => {
    const child = spawnWrangler(args, { stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let output = '';
    child.stdout!.on('data', (chunk) => { stdout += chunk; output += chunk; });
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve({ stdout, output }) : reject(new WranglerFailed(args, output, code))));
    if (stdin !== undefined) child.stdin!.end(stdin);
  });
}

/** `wrangler whoami` prints this (and exits 0) when neither a login nor CLOUDFLARE_API_TOKEN is present. */
export function isLoggedIn(output: string): boolean {
  return !/not authenticated/i.test(output);
}

export function parseJson<T>(stdout: string, command: string): T {
  const start = stdout.search(/[[{]/);
  try {
    return JSON.parse(stdout.slice(start)) as T;
  } catch {
    throw new Error(`wrangler ${command} printed something that is not JSON:\n${stdout.slice(0, 500)}`);
  }
}

/** `wrangler r2 bucket list` prints `name: …` / `creation_date: …` pairs. */
export function bucketNames(stdout: string): string[] {
  return [...stdout.matchAll(/^name:\s*(\S+)\s*$/gm)].map((match) => match[1]!);
}

/** The URL `wrangler deploy` reports (workers.dev or a custom domain), without a trailing slash. */
export function deployedUrl(output: string): string | undefined {
  const urls = [...output.matchAll(/\bhttps?:\/\/[^\s"'()]+/g)].map((match) => match[0].replace(/(?<!\/)\/+$/, ''));
  return urls.find((url) => url.includes('.workers.dev')) ?? urls.find((url) => !/dash\.cloudflare\.com|developers\.cloudflare\.com/.test(url));
}

/** `secret list` on a Worker that does not exist yet (first deploy): no secrets, not an error. */
export function isMissingWorker(error: unknown): boolean {
  return error instanceof WranglerFailed && /10007|not found|does not exist/i.test(error.output);
}
