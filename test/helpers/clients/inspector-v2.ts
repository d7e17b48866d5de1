// MCP Inspector 2.12.0 — what `npx @modelcontextprotocol/inspector` installs on Node >= 22.19 —
// started as `npx @modelcontextprotocol/inspector --server-url <URL>` starts it, with the project's
// own Node 22, and its web app walked in Chromium: the server's switch (Connect) → Praxis's consent and
// sign-in → back in the Inspector, Connected → Tools → run the search and the restricted checklist.
// 2.x has no "Open Auth Settings" button: connecting starts the sign-in by itself.
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { freePort } from '../../../scripts/dev/free-port.ts';
import { PROJECT_ROOT } from '../../../scripts/dev/paths.ts';
import { allowAndSignIn } from './sign-in-in-browser.ts';
import { startProcess } from './started-process.ts';
import { GET_RESTRICTED, SEARCH, type ClientSaw } from './what-a-client-saw.ts';

const PACKAGE = dirname(createRequire(import.meta.url).resolve('inspector-v2/package.json'));
const LAUNCHER = join(PACKAGE, 'clients/launcher/build/index.js');
/** Inspector 2.x needs Node >= 22.19: the `node` devDependency's, whatever Node runs the tests. */
const NODE_22 = join(PROJECT_ROOT, 'node_modules/.bin/node');

// The text of the result panel, read in the page: the answer is shown in code editors (textareas).
const RESULT_PANEL = () => {
  const { document } = globalThis as unknown as {
    document: {
      querySelectorAll(s: string): Iterable<{
        textContent: string | null;
        innerText: string;
        value?: string;
        closest(
          s: string,
        ): { innerText: string; querySelectorAll(s: string): Iterable<{ value: string }> } | null;
      }>;
    };
  };
  const heading = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].find(
    (h) => h.textContent?.trim() === 'Results',
  );
  const panel = heading?.closest('.mantine-Paper-root, section, [class*=Card]');
  if (!panel) return '';
  return [
    panel.innerText,
    ...[...panel.querySelectorAll('textarea')].map((area) => area.value),
  ].join('\n');
};

/** How often the page looks for the result: puppeteer's default runs the check on every animation frame. */
const RESULT_POLL_MS = 100;

async function runTool(page: Page, request: { name: string; arguments: Record<string, string> }) {
  await page.locator(`button::-p-text(${request.name})`).click();
  for (const [field, value] of Object.entries(request.arguments)) {
    const input = await page.waitForSelector(`::-p-aria(${field})`);
    await input!.click({ count: 3 });
    await page.keyboard.type(value);
  }
  const before = await page.evaluate(RESULT_PANEL);
  await page.locator('button::-p-text(Execute Tool)').click();
  await page.waitForFunction(`(${RESULT_PANEL.toString()})() !== ${JSON.stringify(before)}`, {
    polling: RESULT_POLL_MS,
  });
  const panel = await page.evaluate(RESULT_PANEL);
  return { isError: /"isError":\s*true|\bError\b/.test(panel), text: panel };
}

/** alice or bob, with an Inspector of their own (its secrets kept in memory), on their own page (signed out). */
export async function inspectorV2Saw(page: Page, mcpUrl: string, user: string): Promise<ClientSaw> {
  const home = await mkdtemp(join(tmpdir(), 'praxis-inspector-v2-'));
  const [client, sandbox, apps] = [await freePort(), await freePort(), await freePort()];
  const inspector = await startProcess(
    NODE_22,
    [LAUNCHER, '--web', '--server-url', mcpUrl],
    {
      HOME: home,
      MCP_INSPECTOR_SECRET_STORE: 'memory',
      MCP_AUTO_OPEN_ENABLED: 'false',
      CLIENT_PORT: String(client),
      MCP_SANDBOX_PORT: String(sandbox),
      MCP_APP_ORIGIN_PORT: String(apps),
    },
    /running at:\s+(http\S+)/,
  );
  try {
    await page.setViewport({ width: 1400, height: 900 });
    await page.goto(inspector.ready[1]!);
    // Locators retry a click whose element React replaced in the meantime (the card renders more than once).
    await page.waitForSelector('::-p-text(Disconnected)');
    await Promise.all([
      page.waitForNavigation(),
      page.locator('[role=switch], input[type=checkbox]').click(),
    ]);
    await allowAndSignIn(page, user);
    // The Servers / Tools / Prompts / Resources tabs appear once connected.
    // The view can re-render back to Servers while the connection settles: the tab is chosen again until
    // the tools show.
    for (let attempt = 1; ; attempt += 1) {
      await page.locator('label::-p-text(Tools)').setTimeout(60_000).click();
      const shown = await page
        .waitForSelector('button::-p-text(search_checklists)', { timeout: 10_000 })
        .then(
          () => true,
          (error: unknown) => {
            if (attempt >= 4) throw error;
            return false;
          },
        );
      if (shown) break;
    }
    // Each tool's button shows its title and, below it, its name: the texts of the buttons' innermost elements.
    const tools = (
      await page.$$eval('button *', (elements) =>
        (
          elements as unknown as Array<{
            children: { length: number };
            textContent: string | null;
          }>
        )
          .filter((element) => element.children.length === 0)
          .map((element) => element.textContent?.trim() ?? ''),
      )
    ).filter((text) => /^[a-z]+(_[a-z]+)+$/.test(text));
    const search = await runTool(page, SEARCH);
    const restricted = await runTool(page, GET_RESTRICTED);
    return { tools, search: search.text, restricted };
  } finally {
    await inspector.stop();
    await rm(home, { recursive: true, force: true });
  }
}
