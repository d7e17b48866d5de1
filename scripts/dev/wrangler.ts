// Runs the project's own wrangler with the Node running this CLI (22+), never a global one —
// unless PRAXIS_WRANGLER names another wrangler command (looked up on PATH): the deploy tests run
// against a recording stand-in for Cloudflare that way, and a team may pin a wrangler of its own.
// `praxis dev` keeps wrangler running (spawnWrangler); `deploy` and `publish` run a command to its
// end (runWrangler) and read what it printed, JSON included (wranglerJson).
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { PROJECT_ROOT, WRANGLER_BIN } from './paths.ts';
import { PraxisError } from '../../src/shared/praxis-error.ts';

export function spawnWrangler(args: string[], options: SpawnOptions = {}): ChildProcess {
  const override = process.env.PRAXIS_WRANGLER;
  const [command, commandArgs] = override
    ? [override, args]
    : [process.execPath, [WRANGLER_BIN, ...args]];
  return spawn(command, commandArgs, {
    cwd: PROJECT_ROOT,
    ...options,
    // CLOUDFLARE_CF_FETCH_ENABLED=false: local workerd uses miniflare's placeholder `request.cf` instead of
    // fetching workers.cloudflare.com/cf.json, which offline printed a stack trace per start. The Worker
    // reads nothing of `request.cf`; set the variable to true to fetch it anyway.
    env: {
      ...process.env,
      WRANGLER_SEND_METRICS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: cfFetch(),
      ...options.env,
    },
  });
}

const cfFetch = (): string => process.env.CLOUDFLARE_CF_FETCH_ENABLED ?? 'false';

/** A wrangler command that exited non-zero, with everything it printed. */
export class WranglerFailed extends PraxisError {
  static override code = 'ERR_WRANGLER_FAILED';
  override readonly code = 'ERR_WRANGLER_FAILED';
  readonly output: string;
  constructor(args: string[], output: string, code: number | null) {
    super(`wrangler ${args.join(' ')} failed (exit ${code}):\n${output.trim()}`);
    this.output = output;
  }
}

/** What a finished command printed: stdout alone (where JSON goes), and stdout and stderr as they came. */
export interface WranglerResult {
  stdout: string;
  output: string;
}

/** Runs wrangler to its end, `stdin` (a secret's value) written to it; rejects with WranglerFailed. */
export function runWrangler(args: string[], stdin?: string): Promise<WranglerResult> {
  return new Promise((resolve, reject) => {
    const child = spawnWrangler(args, {
      stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let output = '';
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      output += chunk;
    });
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve({ stdout, output }) : reject(new WranglerFailed(args, output, code)),
    );
    if (stdin !== undefined) child.stdin!.end(stdin);
  });
}

/** The JSON a command printed (`kv key list`, `kv bulk get`, `kv namespace list`…), after any banner. */
export function wranglerJson<T>(stdout: string, args: string[]): T {
  const start = stdout.search(/[[{]/);
  try {
    return JSON.parse(stdout.slice(start)) as T;
  } catch {
    throw new Error(
      `wrangler ${args.join(' ')} printed something that is not JSON:\n${stdout.slice(0, 500)}`,
    );
  }
}
