// Praxis as a developer installs it: `npm pack` of this checkout, then `npm install -g` of the tarball
// into a prefix — no clone, no devDependencies, no TypeScript. Packing compiles into dist/ (prepack)
// and deletes dist/ afterwards (postpack), so two packs of one checkout at once would ship each
// other's half-deleted dist/: test files running side by side take a lock on the checkout
// (proper-lockfile). Under it, the first file of a test run packs and installs into the run's folder
// (test/helpers/node/run-folder-setup.ts) and the others find the install there: one pack, not one per file.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import lockfile from 'proper-lockfile';
import { inject } from 'vitest';

const ROOT = new URL('../../../', import.meta.url).pathname;
const run = promisify(execFile);

export interface InstalledPraxis {
  prefix: string;
  /** Only the prefix's bin/ and the Node running the tests on PATH: no node_modules/.bin of this checkout. */
  env: Record<string, string>;
}

/** The run's installed Praxis; `work` is the caller's own folder, its HOME. */
export async function installPraxis(work: string): Promise<InstalledPraxis> {
  const folder = join(inject('runFolder'), 'installed');
  await mkdir(folder, { recursive: true });
  const prefix = join(folder, 'prefix');
  const release = await lockfile.lock(ROOT, {
    lockfilePath: join(ROOT, 'node_modules', '.praxis-pack.lock'),
    retries: { retries: 300, minTimeout: 200, maxTimeout: 1000 },
  });
  try {
    if (!existsSync(join(prefix, 'bin', 'praxis'))) await packAndInstall(folder, prefix);
  } finally {
    await release();
  }
  return {
    prefix,
    env: {
      PATH: [join(prefix, 'bin'), dirname(process.execPath), '/usr/bin', '/bin'].join(delimiter),
      HOME: work,
    },
  };
}

async function packAndInstall(folder: string, prefix: string): Promise<void> {
  const { stdout } = await run('npm', ['pack', '--pack-destination', folder, '--json'], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  const [{ filename }] = JSON.parse(stdout.slice(stdout.indexOf('['))) as Array<{
    filename: string;
  }>;
  // --prefer-offline: the registry is asked only for what npm's cache lacks (npm ci filled it).
  await run(
    'npm',
    [
      'install',
      '-g',
      '--prefix',
      prefix,
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      join(folder, filename!),
    ],
    { cwd: folder },
  );
}
