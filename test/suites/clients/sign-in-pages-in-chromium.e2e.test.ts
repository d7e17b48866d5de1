// The sign-in pages as a person meets them, in a real browser: `praxis dev --auth oauth` (wrangler dev
// and the development OpenID provider), the official MCP client registering itself with a loopback
// redirect of its own, and Chromium (Debian's, driven by puppeteer-core) walking its authorization
// URL. alice clicks through consent and signs in with the mouse on a desktop-sized window; bob, on a
// 375 px wide one, uses only the keyboard (Tab, Shift+Tab, Enter), mistypes his password once, and
// sees why. Each page is checked with axe-core (no serious or critical violation), screenshotted when
// PRAXIS_SCREENSHOT_DIR asks for the pictures, has a label for every field and a title that says what its heading says, and fits the narrow window
// without scrolling sideways. The code then gets the client tokens: alice reads the checklist
// restricted to engineering, bob does not. alice and bob each have a browser of their own (own cookies).
import { mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedDevServer, type SharedServer } from '../../helpers/node/shared-dev-server.ts';
import { MemoryOAuthClient } from '../../fixtures/oidc/sign-in-browser.ts';
import {
  NO_CHROMIUM,
  axeViolations,
  chromiumPath,
  launchChromium,
  type AxeViolation,
} from '../../helpers/node/chromium.ts';
import { peopleIn, type PeopleInBrowser } from '../../helpers/node/people-in-browser.ts';

const RESTRICTED = 'production-access';
const RESTRICTED_TITLE = 'Production Access Checklist';
const DESKTOP = { width: 1024, height: 768 };
const NARROW = { width: 375, height: 740 };
const chromium = chromiumPath();

/** An MCP client's OAuth state with its own loopback redirect, where the browser lands with the code. */
class LoopbackOAuthClient extends MemoryOAuthClient {
  private readonly callback: string;
  constructor(name: string, callback: string) {
    super(name);
    this.callback = callback;
  }
  override get redirectUrl(): string {
    return this.callback;
  }
  override get clientMetadata() {
    return { ...super.clientMetadata, redirect_uris: [this.callback] };
  }
}

/** The client's loopback callback: answers the browser with a small page and hands the URL to the test. */
async function startCallback(): Promise<{
  url: string;
  next: () => Promise<URL>;
  close: () => Promise<void>;
}> {
  let arrived: (url: URL) => void = () => undefined;
  const server: Server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><html lang="en"><title>Signed in</title><main><h1>Signed in</h1></main></html>',
    );
    arrived(new URL(request.url ?? '/', 'http://127.0.0.1'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  return {
    url,
    next: () =>
      new Promise<URL>((resolve) => {
        arrived = resolve;
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface PageFacts {
  title: string;
  heading: string;
  unlabelled: string[];
  overflowsSideways: boolean;
  focused: string;
}

// The little of the DOM the checks below read, typed here: the project compiles without the DOM library.
interface InPageElement {
  tagName: string;
  id: string;
  textContent: string | null;
  labels?: { length: number };
}
interface InPageWindow {
  innerWidth: number;
  document: {
    title: string;
    body: InPageElement;
    activeElement: InPageElement | null;
    documentElement: { scrollWidth: number };
    querySelector(selector: string): InPageElement | null;
    querySelectorAll(selector: string): Iterable<InPageElement>;
  };
}

/** What a person (and a screen reader) gets from the page as it stands. */
const pageFacts = (page: Page): Promise<PageFacts> =>
  page.evaluate(() => {
    const { document, innerWidth } = globalThis as unknown as InPageWindow;
    const named = (element: InPageElement | null): string => {
      if (!element || element === document.body) return 'body';
      return element.id
        ? `#${element.id}`
        : `${element.tagName.toLowerCase()}:${element.textContent?.trim()}`;
    };
    const fields = [...document.querySelectorAll('input:not([type=hidden]), select, textarea')];
    return {
      title: document.title,
      heading: document.querySelector('h1')?.textContent?.trim() ?? '',
      unlabelled: fields.filter((field) => !field.labels?.length).map(named),
      overflowsSideways: document.documentElement.scrollWidth > innerWidth,
      focused: named(document.activeElement),
    };
  });

/** What the restricted checklist's tools/call answered: whether it was an error, and all of it as text. */
interface RestrictedAnswer {
  isError: boolean;
  text: string;
}

/** Serious and critical findings fail the test; all of them are kept for the report. */
const seriousOnes = (violations: AxeViolation[]): AxeViolation[] =>
  violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );

const TITLE = chromium
  ? 'the sign-in pages in Chromium'
  : `the sign-in pages in Chromium — ${NO_CHROMIUM}`;
// One line on the terminal: a skipped test's name alone is not shown by vitest's summary.
if (!chromium)
  process.stderr.write(
    `test/suites/clients/sign-in-pages-in-chromium.e2e.test.ts: ${NO_CHROMIUM}\n`,
  );

describe.skipIf(!chromium)(TITLE, () => {
  let dev: SharedServer;
  let browser: Browser;
  let people: PeopleInBrowser;
  /** Where the screenshots go: PRAXIS_SCREENSHOT_DIR; none are taken without it, as nobody would see them. */
  const shots = process.env.PRAXIS_SCREENSHOT_DIR;
  const findings: Record<string, AxeViolation[]> = {};

  beforeAll(async () => {
    if (shots) await mkdir(shots, { recursive: true });
    // Both start at once; whichever started is stopped in afterAll even when the other failed.
    const [launched, started] = await Promise.allSettled([
      launchChromium(chromium!),
      sharedDevServer('sign-in'),
    ]);
    if (launched.status === 'fulfilled') {
      browser = launched.value;
      people = peopleIn(browser);
    }
    if (started.status === 'fulfilled') dev = started.value;
    for (const outcome of [launched, started])
      if (outcome.status === 'rejected') throw outcome.reason;
  }, 120_000);

  afterAll(async () => {
    // Every finding, serious or not, for whoever runs this with PRAXIS_TEST_LOGS=1.
    console.log(JSON.stringify({ screenshots: shots ?? 'none', axe: findings }));
    await browser?.close();
  });

  /** Screenshot (when asked for), axe-core and the page's facts, under `name`. */
  async function look(page: Page, name: string): Promise<PageFacts> {
    if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
    findings[name] = await axeViolations(page);
    expect(seriousOnes(findings[name]), `${name}: ${JSON.stringify(findings[name])}`).toEqual([]);
    const facts = await pageFacts(page);
    expect(facts.unlabelled, `${name}: fields without a label`).toEqual([]);
    expect(facts.overflowsSideways, `${name}: wider than the window`).toBe(false);
    return facts;
  }

  /** The MCP client up to its first 401: registered, with the authorization URL it would open. */
  async function clientNeedingSignIn(user: string, callback: string): Promise<LoopbackOAuthClient> {
    const provider = new LoopbackOAuthClient(`Browser test (${user})`, callback);
    const transport = new StreamableHTTPClientTransport(new URL(dev.url), {
      authProvider: provider,
    });
    await expect(
      new Client({ name: 'browser-test', version: '1.0.0' }).connect(transport),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.authorizationUrl).toBeDefined();
    return provider;
  }

  /** With the code the browser brought back: the client's tokens, then the restricted checklist's answer. */
  async function restrictedAnswer(
    provider: LoopbackOAuthClient,
    landed: URL,
  ): Promise<RestrictedAnswer> {
    expect(landed.searchParams.get('error')).toBeNull();
    const first = new StreamableHTTPClientTransport(new URL(dev.url), { authProvider: provider });
    await first.finishAuth(landed.searchParams);
    const client = new Client({ name: 'browser-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(dev.url), { authProvider: provider }),
    );
    try {
      const result = await client.callTool({
        name: 'get_checklist',
        arguments: { name: RESTRICTED },
      });
      return { isError: result.isError === true, text: JSON.stringify(result) };
    } finally {
      await client.close();
    }
  }

  it('alice, with the mouse: consent, Allow, the development sign-in, a code, the restricted checklist', async () => {
    const callback = await startCallback();
    try {
      const provider = await clientNeedingSignIn('alice', callback.url);
      await people.withPageOf('alice', async (page) => {
        await page.setViewport(DESKTOP);
        await page.goto(provider.authorizationUrl!.href);
        const consent = await look(page, 'consent-desktop');
        expect(consent.heading).toBe('Allow Browser test (alice) to read Praxis as you?');
        expect(consent.title).toBe(consent.heading);
        await Promise.all([page.waitForNavigation(), page.click('button[value=approve]')]);

        await page.waitForSelector('#username');
        const signIn = await look(page, 'sign-in-desktop');
        expect(signIn.heading).toBe('Sign in to Praxis (development)');
        expect(signIn.title).toBe(signIn.heading);
        await page.click('#username');
        await page.keyboard.type('alice');
        await page.click('#password');
        await page.keyboard.type('alice');
        const landed = callback.next();
        await page.click('button[type=submit]');
        const answer = await restrictedAnswer(provider, await landed);
        expect(answer.isError).toBe(false);
        expect(answer.text).toContain(RESTRICTED_TITLE);
      });
    } finally {
      await callback.close();
    }
  });

  it('bob, 375 px wide, keyboard only: Tab order, a wrong password explained, no restricted checklist', async () => {
    const callback = await startCallback();
    try {
      const provider = await clientNeedingSignIn('bob', callback.url);
      await people.withPageOf('bob', async (page) => {
        await page.setViewport(NARROW);
        await page.goto(provider.authorizationUrl!.href);
        const consent = await look(page, 'consent-narrow');
        expect(consent.focused).toBe('body');
        const focusOrder: string[] = [];
        for (let step = 0; step < 2; step += 1) {
          await page.keyboard.press('Tab');
          focusOrder.push((await pageFacts(page)).focused);
        }
        expect(focusOrder).toEqual(['button:Allow', 'button:Deny']);
        await page.keyboard.down('Shift');
        await page.keyboard.press('Tab');
        await page.keyboard.up('Shift');
        expect((await pageFacts(page)).focused).toBe('button:Allow');
        await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);

        await page.waitForSelector('#username');
        const signIn = await look(page, 'sign-in-narrow');
        expect(signIn.focused).toBe('#username');
        await page.keyboard.type('bob');
        await page.keyboard.press('Tab');
        expect((await pageFacts(page)).focused).toBe('#password');
        await page.keyboard.type('not-bobs-password');
        await page.keyboard.press('Tab');
        expect((await pageFacts(page)).focused).toBe('button:Sign in');
        await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);

        const refused = await look(page, 'sign-in-wrong-password-narrow');
        const alert = await page.$eval(
          '[role=alert]',
          (element) => (element as unknown as InPageElement).textContent,
        );
        expect(alert).toBe('Unknown user or wrong password.');
        expect(refused.focused).toBe('#username');
        await page.keyboard.type('bob');
        await page.keyboard.press('Tab');
        await page.keyboard.type('bob');
        const landed = callback.next();
        await page.keyboard.press('Enter');
        const answer = await restrictedAnswer(provider, await landed);
        expect(answer.isError).toBe(true);
        expect(answer.text).not.toContain(RESTRICTED_TITLE);
      });
    } finally {
      await callback.close();
    }
  });
});
