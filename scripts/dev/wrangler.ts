// Runs the project's own wrangler with the Node running this CLI (22+), never a global one —
// unless PRAXIS_WRANGLER names another wrangler command (looked up on PATH): the deploy tests run
// against a recording stand-in for Cloudflare that way, and a team may pin a wrangler of its own.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { PROJECT_ROOT, WRANGLER_BIN } from './paths.ts';

export function spawnWrangler(args: string[], options: SpawnOptions = {}): ChildProcess {
  const override = process.env.PRAXIS_WRANGLER;
  const [command, commandArgs] = override ? [override, args] : [process.execPath, [WRANGLER_BIN, ...args]];
  return spawn(command, commandArgs, {
    cwd: PROJECT_ROOT,
    ...options,
    // CLOUDFLARE_CF_FETCH_ENABLED=false: local workerd uses miniflare's placeholder `request.cf` instead of
    // fetching workers.cloudflare.com/cf.json, which offline printed a stack trace per start. The Worker
    // reads nothing of `request.cf`; set the variable to true to fetch it anyway.
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: cfFetch(), ...options.env },
  });
}

const cfFetch = (): string => process.env.CLOUDFLARE_CF_FETCH_ENABLED ?? 'false';
