// What `praxis deploy` reads from the output of the wrangler commands it runs (dev/wrangler.ts runs
// them): whether wrangler is logged in, the buckets, the deployed URL, a Worker not created yet.
import { WranglerFailed } from '../dev/wrangler.ts';

/** `wrangler whoami` prints this (and exits 0) when neither a login nor CLOUDFLARE_API_TOKEN is present. */
export function isLoggedIn(output: string): boolean {
  return !/not authenticated/i.test(output);
}

/** `wrangler r2 bucket list` prints `name: …` / `creation_date: …` pairs. */
export function bucketNames(stdout: string): string[] {
  return [...stdout.matchAll(/^name:\s*(\S+)\s*$/gm)].map((match) => match[1]!);
}

/** The URL `wrangler deploy` reports (workers.dev or a custom domain), without a trailing slash. */
export function deployedUrl(output: string): string | undefined {
  const urls = [...output.matchAll(/\bhttps?:\/\/[^\s"'()]+/g)].map((match) =>
    match[0].replace(/(?<!\/)\/+$/, ''),
  );
  return (
    urls.find((url) => url.includes('.workers.dev')) ??
    urls.find((url) => !/dash\.cloudflare\.com|developers\.cloudflare\.com/.test(url))
  );
}

/** `secret list` on a Worker that does not exist yet (first deploy): no secrets, not an error. */
export function isMissingWorker(error: unknown): boolean {
  return error instanceof WranglerFailed && /10007|not found|does not exist/i.test(error.output);
}
