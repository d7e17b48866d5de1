// wrangler dev as a child process, configured through an env file (secrets stay out of argv),
// reported healthy only when /healthz answers 200.
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { insightsEnvLines } from './local-insights.ts';
import { localSecret } from './local-secret.ts';
import { LOCAL_STATE_DIR, PRAXIS_DIR } from './paths.ts';
import { ownServerHealthy } from './own-server-healthy.ts';
import { spawnWrangler } from './wrangler.ts';

export interface DevServerOptions {
  port: number;
  ip: string;
  auth: 'local' | 'off' | 'oauth';
  logRequests?: boolean;
  /** Whether the Worker writes usage events (docs/insights.md). */
  insights: boolean;
  /** oauth: the Worker's oauth-mode settings (oauth-dev.ts). */ oauthEnv?: string[];
}
export interface DevServer {
  exited: Promise<number>;
}

const READY_TIMEOUT_MS = 60_000;

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const instance = randomUUID();
  const envFile = await writeDevEnv(
    options.auth,
    options.oauthEnv ?? [],
    options.insights,
    instance,
  );
  const child = spawnWrangler(
    [
      'dev',
      '--port',
      String(options.port),
      '--ip',
      options.ip,
      '--persist-to',
      LOCAL_STATE_DIR,
      // wrangler prints the Worker's console.log lines (the audit lines) from its "log" level up.
      '--env-file',
      envFile,
      '--show-interactive-dev-session=false',
      '--log-level',
      options.logRequests ? 'log' : 'warn',
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const exited = new Promise<number>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))),
  ).finally(() => rm(envFile, { force: true }));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  const host = options.ip.includes(':') ? `[${options.ip}]` : options.ip;
  const ready = await ownServerHealthy(
    `http://${host}:${options.port}/healthz`,
    instance,
    exited,
    READY_TIMEOUT_MS,
  );
  if (!ready) {
    child.kill('SIGTERM');
    throw new Error(
      `wrangler dev did not become healthy on port ${options.port} within ${READY_TIMEOUT_MS / 1000} s (is the port in use?)`,
    );
  }
  return { exited };
}

async function writeDevEnv(
  auth: DevServerOptions['auth'],
  oauthEnv: string[],
  insights: boolean,
  instance: string,
): Promise<string> {
  await mkdir(PRAXIS_DIR, { recursive: true, mode: 0o700 });
  const file = join(PRAXIS_DIR, `dev-${process.pid}.env`);
  const lines =
    auth === 'oauth'
      ? [...oauthEnv, 'PRAXIS_POINTER_TTL_MS=1000']
      : [`PRAXIS_AUTH_MODE=${auth}`, 'PRAXIS_POINTER_TTL_MS=1000'];
  // Rate limiting is on as in wrangler.toml; PRAXIS_RATE_LIMIT=off praxis dev turns it off for local load tests.
  if (process.env.PRAXIS_RATE_LIMIT)
    lines.push(`PRAXIS_RATE_LIMIT=${process.env.PRAXIS_RATE_LIMIT === 'off' ? 'off' : 'on'}`);
  // oauth: `praxis token` tokens keep working next to signed-in ones (scripts, benchmarks, tests).
  if (auth === 'local' || auth === 'oauth')
    lines.push(`PRAXIS_LOCAL_SECRET=${await localSecret()}`);
  lines.push(...(await insightsEnvLines(insights)));
  lines.push(`PRAXIS_DEV_INSTANCE=${instance}`);
  await writeFile(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  return file;
}
