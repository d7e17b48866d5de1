// `praxis dev --auth oauth`: a new user adds only the URL to an MCP client and signs in through a
// real browser flow at the development OpenID provider — here the official MCP client over real
// HTTP to wrangler dev (workerd), and mcp-remote (the stdio bridge many clients use), with the
// browser steps scripted. alice (engineering) sees the bundled checklist restricted to engineering,
// bob does not; `praxis token` keeps working alongside.
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedDevServer, type SharedServer } from '../../helpers/node/shared-dev-server.ts';
import { MemoryOAuthClient, TestBrowser, signInAs } from '../../fixtures/oidc/sign-in-browser.ts';
import { startMcpRemote } from '../../helpers/clients/mcp-remote.ts';
import { praxis } from '../../helpers/cli-run.ts';

const RESTRICTED = 'production-access';

describe('praxis dev --auth oauth, end to end', () => {
  let dev: SharedServer;
  beforeAll(async () => {
    // Started the way the README's first command starts it: `npm start` (= praxis dev --auth oauth),
    // the run's one such server (test/helpers/node/shared-dev-server.ts).
    dev = await sharedDevServer('npm start');
  }, 120_000);

  it('prints the URL to add and the development users', () => {
    expect(dev.output()).toContain(`http://127.0.0.1:${dev.port}/mcp`);
    expect(dev.output()).toMatch(
      /alice \/ alice \(groups engineering, praxis-authors\), bob \/ bob \(no group\)/,
    );
  });

  async function signedInClient(user: string): Promise<Client> {
    const provider = new MemoryOAuthClient(`e2e ${user}`);
    const first = new StreamableHTTPClientTransport(new URL(dev.url), { authProvider: provider });
    await expect(
      new Client({ name: 'e2e', version: '1.0.0' }).connect(first),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    const browser = new TestBrowser((request) => fetch(request));
    const landed = new URL(await signInAs(browser, provider.authorizationUrl!.href, user));
    await first.finishAuth(landed.searchParams);
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(dev.url), { authProvider: provider }),
    );
    return client;
  }

  it('signs alice and bob in with only the URL, and each sees what their groups allow', async () => {
    const alice = await signedInClient('alice');
    try {
      const result = await alice.callTool({
        name: 'get_checklist',
        arguments: { name: RESTRICTED },
      });
      expect(result.isError).toBeFalsy();
      expect(JSON.stringify(result.content)).toContain('Production Access Checklist');
    } finally {
      await alice.close();
    }
    const bob = await signedInClient('bob');
    try {
      const result = await bob.callTool({ name: 'get_checklist', arguments: { name: RESTRICTED } });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result)).not.toContain('Production Access Checklist');
    } finally {
      await bob.close();
    }
  });

  it('signs in through mcp-remote: it prints the authorization URL, the scripted browser completes it, tools answer over stdio', async () => {
    const home = await mkdtemp(join(tmpdir(), 'praxis-mcp-remote-'));
    // mcp-remote opens the browser with xdg-open: here a script that does nothing (the test is the browser).
    await writeFile(join(home, 'xdg-open'), '#!/bin/sh\nexit 0\n');
    await chmod(join(home, 'xdg-open'), 0o755);
    const {
      client,
      connected,
      printedUrl: authorizationUrl,
    } = startMcpRemote(dev.url, home, 'e2e-mcp-remote');
    try {
      const url = await authorizationUrl;
      const redirect = new URL(url).searchParams.get('redirect_uri')!;
      const landed = await signInAs(
        new TestBrowser((request) => fetch(request), redirect),
        url,
        'alice',
      );
      expect((await fetch(landed)).status).toBe(200); // mcp-remote's loopback callback takes the code
      await connected;
      const result = await client.callTool({
        name: 'get_checklist',
        arguments: { name: RESTRICTED },
      });
      expect(result.isError).toBeFalsy();
    } finally {
      await client.close();
      await rm(home, { recursive: true, force: true });
    }
  }, 90_000);

  it('still accepts a `praxis token` token, for scripts', async () => {
    const { code, stdout } = await praxis('token');
    expect(code).toBe(0);
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(dev.url), {
        requestInit: { headers: { authorization: `Bearer ${stdout.trim()}` } },
      }),
    );
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('get_checklist');
    } finally {
      await client.close();
    }
  });
});
