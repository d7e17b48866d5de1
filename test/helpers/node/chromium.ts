// Chromium for the browser tests: Debian's package (`apt-get install chromium`; .ci/run installs it
// when it is missing and it runs as root), driven by puppeteer-core, which never downloads a browser.
// PRAXIS_CHROMIUM names another Chrome or Chromium binary. Where none is found, the browser tests are
// skipped with NO_CHROMIUM as their reason.
import { accessSync, constants, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

const NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

const isExecutable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The browser binary to drive: PRAXIS_CHROMIUM, else the first of NAMES on PATH; undefined when there is none. */
export function chromiumPath(): string | undefined {
  const named = process.env.PRAXIS_CHROMIUM;
  if (named) return isExecutable(named) ? named : undefined;
  for (const dir of (process.env.PATH ?? '').split(':').filter(Boolean)) {
    for (const name of NAMES) if (isExecutable(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

export const NO_CHROMIUM =
  'skipped: no Chromium found (install it with `apt-get install chromium`, ' +
  'or set PRAXIS_CHROMIUM to a Chrome or Chromium binary)';

/** One headless Chromium; its sandbox is turned off only when running as root, where it cannot start. */
export function launchChromium(executablePath: string): Promise<Browser> {
  const args = process.getuid?.() === 0 ? ['--no-sandbox'] : [];
  return puppeteer.launch({ executablePath, headless: true, args });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe-core's accessibility check of the page as it is now. It is evaluated through the DevTools
 * protocol, which the page's Content-Security-Policy does not govern, so the page is checked with its
 * own headers in force.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const { violations } = await (
      globalThis as unknown as {
        axe: {
          run: () => Promise<{
            violations: Array<{
              id: string;
              impact: string | null;
              help: string;
              nodes: Array<{ target: unknown[] }>;
            }>;
          }>;
        };
      }
    ).axe.run();
    return violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
}
