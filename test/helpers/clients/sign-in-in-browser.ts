// The person's part of every client's sign-in, in Chromium: Praxis's consent page (Allow), then the
// development provider's sign-in form, clicked and typed as a person would. The page ends wherever
// the client's redirect takes it.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';

/** On the consent page: Allow, then sign in as `user` (password = user name); resolves once the client's page loads. */
export async function allowAndSignIn(page: Page, user: string): Promise<void> {
  await page.waitForSelector('button[value=approve]');
  await Promise.all([page.waitForNavigation(), page.click('button[value=approve]')]);
  await page.waitForSelector('input[name=username]');
  await page.click('input[name=username]');
  await page.keyboard.type(user);
  await page.click('input[name=password]');
  await page.keyboard.type(user);
  await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
}

/** The person's page opening `url` (an authorization URL a client printed or opened) and signing in. */
export async function signInAt(page: Page, url: string, user: string): Promise<string> {
  await page.goto(url);
  await allowAndSignIn(page, user);
  return page.url();
}

/**
 * The system's browser opener as a client starts it (PRAXIS_BROWSER, xdg-open): a script that
 * writes down the address it was given; the test's Chromium then opens it, as the person's browser would.
 */
export async function recordingOpener(
  dir: string,
  name: string,
): Promise<{ path: string; opened: () => Promise<string> }> {
  const path = join(dir, name);
  const record = join(dir, `${name}.opened`);
  await writeFile(path, `#!/bin/sh\nprintf '%s\\n' "$1" >> '${record}'\n`, { mode: 0o755 });
  return {
    path,
    opened: async () => {
      for (;;) {
        const first = (await readFile(record, 'utf8').catch(() => '')).split('\n')[0];
        if (first) return first;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
