// A `praxis dev` shared by the test files that only talk to it, each of a kind:
// - 'sign-in': `praxis dev --auth oauth --insights off --log-requests` with registration limits off,
//   for the files that sign people in through it (the client matrix, which registers about twenty
//   clients a minute from one address; the sign-in pages in Chromium; the shim's sign-in and its
//   shared renewal);
// - 'npm start': the README's first command with `--log-requests` (auth oauth, insights on, limits as
//   deployed), for the files that show what it answers (docs/tools.md's examples, the end-to-end
//   sign-in with only the URL).
// Each start is 11–18 s of CPU (praxis, wrangler, esbuild, workerd, D1 migrations); the files
// register clients, sign in and revoke grants of their own, and nothing one does changes what
// another's clients are answered. The first file to ask for a kind starts it under a lock in the
// run's folder, detached and writing to a log file there, so it outlives that file; the node
// project's global teardown (run-folder-setup.ts) stops every one with all it started.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { inject } from 'vitest';
import { freePort } from '../../../scripts/dev/free-port.ts';
import { PROJECT_ROOT } from '../../../scripts/dev/paths.ts';

export type SharedDevKind = 'sign-in' | 'npm start';

/** The command of each kind, given its port, and what its environment adds. */
const KINDS: Record<
  SharedDevKind,
  { command: (port: number) => [string, string[]]; env: Record<string, string> }
> = {
  'sign-in': {
    command: (port) => [
      process.execPath,
      [
        join(PROJECT_ROOT, 'bin/praxis.mjs'),
        'dev',
        '--port',
        String(port),
        '--auth',
        'oauth',
        '--insights',
        'off',
        '--log-requests',
      ],
    ],
    env: { PRAXIS_RATE_LIMIT: 'off' },
  },
  'npm start': {
    command: (port) => ['npm', ['start', '--', '--port', String(port), '--log-requests']],
    env: {},
  },
};
const START_TIMEOUT_MS = 90_000;
const START_ATTEMPTS = 3;

export interface SharedServer {
  url: string;
  port: number;
  /** Everything the server printed so far, every file's requests included. */
  output: () => string;
}

/** Where the run's shared servers keep their records; the teardown reads them. */
export const sharedServersFolder = (runFolder: string): string => join(runFolder, 'shared-dev');

export interface SharedServerRecord {
  url: string;
  port: number;
  /** Its wrangler state (PRAXIS_STATE_DIR): every process of the server carries it in its environment. */
  stateDir: string;
  log: string;
}

/** The run's shared server of `kind`, started by the first caller. */
export async function sharedDevServer(kind: SharedDevKind): Promise<SharedServer> {
  const folder = join(sharedServersFolder(inject('runFolder')), kind.replace(' ', '-'));
  await mkdir(folder, { recursive: true });
  const recordFile = join(folder, 'server.json');
  const release = await lockfile.lock(folder, {
    lockfilePath: join(folder, '.lock'),
    retries: { retries: 600, minTimeout: 100, maxTimeout: 500 },
  });
  let record: SharedServerRecord;
  try {
    if (existsSync(recordFile))
      record = JSON.parse(await readFile(recordFile, 'utf8')) as SharedServerRecord;
    else {
      record = await start(kind, folder);
      await writeFile(recordFile, JSON.stringify(record));
    }
  } finally {
    await release();
  }
  return { url: record.url, port: record.port, output: () => readFileSync(record.log, 'utf8') };
}

/** The records of every shared server a run started. */
export function sharedServerRecords(runFolder: string): SharedServerRecord[] {
  const folder = sharedServersFolder(runFolder);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .map((kind) => join(folder, kind, 'server.json'))
    .filter((file) => existsSync(file))
    .map((file) => JSON.parse(readFileSync(file, 'utf8')) as SharedServerRecord);
}

async function start(kind: SharedDevKind, folder: string): Promise<SharedServerRecord> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const stateDir = await mkdtemp(join(folder, 'state-'));
    const log = join(stateDir, 'output.log');
    const fd = openSync(log, 'a');
    const [command, args] = KINDS[kind].command(port);
    const child = spawn(command, args, {
      cwd: PROJECT_ROOT,
      detached: true,
      stdio: ['ignore', fd, fd],
      env: {
        ...process.env,
        ...KINDS[kind].env,
        PRAXIS_STATE_DIR: stateDir,
        WRANGLER_SEND_METRICS: 'false',
      },
    });
    closeSync(fd);
    child.unref();
    let exited = false;
    child.on('exit', () => (exited = true));
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      const output = readFileSync(log, 'utf8');
      if (output.includes('Praxis is serving MCP'))
        return { url: `http://127.0.0.1:${port}/mcp`, port, stateDir, log };
      if (exited || Date.now() > deadline) {
        await stopServer({ stateDir });
        // A free port is free only until someone binds it: another port, as spawnPraxisDev does.
        if (output.includes('Address already in use') && attempt < START_ATTEMPTS) break;
        throw new Error(`the shared ${kind} server did not start:\n${output}`);
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
