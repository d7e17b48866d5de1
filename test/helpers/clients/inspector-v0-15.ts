// MCP Inspector 0.15.0 — what `npx @modelcontextprotocol/inspector` installs on Node 20 (later
// versions require Node >= 22.7.5) — started as that command starts it, and its web app walked in
// Chromium as the README's steps say: transport Streamable HTTP, the URL, Open Auth Settings →
// Quick OAuth Flow → Praxis's consent and sign-in → back in the Inspector, Connect → Tools → List
// Tools → run the search and the restricted checklist.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { freePort } from '../../../scripts/dev/free-port.ts';
import { allowAndSignIn } from './sign-in-in-browser.ts';
import { startProcess, type StartedProcess } from './started-process.ts';
import { GET_RESTRICTED, SEARCH, type ClientSaw } from './what-a-client-saw.ts';

const PACKAGE = dirname(createRequire(import.meta.url).resolve('inspector-v0-15/package.json'));

export interface RunningInspector {
  url: string;
  process: StartedProcess;
}

/**
 * `mcp-inspector` (the package's bin) on two free ports instead of 6274/6277, which another program
 * may hold here. The web app is told where its proxy is (MCP_PROXY_FULL_ADDRESS), as its own
 * configuration screen would be; the session token comes from the URL the Inspector prints.
 */
export async function startInspectorV015(): Promise<RunningInspector> {
  const [clientPort, serverPort] = [await freePort(), await freePort()];
  const started = await startProcess(
    process.execPath,
    [join(PACKAGE, 'cli/build/cli.js')],
    {
      CLIENT_PORT: String(clientPort),
      SERVER_PORT: String(serverPort),
      MCP_AUTO_OPEN_ENABLED: 'false',
    },
    /MCP Inspector is up and running/,
  );
  // The proxy's lines (with the token) and the web app's come from two processes, in either order.
  const token = (await started.waitFor(/Session token: ([0-9a-f]+)/))[1];
  const proxy = encodeURIComponent(`http://localhost:${serverPort}`);
  const url = `http://localhost:${clientPort}/?MCP_PROXY_AUTH_TOKEN=${token}&MCP_PROXY_FULL_ADDRESS=${proxy}`;
  return { url, process: started };
}

const textOf = (page: Page, selector: string): Promise<string> =>
  page.$eval(selector, (element) => (element as unknown as { innerText: string }).innerText);

// The "Tool Result:" heading (Success or Error), then its panel's text ('' before any run), read in the page.
const RESULT_PANEL = () => {
  const { document } = globalThis as unknown as {
    document: {
      querySelectorAll(s: string): Iterable<{
        textContent: string | null;
        parentElement: { innerText: string } | null;
      }>;
    };
  };
  const heading = [...document.querySelectorAll('h4')].find((h4) =>
    h4.textContent?.startsWith('Tool Result:'),
  );
  return heading ? `${heading.textContent}\n${heading.parentElement?.innerText ?? ''}` : '';
};

/** How often the page looks for the result: puppeteer's default runs the check on every animation frame. */
const RESULT_POLL_MS = 100;

/** Runs one tool from the Tools tab with its form; the result panel's text and whether it says Error. */
async function runTool(page: Page, request: { name: string; arguments: Record<string, string> }) {
  await (await page.waitForSelector(`::-p-text(${request.name})`))!.click();
  for (const [field, value] of Object.entries(request.arguments)) {
    await page.waitForSelector(`#${field}`);
    await page.click(`#${field}`, { count: 3 });
    await page.keyboard.type(value);
  }
  const before = await page.evaluate(RESULT_PANEL);
  await (await page.waitForSelector('button::-p-text(Run Tool)'))!.click();
  await page.waitForFunction(`(${RESULT_PANEL.toString()})() !== ${JSON.stringify(before)}`, {
    polling: RESULT_POLL_MS,
  });
  const panel = await page.evaluate(RESULT_PANEL);
  return { isError: /^Tool Result:\s*Error\n/.test(panel), text: panel };
}

/** alice or bob, on their own page (signed out), through the Quick OAuth Flow to the tools. */
export async function inspectorV015Saw(
  page: Page,
  inspector: RunningInspector,
  mcpUrl: string,
  user: string,
): Promise<ClientSaw> {
  await page.setViewport({ width: 1400, height: 900 });
  await page.goto(inspector.url);
  await page.waitForSelector('#transport-type-select');
  await page.click('#transport-type-select');
  await (await page.waitForSelector('[role=option]::-p-text(Streamable HTTP)'))!.click();
  await page.waitForSelector('#sse-url-input');
  await page.click('#sse-url-input', { count: 3 });
  await page.keyboard.type(mcpUrl);
  await (await page.waitForSelector('button::-p-text(Open Auth Settings)'))!.click();
  const quick = await page.waitForSelector('button::-p-text(Quick OAuth Flow)');
  await Promise.all([page.waitForNavigation(), quick!.click()]);
  await allowAndSignIn(page, user);
  await page.waitForSelector('::-p-text(Authentication completed successfully)');
  await (await page.waitForSelector('button::-p-text(Connect)'))!.click();
  await page.waitForSelector('[role=tab]::-p-text(Tools)');
  await (await page.waitForSelector('[role=tab]::-p-text(Tools)'))!.click();
  await (await page.waitForSelector('button::-p-text(List Tools)'))!.click();
  await page.waitForSelector('::-p-text(search_checklists)');
  const tools = (await textOf(page, 'body'))
    .split('\n')
    .filter((line) => /^[a-z_]+$/.test(line.trim()));
  const search = await runTool(page, SEARCH);
  const restricted = await runTool(page, GET_RESTRICTED);
  return { tools, search: search.text, restricted };
}
