// Docs that cannot rot: every shell command in README.md and docs/*.md is one that runs. Blocks
// marked `runnable` are run here, in a temporary copy of the checkout after a fresh `praxis build`;
// blocks marked `covered-by=…` name the test or script that runs them, and must be found in it;
// a shell block with neither mark fails, naming its file and line (rules: documented-commands.ts).
import { spawn, spawnSync } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signalProcessGroup } from '../../../scripts/dev/process-group.ts';
import {
  formatProblems,
  markProblems,
  shellBlocks,
  type ShellBlock,
} from '../../helpers/node/documented-commands.ts';

const PROJECT = resolve(import.meta.dirname, '../../..');
const BLOCK_TIMEOUT_MS = 60_000;
/** What a copy of the checkout leaves out: installed, generated or local state. */
const NOT_COPIED = new Set([
  'node_modules',
  '.git',
  '.wrangler',
  '.praxis',
  'dist',
  'wrangler.deploy.jsonc',
]);

async function documentationFiles(): Promise<string[]> {
  const docs = (await readdir(join(PROJECT, 'docs')))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

async function documentedBlocks(): Promise<ShellBlock[]> {
  const blocks: ShellBlock[] = [];
  for (const file of await documentationFiles())
    blocks.push(...shellBlocks(file, await readFile(join(PROJECT, file), 'utf8')));
  return blocks;
}

/** A copy of the checkout in a temporary folder, sharing the installed node_modules. */
async function checkoutCopy(): Promise<string> {
  const copy = await mkdtemp(join(tmpdir(), 'praxis-docs-'));
  await cp(PROJECT, copy, {
    recursive: true,
    filter: (source) => {
      const path = relative(PROJECT, source);
      return path === '' || !NOT_COPIED.has(path.split('/')[0]!);
    },
  });
  await symlink(join(PROJECT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  return copy;
}

function environmentIn(copy: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    // The Node that runs this test (22, from the `node` devDependency) and the checkout's own bins first.
    PATH: [join(copy, 'node_modules/.bin'), dirname(process.execPath), process.env.PATH].join(':'),
    WRANGLER_SEND_METRICS: 'false',
    CI: '1',
    NO_COLOR: '1',
  };
}

interface BlockRun {
  ok: boolean;
  failedLine?: number;
  output: string;
}

/** Runs a block's commands in order with bash, stopping at the first that fails; its own process group. */
function runBlock(block: ShellBlock, cwd: string): Promise<BlockRun> {
  const script = [
    'set -eo pipefail',
    'trap \'echo "@@failed-line $__line" >&2\' ERR',
    ...block.commands.flatMap((command) => [`__line=${command.line}`, command.text]),
  ].join('\n');
  return new Promise((resolvePromise) => {
    const child = spawn('bash', ['-c', script], {
      cwd,
      env: environmentIn(cwd),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => {
      output += `\n@@timed out after ${BLOCK_TIMEOUT_MS / 1000} s`;
      signalProcessGroup(child, 'SIGKILL');
    }, BLOCK_TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      const failed = /@@failed-line (\d+)/.exec(output);
      resolvePromise({
        ok: code === 0,
        failedLine: failed ? Number(failed[1]) : undefined,
        output,
      });
    });
  });
}

function describeFailure(block: ShellBlock, run: BlockRun): string {
  return `${block.file}:${run.failedLine ?? block.line}: documented command failed\n${run.output.slice(-4000)}`;
}

const blocks = await documentedBlocks();
const runnable = blocks.filter((block) => block.mark.kind === 'runnable');

describe('documented shell commands', () => {
  it('are each marked runnable or covered by a test or script that contains them', async () => {
    expect(blocks.length).toBeGreaterThan(0);
    const problems = await markProblems(PROJECT, blocks);
    expect(formatProblems(problems)).toBe('');
  });

  describe('marked runnable, run in a fresh copy of the checkout', () => {
    let copy: string;
    beforeAll(async () => {
      copy = await checkoutCopy();
      const build = spawnSync(process.execPath, ['bin/praxis.mjs', 'build'], {
        cwd: copy,
        env: environmentIn(copy),
        encoding: 'utf8',
        timeout: BLOCK_TIMEOUT_MS,
      });
      expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
    });
    afterAll(() => rm(copy, { recursive: true, force: true }));

    it.each(runnable.map((block) => [`${block.file}:${block.line}`, block] as const))(
      '%s',
      async (_where, block) => {
        const run = await runBlock(block, copy);
        expect(run.ok, describeFailure(block, run)).toBe(true);
      },
      BLOCK_TIMEOUT_MS + 10_000,
    );
  });
});

describe('the documented-commands check itself', () => {
  it('names the file and line of a shell block without a mark', async () => {
    const found = shellBlocks(
      'docs/example.md',
      '# Example\n\n```sh\nnpx praxis build\n```\n\n```json\n{}\n```\n',
    );
    expect(formatProblems(await markProblems(PROJECT, found))).toMatch(
      /^docs\/example\.md:3: shell block is marked neither/,
    );
  });

  it('refuses a covered command the named test does not contain, and accepts one it does', async () => {
    const markdown =
      '```sh covered-by=.ci/run\nnpm test   # the suite\nnpm run no-such-script\n```\n';
    const problems = await markProblems(PROJECT, shellBlocks('README.md', markdown));
    expect(formatProblems(problems)).toBe(
      'README.md:3: `npm run no-such-script` is not run by .ci/run (none of them contains it)',
    );
    expect(
      formatProblems(
        await markProblems(
          PROJECT,
          shellBlocks('README.md', '```sh covered-by=test/no-such.test.ts\nnpm test\n```\n'),
        ),
      ),
    ).toBe('README.md:1: covered-by names test/no-such.test.ts, which does not exist');
  });

  it('finds a praxis command in the argv a test passes, options included', async () => {
    const covered = (command: string) =>
      markProblems(
        PROJECT,
        shellBlocks(
          'docs/x.md',
          `\`\`\`sh covered-by=test/suites/cli/publish-cli.test.ts\n${command}\n\`\`\`\n`,
        ),
      );
    expect(await covered('npx praxis publish --local')).toEqual([]);
    expect(formatProblems(await covered('npx praxis publish --no-such-option'))).toBe(
      'docs/x.md:2: `npx praxis publish --no-such-option` is not run by test/suites/cli/publish-cli.test.ts (none of them contains it)',
    );
    expect(formatProblems(await covered('npx praxis deploy'))).toMatch(
      /^docs\/x\.md:2: `npx praxis deploy` is not run/,
    );
  });

  it('joins continuation lines and keeps quoted #', () => {
    const [block] = shellBlocks(
      'README.md',
      "```bash runnable\n# a comment\necho 'a # b' \\\n  done  # trailing\n```\n",
    );
    expect(block!.commands).toEqual([{ text: "echo 'a # b' done", line: 3 }]);
  });

  it('fails a runnable command that does not work, naming its line', async () => {
    const [block] = shellBlocks(
      'docs/broken.md',
      '```sh runnable\ntrue\nls no-such-file\ntrue\n```\n',
    );
    const run = await runBlock(block!, PROJECT);
    expect(run.ok).toBe(false);
    expect(describeFailure(block!, run)).toMatch(/^docs\/broken\.md:3: documented command failed/);
  });
});
