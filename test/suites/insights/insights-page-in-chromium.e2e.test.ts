// The insights page as a person meets it, in a real browser: `praxis dev --auth oauth` (wrangler dev,
// the local D1 database and the development OpenID provider) and Chromium (Debian's, driven by
// puppeteer-core). bob first asks a question the handbook does not answer, three times, through /mcp
// with a development token. alice (in praxis-authors) opens /insights, is sent to the development
// sign-in, signs in with the mouse, and lands on the page: the gap's question with its counts, both
// charts, the period links; she changes the period with the keyboard. bob, in his own browser, signs in
// and sees the 403 page that says why and nothing of the data. Each page is screenshotted (kept under
// the test's temporary folder and copied to /tmp/insights-screens/), checked with axe-core (no serious
// or critical violation), and must fit a 375 px window without scrolling sideways.
import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnPraxisDev, type RunningDev } from '../../../scripts/dev/spawn-praxis-dev.ts';
import { praxis } from '../../helpers/cli-run.ts';
import { eventually } from '../../helpers/eventually.ts';
import { localD1Rows } from '../../helpers/node/local-d1-rows.ts';
import {
  NO_CHROMIUM,
  axeViolations,
  chromiumPath,
  launchChromium,
  type AxeViolation,
} from '../../helpers/node/chromium.ts';
import { peopleIn, type PeopleInBrowser } from '../../helpers/node/people-in-browser.ts';
import { mcpCall } from '../../helpers/node/mcp-over-http.ts';

const GAP = 'travel expenses for a conference';
const DESKTOP = { width: 1100, height: 900 };
const NARROW = { width: 375, height: 740 };
/** Where the lead looks at the screenshots after a run. */
const SHARED_SCREENS = '/tmp/insights-screens';
const chromium = chromiumPath();

// The little of the DOM the checks read, typed here: the project compiles without the DOM library.
interface InPageElement {
  textContent: string | null;
  getAttribute(name: string): string | null;
}
interface InPageWindow {
  innerWidth: number;
  document: {
    title: string;
    activeElement: InPageElement | null;
    documentElement: { scrollWidth: number };
    querySelector(selector: string): InPageElement | null;
    querySelectorAll(selector: string): Iterable<InPageElement>;
  };
}

interface PageFacts {
  title: string;
  heading: string;
  /** The text of each row of the gaps table, cells joined by " | ". */
  gapRows: string[];
  charts: string[];
  overflowsSideways: boolean;
  current: string;
}

const pageFacts = (page: Page): Promise<PageFacts> =>
  page.evaluate(() => {
    const { document, innerWidth } = globalThis as unknown as InPageWindow;
    const text = (element: InPageElement | null) =>
      (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
    const table = [...document.querySelectorAll('#gaps ~ div table tbody tr')];
    return {
      title: document.title,
      heading: text(document.querySelector('h1')),
      gapRows: table.map((row) =>
        [
          ...(
            row as unknown as { querySelectorAll(s: string): Iterable<InPageElement> }
          ).querySelectorAll('td'),
        ]
          .map(text)
          .join(' | '),
      ),
      charts: [...document.querySelectorAll('svg[role=img]')].map(
        (svg) => svg.getAttribute('aria-label') ?? '',
      ),
      overflowsSideways: document.documentElement.scrollWidth > innerWidth,
      current: text(document.querySelector('a[aria-current=page]')),
    };
  });

const seriousOnes = (violations: AxeViolation[]): AxeViolation[] =>
  violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );

const TITLE = chromium
  ? 'the insights page in Chromium'
  : `the insights page in Chromium — ${NO_CHROMIUM}`;
if (!chromium)
  process.stderr.write(
    `test/suites/insights/insights-page-in-chromium.e2e.test.ts: ${NO_CHROMIUM}\n`,
  );

describe.skipIf(!chromium)(TITLE, () => {
  let dev: RunningDev;
  let browser: Browser;
  let people: PeopleInBrowser;
  let shots: string;
  let origin: string;
  const findings: Record<string, AxeViolation[]> = {};

  beforeAll(async () => {
    shots = await mkdtemp(join(tmpdir(), 'praxis-insights-page-'));
    const [launched, started] = await Promise.allSettled([
      launchChromium(chromium!),
      spawnPraxisDev(['--auth', 'oauth']),
    ]);
    if (launched.status === 'fulfilled') {
      browser = launched.value;
      people = peopleIn(browser);
    }
    if (started.status === 'fulfilled') dev = started.value;
    for (const outcome of [launched, started])
      if (outcome.status === 'rejected') throw outcome.reason;
    origin = new URL(dev.url).origin;
    // bob's unanswered question, asked three times through the MCP endpoint.
    const run = await praxis('token', '--subject', 'bob');
    expect(run.code, run.stderr).toBe(0);
    for (let i = 0; i < 3; i++) await search(run.stdout.trim(), GAP);
    await eventually(searchesRecorded, (count) => count >= 3);
  }, 180_000);

  afterAll(async () => {
    console.log(JSON.stringify({ screenshots: SHARED_SCREENS, axe: findings }));
    await browser?.close();
    await dev?.stop();
    if (shots) {
      await mkdir(SHARED_SCREENS, { recursive: true });
      for (const file of await readdir(shots).catch(() => []))
        await copyFile(join(shots, file), join(SHARED_SCREENS, file));
      await rm(shots, { recursive: true, force: true });
    }
  });

  async function search(bearer: string, query: string): Promise<void> {
    await mcpCall(dev.url, bearer, 'tools/call', {
      name: 'search_processes',
      arguments: { query },
    });
  }

  /** How many searches the local insights database holds (written after each answer was sent). */
  async function searchesRecorded(): Promise<number> {
    const rows = await localD1Rows(dev.stateDir, 'usage_events');
    return rows.filter((row) => row.kind === 'search').length;
  }

  /** Screenshot and axe-core under `name`; then what the page shows. */
  async function look(page: Page, name: string): Promise<PageFacts> {
    await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
    findings[name] = await axeViolations(page);
    expect(seriousOnes(findings[name]), `${name}: ${JSON.stringify(findings[name])}`).toEqual([]);
    const facts = await pageFacts(page);
    expect(facts.overflowsSideways, `${name}: wider than the window`).toBe(false);
    return facts;
  }

  /** At the development sign-in: the user's name and password typed, Sign in clicked. */
  async function signIn(page: Page, user: string): Promise<void> {
    await page.waitForSelector('#username');
    await page.click('#username');
    await page.keyboard.type(user);
    await page.click('#password');
    await page.keyboard.type(user);
    await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
  }

  it('alice, an author, signs in and sees the gap, its counts and both charts', async () => {
    await people.withPageOf('alice', async (page) => {
      await page.setViewport(DESKTOP);
      await page.goto(`${origin}/insights`);
      await signIn(page, 'alice');
      expect(new URL(page.url()).pathname).toBe('/insights');
      const facts = await look(page, 'insights-desktop');
      expect(facts.heading).toBe('Insights');
      expect(facts.title).toBe('Insights, last 30 days');
      expect(facts.current).toBe('Last 30 days');
      // The question, 1 caller, asked 3 times, 0 results now, unanswered.
      const row = facts.gapRows.find((text) => text.includes(GAP));
      expect(row, JSON.stringify(facts.gapRows)).toMatch(
        new RegExp(`${GAP}.* \\| 1 \\| 3 \\| .* UTC \\| .* UTC \\| 0 \\| unanswered$`),
      );
      expect(facts.charts).toHaveLength(2);
      expect(facts.charts[0]).toMatch(/^Reads per day, \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}: /);
      expect(facts.charts[1]).toMatch(
        /^Asks per day of the gaps listed below, .*: 3 in all, at most 3 on \d{4}-\d{2}-\d{2}\.$/,
      );

      // The same page on a phone-sized window.
      await page.setViewport(NARROW);
      await look(page, 'insights-narrow');

      // The period, changed with the keyboard alone: Tab to "Last 7 days", Enter.
      await page.setViewport(DESKTOP);
      let focused = '';
      for (let step = 0; step < 10 && focused !== 'Last 7 days'; step++) {
        await page.keyboard.press('Tab');
        focused = await page.evaluate(() =>
          (
            (globalThis as unknown as InPageWindow).document.activeElement?.textContent ?? ''
          ).trim(),
        );
      }
      expect(focused).toBe('Last 7 days');
      await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
      expect(new URL(page.url()).search).toBe('?since=7d');
      const week = await look(page, 'insights-7-days');
      expect(week.current).toBe('Last 7 days');
      expect(week.gapRows.some((text) => text.includes(GAP))).toBe(true);
    });
  });

  it('bob, not an author, signs in and is told why, with nothing of the data', async () => {
    await people.withPageOf('bob', async (page) => {
      await page.setViewport(NARROW);
      const response = page.waitForResponse((answer) =>
        answer.url().startsWith(`${origin}/insights/callback`),
      );
      await page.goto(`${origin}/insights`);
      await signIn(page, 'bob');
      expect((await response).status()).toBe(403);
      const facts = await look(page, 'insights-not-an-author-narrow');
      expect(facts.heading).toBe('This page is for authors');
      expect(facts.title).toBe('This page is for authors');
      const text = await page.evaluate(
        () =>
          (globalThis as unknown as InPageWindow).document.querySelector('main')?.textContent ?? '',
      );
      expect(text).toContain(
        'Bob Example, who is not a member of the authors group (praxis-authors)',
      );
      expect(text).not.toContain(GAP);
      expect(facts.charts).toEqual([]);
    });
  });
});
