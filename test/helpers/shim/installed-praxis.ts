// Praxis as a developer installs it: `npm pack` of this checkout, then `npm install -g` of the tarball
// into a prefix under `work` — no clone, no devDependencies, no TypeScript. Packing compiles into
// dist/ (prepack) and deletes dist/ afterwards (postpack), so two packs of one checkout at once would
// ship each other's half-deleted dist/: test files running side by side pack one after the other,
// under a lock on the checkout (proper-lockfile).
import { execFile } from 'node:child_process';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import lockfile from 'proper-lockfile';

const ROOT = new URL('../../../', import.meta.url).pathname;
const run = promisify(execFile);

export interface InstalledPraxis {
  prefix: string;
  /** Only the prefix's bin/ and the Node running the tests on PATH: no node_modules/.bin of this checkout. */
  env: Record<string, string>;
}

export async function installPraxis(work: string): Promise<InstalledPraxis> {
  const prefix = join(work, 'prefix');
  const release = await lockfile.lock(ROOT, {
    lockfilePath: join(ROOT, 'node_modules', '.praxis-pack.lock'),
    retries: { retries: 300, minTimeout: 200, maxTimeout: 1000 },
  });
  let tarball: string;
  try {
    const { stdout } = await run('npm', ['pack', '--pack-destination', work, '--json'], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    });
    const [{ filename }] = JSON.parse(stdout.slice(stdout.indexOf('['))) as Array<{
      filename: string;
    }>;
    tarball = join(work, filename!);
  } finally {
    await release();
  }
  // --prefer-offline: the registry is asked only for what npm's cache lacks (npm ci filled it).
  await run(
    'npm',
    ['install', '-g', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', tarball],
    { cwd: work },
  );
  return {
    prefix,
    env: {
      PATH: [join(prefix, 'bin'), dirname(process.execPath), '/usr/bin', '/bin'].join(delimiter),
      HOME: work,
    },
  };
}
