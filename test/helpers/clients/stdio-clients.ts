// The stdio clients a team puts in a client's config: mcp-remote (the bridge for stdio-only clients)
// and Praxis's own shim as a developer installs it (`npm pack`, `npm install -g`; then
// `praxis login <URL>` and `praxis shim --remote <URL>` from that install).
// Each opens the person's browser through the system's opener; here the opener writes the address
// down and the person's page in Chromium opens it.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { Page } from 'puppeteer-core';
import { expect } from 'vitest';
import { createFixture } from '../shim/git-fixture.ts';
import type { InstalledPraxis } from '../shim/installed-praxis.ts';
import { startMcpRemote } from './mcp-remote.ts';
import { recordingOpener, signInAt } from './sign-in-in-browser.ts';
import { sawThrough, type ClientSaw } from './what-a-client-saw.ts';

/** `npx mcp-remote <URL> --allow-http` as a client's command: it prints the address and opens it with xdg-open. */
export async function mcpRemoteSaw(page: Page, mcpUrl: string, user: string): Promise<ClientSaw> {
  const home = await mkdtemp(join(tmpdir(), 'praxis-interop-mcp-remote-'));
  const opener = await recordingOpener(home, 'xdg-open');
  const { client, connected, printedUrl } = startMcpRemote(
    mcpUrl,
    home,
    'praxis-interop-mcp-remote',
  );
  try {
    const url = await Promise.race([printedUrl, opener.opened()]);
    await signInAt(page, url, user);
    await connected;
    return await sawThrough(client);
  } finally {
    await client.close();
    await rm(home, { recursive: true, force: true });
  }
}

/** The installed `praxis login <URL>` (PRAXIS_BROWSER opens the address), then the installed `praxis shim --remote <URL>` over stdio. */
export async function installedShimSaw(
  page: Page,
  mcpUrl: string,
  user: string,
  installed: InstalledPraxis,
): Promise<ClientSaw> {
  const home = await mkdtemp(join(tmpdir(), 'praxis-interop-shim-'));
  const fixture = createFixture();
  const opener = await recordingOpener(home, 'browser');
  const praxis = join(installed.prefix, 'bin', 'praxis');
  const env = {
    ...installed.env,
    XDG_CONFIG_HOME: join(home, 'config'),
    PRAXIS_BROWSER: opener.path,
  };
  try {
    const login = new Promise<{ code: number; stderr: string }>((done) => {
      execFile(praxis, ['login', mcpUrl], { env, encoding: 'utf8' }, (error, _stdout, stderr) =>
        done({ code: error ? Number(error.code) : 0, stderr }),
      );
    });
    await signInAt(page, await opener.opened(), user);
    const finished = await login;
    expect(finished.code, finished.stderr).toBe(0);
    const transport = new StdioClientTransport({
      command: praxis,
      args: ['shim', '--repo', fixture.repo, '--remote', mcpUrl],
      env,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'praxis-interop-shim', version: '1.0.0' });
    await client.connect(transport);
    try {
      const saw = await sawThrough(client);
      expect(saw.tools).toContain('worktree_list');
      return saw;
    } finally {
      await client.close();
    }
  } finally {
    fixture.cleanup();
    await rm(home, { recursive: true, force: true });
  }
}
