// The installed package (`npm pack`, then `npm install -g` of the tarball into a temp prefix, as
// installed-package.test.ts does) is honest about what it can do: every command that needs a Praxis
// checkout (the Worker's sources, wrangler.toml, wrangler) says so in one line and how to get one,
// with no stack trace; `praxis --help` marks those commands; what it can do (`build`) works; and the
// documentation pages that help texts name are where they say.
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../helpers/cli-run.ts';
import { installPraxis } from '../../helpers/shim/installed-praxis.ts';

const FIXTURE = new URL('../../fixtures/content', import.meta.url).pathname;
const CHECKOUT_COMMANDS = [
  ['dev'],
  ['deploy', '--dry-run'],
  ['publish', '--local'],
  ['diff'],
  ['versions'],
  ['rollback'],
  ['gc'],
  ['token'],
];

describe('the installed praxis says what needs a checkout', () => {
  let work: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'praxis-installed-cli-'));
    ({ env } = await installPraxis(work));
  }, 300_000);
  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  /** The installed `praxis` on the temp prefix's PATH, run in the work folder. */
  const praxis = (...args: string[]) => runCommand('praxis', args, { cwd: work, env });

  it.each(CHECKOUT_COMMANDS)(
    '`praxis %s` says in one line that it needs a checkout, and how to get one',
    async (...args) => {
      const { code, stdout, stderr } = await praxis(...args);
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(stderr).toContain(`praxis ${args[0]} needs a Praxis checkout`);
      expect(stderr).toContain(`run \`npm ci\` in it and run \`npx praxis ${args[0]}\` there`);
      expect(stderr).not.toMatch(/ERR_MODULE_NOT_FOUND|Cannot find|\n\s+at /);
    },
  );

  it('answers `--help` of such a command with the same line, not a stack trace', async () => {
    const { code, stderr } = await praxis('deploy', '--help');
    expect(code).toBe(0);
    expect(stderr.trimEnd().split('\n')).toEqual([
      expect.stringContaining('praxis deploy needs a Praxis checkout'),
    ]);
  });

  it('marks those commands in `praxis --help`, and only those', async () => {
    const { stdout } = await praxis('--help');
    const marked = stdout
      .split('\n')
      .filter((line) => line.includes('(in a Praxis checkout only)'))
      .map((line) => line.trim().split(' ')[0]);
    expect(marked.sort()).toEqual(CHECKOUT_COMMANDS.map(([name]) => name).sort());
  });

  it('builds content from the installed package', async () => {
    const content = join(work, 'content');
    await cp(FIXTURE, content, { recursive: true });
    const { code, stdout, stderr } = await praxis(
      'build',
      '--content',
      content,
      '--out',
      join(work, 'bundle'),
    );
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(/^built version [0-9a-f]{12}: \d+ documents/);
  });

  it.each(['shim', 'login', 'logout'])(
    '`praxis %s --help` names a documentation page the package carries',
    async (command) => {
      const { stdout } = await praxis(command, '--help');
      const page = /See (\S+\.md)\./.exec(stdout)?.[1];
      expect(page, stdout).toMatch(/\/lib\/node_modules\/praxis\/docs\/shim\.md$/);
      expect(existsSync(page!)).toBe(true);
      expect(stdout).not.toContain('run it first');
    },
  );
});
