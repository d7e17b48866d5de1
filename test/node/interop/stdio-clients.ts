// The stdio clients a team puts in a client's config: mcp-remote (the bridge for stdio-only clients)
// and Praxis's own shim from this checkout (`praxis login <URL>`, then `praxis shim --remote <URL>`).
// Each opens the person's browser through the system's opener; here the opener writes the address
// down and Chromium opens it.
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { Browser } from 'puppeteer-core';
import { expect } from 'vitest';
import { createFixture } from '../../shim/helpers/git-fixture.ts';
import { praxisWithEnv } from '../../shim/helpers/praxis-cli.ts';
import { connectShim } from '../../shim/helpers/shim-client.ts';
import { recordingOpener, signInAt } from './sign-in-in-browser.ts';
import { sawThrough, type ClientSaw } from './what-a-client-saw.ts';

/** `npx mcp-remote <URL> --allow-http` as a client's command: it prints the address and opens it with xdg-open. */
export async function mcpRemoteSaw(browser: Browser, mcpUrl: string, user: string): Promise<ClientSaw> {
  const home = await mkdtemp(join(tmpdir(), 'praxis-interop-mcp-remote-'));
  const opener = await recordingOpener(home, 'xdg-open');
  const proxy = createRequire(import.meta.url).resolve('mcp-remote/dist/proxy.js');
  const transport = new StdioClientTransport({
    command: process.execPath, args: [proxy, mcpUrl, '--allow-http'], stderr: 'pipe',
    env: {
      ...process.env as Record<string, string>,
      MCP_REMOTE_CONFIG_DIR: home, PATH: `${home}:${process.env.PATH}`, DISPLAY: ':0',
    },
  });
  let log = '';
  const printed = new Promise<string>((resolve) => {
    transport.stderr!.on('data', (chunk: Buffer) => {
      log += chunk;
      const match = /Please authorize this client by visiting:\s+(\S+)/.exec(log);
      if (match) resolve(match[1]!);
    });
  });
  const client = new Client({ name: 'praxis-interop-mcp-remote', version: '1.0.0' });
  const connected = client.connect(transport);
  try {
    const url = await Promise.race([printed, opener.opened()]);
    await signInAt(browser, url, user);
    await connected;
    return await sawThrough(client);
  } finally {
    await client.close();
    await rm(home, { recursive: true, force: true });
  }
}

/** `praxis login <URL>` (PRAXIS_BROWSER opens the address), then `praxis shim --remote <URL>` over stdio. */
export async function shimSaw(browser: Browser, mcpUrl: string, user: string): Promise<ClientSaw> {
  const home = await mkdtemp(join(tmpdir(), 'praxis-interop-shim-'));
  const fixture = createFixture();
  const opener = await recordingOpener(home, 'browser');
  const env = { XDG_CONFIG_HOME: join(home, 'config'), PRAXIS_BROWSER: opener.path };
  try {
    const login = praxisWithEnv(env, 'login', mcpUrl);
    await signInAt(browser, await opener.opened(), user);
    const finished = await login;
    expect(finished.code, finished.stderr).toBe(0);
    const shim = await connectShim(['--repo', fixture.repo, '--remote', mcpUrl], env);
    try {
      const saw = await sawThrough(shim.client);
      expect(saw.tools).toContain('worktree_list');
      return saw;
    } finally {
      await shim.close();
    }
  } finally {
    fixture.cleanup();
    await rm(home, { recursive: true, force: true });
  }
}
