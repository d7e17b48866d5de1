// The clients a team uses, each driven for real against one `praxis dev --auth oauth` (the Worker in
// workerd, the development OpenID provider) and signed in through one Chromium (Debian's, driven by
// puppeteer-core) as alice (group engineering) and as bob (no group), each in a browser of their own
// kept for the whole file and signed out before each client: tools/list, a search and the
// checklist restricted to engineering — alice sees it, bob does not. docs/clients.md is the table
// of what ran here, and the steps a person follows with each client.
// Clients that cannot run here (Claude Code and Desktop, VS Code, Cursor) are covered by what they
// rely on: the SDK client configured as each registers itself (a localhost redirect, a registered
// loopback port other than the one listening, a private-use callback next to the loopback one).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedDevServer, type SharedServer } from '../../helpers/node/shared-dev-server.ts';
import { NO_CHROMIUM, chromiumPath, launchChromium } from '../../helpers/node/chromium.ts';
import { peopleIn, type PeopleInBrowser } from '../../helpers/node/people-in-browser.ts';
import {
  inspectorV015Saw,
  startInspectorV015,
  type RunningInspector,
} from '../../helpers/clients/inspector-v0-15.ts';
import { inspectorV2Saw } from '../../helpers/clients/inspector-v2.ts';
import { installPraxis, type InstalledPraxis } from '../../helpers/shim/installed-praxis.ts';
import {
  DesktopOAuthClient,
  loopbackListener,
  sdkClientSaw,
} from '../../helpers/clients/sdk-clients.ts';
import { installedShimSaw, mcpRemoteSaw } from '../../helpers/clients/stdio-clients.ts';
import {
  RESTRICTED_TITLE,
  expectGroupsRespected,
  type ClientSaw,
} from '../../helpers/clients/what-a-client-saw.ts';

const chromium = chromiumPath();
const TITLE = chromium ? 'every client, end to end' : `every client, end to end — ${NO_CHROMIUM}`;
if (!chromium)
  process.stderr.write(`test/suites/clients/client-matrix.e2e.test.ts: ${NO_CHROMIUM}\n`);

describe.skipIf(!chromium)(TITLE, () => {
  let dev: SharedServer;
  let browser: Browser;
  let people: PeopleInBrowser;
  let inspector: RunningInspector;
  let installed: InstalledPraxis;
  let installDir: string | undefined;

  beforeAll(async () => {
    // The matrix registers about twenty clients within a minute from one address; the registration
    // limit (10 a minute, which answers 429 naming itself) is for people, so the shared server has it off.
    const devStarted = sharedDevServer('sign-in');
    installDir = await mkdtemp(join(tmpdir(), 'praxis-interop-installed-'));
    const started = await Promise.allSettled([
      launchChromium(chromium!),
      devStarted,
      startInspectorV015(),
      installPraxis(installDir),
    ]);
    if (started[0].status === 'fulfilled') {
      browser = started[0].value;
      people = peopleIn(browser);
    }
    if (started[1].status === 'fulfilled') dev = started[1].value;
    if (started[2].status === 'fulfilled') inspector = started[2].value;
    if (started[3].status === 'fulfilled') installed = started[3].value;
    for (const outcome of started) if (outcome.status === 'rejected') throw outcome.reason;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await inspector?.process.stop();
    if (installDir) await rm(installDir, { recursive: true, force: true });
  });

  /** alice and bob through one client, side by side (each on their own page, signed out) or in turn. */
  async function bothUsers(
    saw: (page: Page, user: string) => Promise<ClientSaw>,
    together = true,
  ): Promise<void> {
    const as = (user: string) => people.withPageOf(user, (page) => saw(page, user));
    const [alice, bob] = together
      ? await Promise.all([as('alice'), as('bob')])
      : [await as('alice'), await as('bob')];
    expectGroupsRespected(alice, bob);
  }

  /** An SDK client signing in on `user`'s page with its own loopback listener. */
  async function throughSdk(
    version: 'v1' | 'v2',
    page: Page,
    user: string,
    host = '127.0.0.1',
    registered?: (url: string) => string[],
  ) {
    const listener = await loopbackListener(host);
    try {
      const provider = new DesktopOAuthClient(
        `Interop ${version} (${user})`,
        listener.url,
        registered?.(listener.url),
      );
      return await sdkClientSaw(version, page, dev.url, user, provider, listener.landed);
    } finally {
      await listener.close();
    }
  }

  it('MCP Inspector 0.15.0 (npx on Node 20): Open Auth Settings → Quick OAuth Flow, Connect, Tools', async () => {
    await bothUsers((page, user) => inspectorV015Saw(page, inspector, dev.url, user));
  }, 120_000);

  it("MCP Inspector 2.12.0 (npx on Node >= 22.19): the server's switch signs in, Tools", async () => {
    await bothUsers((page, user) => inspectorV2Saw(page, dev.url, user));
  }, 120_000);

  it('the TypeScript SDK v2 client with its OAuth provider and a loopback redirect', async () => {
    await bothUsers((page, user) => throughSdk('v2', page, user));
  }, 90_000);

  it('the TypeScript SDK v1 client (1.32.2) with its OAuth provider and a loopback redirect', async () => {
    await bothUsers((page, user) => throughSdk('v1', page, user));
  }, 90_000);

  it('mcp-remote, the stdio bridge: prints and opens the address, tools answer over stdio', async () => {
    // One after the other: mcp-remote chooses its callback port itself, and two at once could pick the same one.
    await bothUsers((page, user) => mcpRemoteSaw(page, dev.url, user), false);
  }, 120_000);

  it('the installed shim (npm pack, npm install -g): praxis login, then praxis shim --remote over stdio', async () => {
    await bothUsers((page, user) => installedShimSaw(page, dev.url, user, installed));
  }, 120_000);

  it('as Claude Code registers: a http://localhost:<any port>/callback redirect', async () => {
    const saw = await people.withPageOf('alice', (page) =>
      throughSdk('v2', page, 'alice', 'localhost'),
    );
    expect(saw.restricted.text).toContain(RESTRICTED_TITLE);
  }, 60_000);

  it('as VS Code registers: a loopback redirect whose port is not the one it listens on when signing in', async () => {
    const saw = await people.withPageOf('alice', (page) =>
      throughSdk('v2', page, 'alice', '127.0.0.1', (url) => [url.replace(/:\d+\//, ':33418/')]),
    );
    expect(saw.restricted.text).toContain(RESTRICTED_TITLE);
  }, 60_000);

  it('as Cursor registers: a cursor:// callback listed next to its loopback one', async () => {
    const cursor = 'cursor://anysphere.cursor-mcp/oauth/callback';
    const saw = await people.withPageOf('alice', (page) =>
      throughSdk('v2', page, 'alice', '127.0.0.1', (url) => [cursor, url]),
    );
    expect(saw.restricted.text).toContain(RESTRICTED_TITLE);
  }, 60_000);
});
