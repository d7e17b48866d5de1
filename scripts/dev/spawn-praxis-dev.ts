// Starts `praxis dev` as a separate process on a free loopback port, with its own wrangler state,
// for end-to-end tests and the conformance run. Stops the whole process group afterwards.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.ts';
import { PROJECT_ROOT } from './paths.ts';
import { signalProcessGroup } from './process-group.ts';
import { PraxisError } from '../../src/shared/praxis-error.ts';

export interface RunningDev {
  url: string;
  port: number;
  /** The `praxis dev` process (its group holds wrangler and workerd). */ pid: number;
  /** Its wrangler state folder (PRAXIS_STATE_DIR): local KV and the local insights database. */
  stateDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

const START_TIMEOUT_MS = 90_000;
const START_ATTEMPTS = 3;

/**
 * How `praxis dev` is started: the CLI directly, or `npm start` (the README's command, which adds
 * `--auth oauth`), so a test can prove the documented command itself works.
 */
export type DevLauncher = 'praxis dev' | 'npm start';

/**
 * A free port is only free until someone binds it: test files running side by side can be handed
 * the same one. A start that loses that race is retried on another port; any other failure is not.
 */
export async function spawnPraxisDev(
  args: string[],
  launcher: DevLauncher = 'praxis dev',
): Promise<RunningDev> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnOnce(args, launcher);
    } catch (error) {
      if (attempt >= START_ATTEMPTS || !(error instanceof PortTakenError)) throw error;
    }
  }
}

class PortTakenError extends PraxisError {
  static override code = 'ERR_PORT_TAKEN';
  override readonly code = 'ERR_PORT_TAKEN';
}

async function spawnOnce(args: string[], launcher: DevLauncher): Promise<RunningDev> {
  const port = await freePort();
  const state = await mkdtemp(join(tmpdir(), 'praxis-state-'));
  const [command, commandArgs] =
    launcher === 'npm start'
      ? ['npm', ['start', '--', '--port', String(port), ...args]]
      : [
          process.execPath,
          [join(PROJECT_ROOT, 'bin/praxis.mjs'), 'dev', '--port', String(port), ...args],
        ];
  const child = spawn(command, commandArgs, {
    cwd: PROJECT_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PRAXIS_STATE_DIR: state, WRANGLER_SEND_METRICS: 'false' },
  });
  let output = '';
  let stopping = false;
  let started = false;
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      // A server that dies under a running test leaves it failing on refused connections: say why.
      if (!stopping && started)
        process.stderr.write(
          `praxis dev on port ${port} exited by itself (${signal ?? `code ${code}`}); it printed:\n${output.slice(-4000)}\n`,
        );
      resolve();
    }),
  );
  const stop = async () => {
    stopping = true;
    signalProcessGroup(child, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    signalProcessGroup(child, 'SIGKILL');
    await rm(state, { recursive: true, force: true });
  };
  let timeout: NodeJS.Timeout | undefined;
  const ready = new Promise<boolean>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Praxis is serving MCP')) resolve(true);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => resolve(false));
    timeout = setTimeout(() => resolve(false), START_TIMEOUT_MS);
  });
  started = await ready;
  // A pending timer would keep a script that started a server, and has stopped it, running on.
  clearTimeout(timeout);
  if (!started) {
    await stop();
    const message = `praxis dev did not start:\n${output}`;
    throw output.includes('Address already in use')
      ? new PortTakenError(message)
      : new Error(message);
  }
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    pid: child.pid!,
    stateDir: state,
    output: () => output,
    stop,
  };
}
