// The people of a browser test, each with a browser of their own in the file's one Chromium: a browser
// context (own cookies and storage) holding one page, kept for everything that person does in the
// file and navigated from address to address, as a person uses one window. Chromium spends about 2 s
// of CPU on each new page and more on each new context, so a file opens one of each per person, not
// one per sign-in; the first person takes the context and the blank page Chromium starts with.
import type { Browser, BrowserContext, Page } from 'puppeteer-core';

export interface PeopleInBrowser {
  /**
   * Runs `use` on `person`'s page, signed out: no cookie is left from what they did before (Praxis's
   * remembered sign-in and approvals, the sign-in provider's session), so every sign-in meets the
   * consent page and the sign-in form. Afterwards the page is left on about:blank, so nothing of the
   * last client's page keeps running.
   */
  withPageOf<T>(person: string, use: (page: Page) => Promise<T>): Promise<T>;
}

interface Window {
  context: BrowserContext;
  page: Page;
  /** Whether a `use` still runs on the page: a test that timed out leaves its flow running. */
  busy: boolean;
}

export function peopleIn(browser: Browser): PeopleInBrowser {
  const windows = new Map<string, Promise<Window>>();

  async function open(first: boolean): Promise<Window> {
    if (first) {
      const [page] = await browser.pages();
      if (page) return { context: browser.defaultBrowserContext(), page, busy: false };
    }
    const context = first ? browser.defaultBrowserContext() : await browser.createBrowserContext();
    return { context, page: await context.newPage(), busy: false };
  }

  /** The person's window; a new page in their context when the old one is closed or still in use. */
  async function windowOf(person: string): Promise<Window> {
    let window = windows.get(person);
    if (!window) {
      window = open(windows.size === 0);
      windows.set(person, window);
    }
    const opened = await window;
    if (!opened.page.isClosed() && !opened.busy) return opened;
    const reopened = { context: opened.context, page: await opened.context.newPage(), busy: false };
    windows.set(person, Promise.resolve(reopened));
    return reopened;
  }

  return {
    async withPageOf(person, use) {
      const window = await windowOf(person);
      window.busy = true;
      const cookies = await window.context.cookies();
      if (cookies.length > 0) await window.context.deleteCookie(...cookies);
      try {
        return await use(window.page);
      } finally {
        await window.page.goto('about:blank').catch(() => undefined);
        window.busy = false;
      }
    },
  };
}
