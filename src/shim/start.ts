// `praxis shim`: wires the repository, the get gate and the optional bridge into one stdio MCP
// server, and serves until the client closes stdin. Everything human-readable goes to stderr;
// stdout carries only the protocol.
import { existsSync } from 'node:fs';
import type { Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createBridge, type Bridge } from './bridge/remote.ts';
import { staticTokenAuth, storedSignInAuth } from './bridge/remote-auth.ts';
import { decideAgentGet, humanActionRefusal } from './gate.ts';
import { openRepo } from './git/repo.ts';
import { shimInstructions, type ShimOptions } from './options.ts';
import { Refusal } from './refusal.ts';
import { createShimServer } from './server.ts';
import { browserCommand } from './sign-in/open-browser.ts';
import { endpointKey, signInFile } from './sign-in/sign-in-file.ts';
import { signInStore } from './sign-in/sign-in-store.ts';
import { shimSignIn, type ShimSignIn } from './sign-in/shim-sign-in.ts';
import { worktreeGet } from './tools/worktree-get.ts';
import { worktreeList } from './tools/worktree-list.ts';
import { worktreeRead } from './tools/worktree-read.ts';

const logToStderr = (line: string) => void process.stderr.write(`${line}\n`);

export async function runShim(
  options: ShimOptions,
  env: NodeJS.ProcessEnv = process.env,
  log = logToStderr,
): Promise<number> {
  let repo;
  try {
    repo = await openRepo(options.repoDir);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    log(`praxis shim: ${error.message}`);
    return 1;
  }
  const gate = await decideAgentGet(options.allowAgentGet, repo.commonDir);
  let server: Server | undefined;
  const signIn =
    options.remote && options.remote.tokenEnv === undefined
      ? shimSignIn({
          url: options.remote.url,
          env,
          log,
          timeoutMs: SIGN_IN_TIMEOUT_MS,
          onSignedIn: () => remoteCatalogChanged(bridge, server),
        })
      : undefined;
  const bridge = bridgeFor(options, env, log, signIn);
  log(
    `praxis shim: serving ${repo.top}; worktree_get ${gate.reason}${bridge ? `; bridging ${bridge.url.href}` : ''}`,
  );
  void bridge?.tools(); // connect early, so that stderr says at once whether the endpoint answers

  const gated = gate.allowed
    ? []
    : [
        {
          name: 'worktree_get',
          refusal: (args: Record<string, unknown>) =>
            humanActionRefusal(
              args.session_id,
              { squash: args.squash === true, noCommit: args.no_commit === true },
              repo.top,
            ),
        },
      ];
  const handle = serveStdio(
    () =>
      (server = createShimServer({
        context: { repoDir: repo.top },
        tools: gate.allowed
          ? [worktreeList, worktreeRead, worktreeGet]
          : [worktreeList, worktreeRead],
        gated,
        bridge,
        instructions: shimInstructions(repo.top, gate.allowed, bridge?.url.href),
        log,
      })),
    { onerror: (error) => log(`praxis shim: ${error.message}`) },
  );
  await stdinClosed();
  signIn?.close();
  await handle.close();
  await bridge?.close();
  return 0;
}

/** As long as `praxis login` waits for the browser by default. */
const SIGN_IN_TIMEOUT_MS = 300_000;

/** A sign-in completed: the client is told the lists changed, and the next list asks the endpoint at once. */
function remoteCatalogChanged(bridge: Bridge | undefined, server: Server | undefined): void {
  bridge?.retryNow();
  if (!server) return;
  // A client that has gone away cannot be told; the next list asks the endpoint anyway.
  void Promise.allSettled([
    server.sendToolListChanged(),
    server.sendResourceListChanged(),
    server.sendPromptListChanged(),
  ]);
}

function bridgeFor(
  options: ShimOptions,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
  signIn: ShimSignIn | undefined,
): Bridge | undefined {
  if (!options.remote) return undefined;
  const { url, tokenEnv } = options.remote;
  if (tokenEnv === undefined) {
    // The sign-in file is read at every request, so `praxis login` takes effect without a restart.
    const path = signInFile(url, env);
    log(
      signInLine(
        url,
        path,
        signIn !== undefined && browserCommand(env, process.platform, url.href) !== undefined,
      ),
    );
    return createBridge({
      url,
      auth: storedSignInAuth(url, signInStore(path, endpointKey(url)), signIn),
      log,
    });
  }
  const token = env[tokenEnv];
  if (!token) {
    log(
      `praxis shim: $${tokenEnv} is empty, so ${url.href} is not bridged; only the local tools are served. Set it (local mode: export ${tokenEnv}="$(praxis token)") and restart the shim.`,
    );
    return undefined;
  }
  return createBridge({ url, auth: staticTokenAuth(url, token, tokenEnv), log });
}

/** What the person is told at start about signing in to `url`: only what is true of the file and the browser. */
function signInLine(url: URL, path: string, opensBrowser: boolean): string {
  if (existsSync(path))
    return `praxis shim: ${url.href} is reached with the sign-in stored in ${path}.`;
  const then = opensBrowser
    ? `the shim opens your browser to sign in and keeps the sign-in in ${path}`
    : `run \`praxis login ${url.href}\` in a terminal (no browser is opened: PRAXIS_BROWSER=none)`;
  return `praxis shim: no sign-in is stored for ${url.href} yet; when it asks for one, ${then}.`;
}

function stdinClosed(): Promise<void> {
  return new Promise((resolve) => {
    if (process.stdin.readableEnded || process.stdin.destroyed) return resolve();
    process.stdin.once('end', () => resolve());
    process.stdin.once('close', () => resolve());
  });
}
