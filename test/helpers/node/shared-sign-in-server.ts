// One `praxis dev --auth oauth` (the Worker in workerd, the development OpenID provider) for the test
// files that sign people in through it: the client matrix, the sign-in pages in Chromium, the shim's
// sign-in and its shared renewal. Each start is about 11 s of CPU (praxis, wrangler, esbuild,
// workerd); the files register clients, sign in and revoke grants of their own, and nothing they do
// changes what another file's clients are answered. The first file to ask starts it under a lock in
// the run's folder, detached and writing to a log file there, so it outlives that file; the node
// project's global teardown (run-folder-setup.ts) stops it with everything it started.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { inject } from 'vitest';
import { freePort } from '../../../scripts/dev/free-port.ts';
import { PROJECT_ROOT } from '../../../scripts/dev/paths.ts';

/**
 * Request logging on, so a file can check the log for tokens; registration limits off, as the
 * client matrix registers about twenty clients a minute from one address.
 */
const ARGS = ['--auth', 'oauth', '--insights', 'off', '--log-requests'];
const START_TIMEOUT_MS = 90_000;
const START_ATTEMPTS = 3;

export interface SharedServer {
  url: string;
  /** Everything the server printed so far, every file's requests included. */
  output: () => string;
}

/** Where the server's record lives; the teardown reads it. */
export const sharedServerFolder = (runFolder: string): string =>
  join(runFolder, 'shared-sign-in-server');

export interface SharedServerRecord {
  url: string;
  /** Its wrangler state (PRAXIS_STATE_DIR): every process of the server carries it in its environment. */
  stateDir: string;
  log: string;
}

/** The run's shared sign-in server, started by the first caller. */
export async function sharedSignInServer(): Promise<SharedServer> {
  const folder = sharedServerFolder(inject('runFolder'));
  await mkdir(folder, { recursive: true });
  const recordFile = join(folder, 'server.json');
  const release = await lockfile.lock(folder, {
    lockfilePath: join(folder, '.lock'),
    retries: { retries: 600, minTimeout: 100, maxTimeout: 500 },
  });
  let record: SharedServerRecord;
  try {
    record = existsSync(recordFile)
      ? (JSON.parse(await readFile(recordFile, 'utf8')) as SharedServerRecord)
      : await start(folder);
    await writeFile(recordFile, JSON.stringify(record));
  } finally {
    await release();
  }
  return { url: record.url, output: () => readFileSync(record.log, 'utf8') };
}

async function start(folder: string): Promise<SharedServerRecord> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const stateDir = await mkdtemp(join(folder, 'state-'));
    const log = join(stateDir, 'output.log');
    const fd = openSync(log, 'a');
    const child = spawn(
      process.execPath,
      [join(PROJECT_ROOT, 'bin/praxis.mjs'), 'dev', '--port', String(port), ...ARGS],
      {
        cwd: PROJECT_ROOT,
        detached: true,
        stdio: ['ignore', fd, fd],
        env: {
          ...process.env,
          PRAXIS_STATE_DIR: stateDir,
          PRAXIS_RATE_LIMIT: 'off',
          WRANGLER_SEND_METRICS: 'false',
        },
      },
    );
    closeSync(fd);
    child.unref();
    let exited = false;
    child.on('exit', () => (exited = true));
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      const output = readFileSync(log, 'utf8');
      if (output.includes('Praxis is serving MCP'))
        return { url: `http://127.0.0.1:${port}/mcp`, stateDir, log };
      if (exited || Date.now() > deadline) {
        await stopServer({ stateDir });
        // A free port is free only until someone binds it: another port, as spawnPraxisDev does.
        if (output.includes('Address already in use') && attempt < START_ATTEMPTS) break;
        throw new Error(`the shared praxis dev did not start:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/**
 * Stops every process that carries the server's state folder in its environment (praxis, wrangler,
 * esbuild, workerd): named by what it is, not by a process number that may have been reused since.
 */
export async function stopServer(server: Pick<SharedServerRecord, 'stateDir'>): Promise<void> {
  const marker = `PRAXIS_STATE_DIR=${server.stateDir}\0`;
  signalAll(marker, 'SIGTERM');
  for (let waited = 0; waited < 5000 && processesWith(marker).length > 0; waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100));
  signalAll(marker, 'SIGKILL');
  await rm(server.stateDir, { recursive: true, force: true });
}

function signalAll(marker: string, signal: NodeJS.Signals): void {
  for (const pid of processesWith(marker)) {
    try {
      process.kill(pid, signal);
    } catch {
      /* ended in between */
    }
  }
}

/** Living processes whose environment holds `marker` (Linux's /proc; elsewhere none are found). */
function processesWith(marker: string): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const entry of entries) {
    if (entry.charCodeAt(0) < 48 || entry.charCodeAt(0) > 57) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, 'latin1').includes(marker))
        found.push(Number(entry));
    } catch {
      /* ended, or not ours to read */
    }
  }
  return found;
}
