// The publishing commands as a team runs them (`praxis` main, in process) against wrangler's local state,
// a publish killed (SIGKILL) mid-upload, and `praxis build --format github` annotations.
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signalProcessGroup } from '../../../scripts/dev/process-group.ts';
import { objectKey } from '../../../src/bundle/bundle.ts';
import { githubAnnotation } from '../../../scripts/publish/github-annotation.ts';
import { publishBundle } from '../../../scripts/publish/publish.ts';
import { readState } from '../../../scripts/publish/versions.ts';
import {
  build,
  clearStore,
  expectServedIntact,
  openTestStore,
  processes,
  PROJECT,
  removeTempDirs,
  tempDir,
  type TestStore,
  writeContent,
} from '../../helpers/node/publish-helpers.ts';
import { praxisInProcess } from '../../helpers/cli-run.ts';

const CLI = join(PROJECT, 'bin/praxis.mjs');
let local: TestStore;

beforeAll(async () => {
  local = await openTestStore();
});
afterAll(async () => {
  await local?.dispose();
  await removeTempDirs();
});

describe('praxis publish, diff, versions, rollback, gc', () => {
  it('publish, then diff an edit, publish it, list versions, roll back and collect garbage', async () => {
    await clearStore(local.store, local.r2);
    const content = await writeContent(await tempDir('praxis-cli-content-'), processes(3));
    const target = ['--local', '--persist-to', local.persistTo];

    const first = await praxisInProcess('publish', '--content', content, ...target);
    expect(first.stderr).toBe('');
    expect(first.stdout).toMatch(/documents: 4 added, 0 changed, 0 removed/);
    const firstUploads = Number(
      /uploaded (\d+) objects \(.+\), skipped 0 already stored/.exec(first.stdout)![1],
    );
    expect(firstUploads).toBeGreaterThanOrEqual(7);
    const firstVersion = /version (\w{12}) is now current \(first publish\)/.exec(
      first.stdout,
    )![1]!;

    await writeContent(content, {
      'processes/p0.md': '# Process 0\n\nEdited.',
      'processes/new.md': '# New\n\nNew one.',
    });
    const diff = await praxisInProcess('diff', '--content', content, ...target);
    expect(diff.stdout).toContain(
      'documents: 1 added, 1 changed, 0 removed\n  + processes/new.md\n  ~ processes/p0.md',
    );
    const uploads = Number(/would upload (\d+) objects/.exec(diff.stdout)![1]);
    expect(uploads).toBeLessThan(firstUploads);

    const second = await praxisInProcess('publish', '--content', content, ...target);
    expect(second.stdout).toMatch(
      new RegExp(
        `uploaded ${uploads} objects .*, skipped \\d+ already stored .*\\narchived version \\w{12} in local R2 .*: 1 part\\(s\\), .* gzip'd\\n.*now current \\(was ${firstVersion}\\)`,
      ),
    );
    const secondVersion = /version (\w{12}) is now current/.exec(second.stdout)![1]!;

    const table = (await praxisInProcess('versions', ...target)).stdout.split('\n');
    expect(table[0]).toMatch(/^\s+VERSION\s+PUBLISHED\s+COMMIT\s+DOCS\s+OBJECTS\s+KV\s+AUTHOR$/);
    expect(table[1]).toMatch(
      new RegExp(
        `^\\*\\s+${secondVersion}\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\dZ\\s+\\S+\\s+5\\s+\\d+ \\(.*\\)\\s+kept\\s`,
      ),
    );
    expect(table[2]).toMatch(new RegExp(`^\\s+${firstVersion}\\s`));

    const back = await praxisInProcess('rollback', ...target);
    expect(back.stdout).toContain(`rolled back to ${firstVersion}`);
    expect((await readState(local.store)).pointer?.version).toBe(firstVersion);

    const gc = await praxisInProcess('gc', '--keep', '0', ...target);
    expect(gc.stdout).toContain(`kept 1 version(s): ${firstVersion}`);
    expect(gc.stdout).toMatch(
      new RegExp(`deleted ${uploads} unreferenced object\\(s\\); ${firstUploads} still in use`),
    );
    expect((await readState(local.store)).versions.map((record) => record.version)).toEqual([
      firstVersion,
    ]);
  });

  it('refuses bad options with usage, and store problems with one line', async () => {
    expect(await praxisInProcess('gc', '--keep', 'all', '--local')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        "--keep must be a whole number of versions (0 or more), not 'all'",
      ),
    });
    expect(await praxisInProcess('publish', '--persist-to', '/tmp/x')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--persist-to is for local state; add --local'),
    });
    const empty = await praxisInProcess(
      'rollback',
      '--local',
      '--persist-to',
      await tempDir('praxis-empty-'),
    );
    expect(empty).toMatchObject({
      code: 1,
      stderr: 'praxis rollback: nothing has been published yet\n',
    });
  });
});

describe('a publish killed mid-upload', () => {
  it('leaves the previous version serving; publishing again uploads only what is missing', async () => {
    await clearStore(local.store, local.r2);
    const content = await writeContent(await tempDir('praxis-kill-content-'), processes(3));
    const a = await build(content);
    await publishBundle(a, local.store, { author: null });
    await writeContent(content, processes(150, { 'processes/p0.md': '# Process 0\n\nEdited.' }));
    const b = await build(content);

    const storedBefore = await valuesOnDisk(local.persistTo);
    const child = spawn(
      process.execPath,
      [CLI, 'publish', '--content', content, '--local', '--persist-to', local.persistTo],
      { cwd: PROJECT, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_, signal) => resolve(signal)),
    );
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    // The kill lands once objects are visibly arriving, or at the latest 1.5 s after the publisher
    // announced the upload (it writes ~15 ms per object here, so ~300 objects take seconds). Arrivals
    // are counted as value files on disk, not through the test's own store: its reads would contend
    // for the writer's SQLite lock, and a publisher refused by that lock fails before it is killed.
    let arrived = 0;
    let announcedAt: number | undefined;
    while (
      child.exitCode === null &&
      arrived < 10 &&
      (announcedAt === undefined || Date.now() - announcedAt < 1500)
    ) {
      if (announcedAt === undefined && output.includes('publishing to')) announcedAt = Date.now();
      arrived = (await valuesOnDisk(local.persistTo)) - storedBefore;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(child.exitCode, `the publish finished before it could be killed:\n${output}`).toBeNull();
    // The whole process group: the publisher's own workerd (wrangler's platform proxy) must not outlive the test.
    signalProcessGroup(child, 'SIGKILL');
    expect(await exited).toBe('SIGKILL');

    await expectServedIntact(local.kv, a.pointer);
    const partial = (await local.store.list(objectKey(''))).length;
    expect(partial).toBeGreaterThanOrEqual(a.objects.size);
    expect(partial).toBeLessThan(a.objects.size + b.objects.size);

    const rerun = await publishBundle(b, local.store, { author: null });
    expect(rerun.skipped.count).toBeGreaterThanOrEqual(partial - a.objects.size);
    expect(rerun.uploaded.count).toBeLessThan(b.objects.size);
    await expectServedIntact(local.kv, b.pointer);
  });
});

describe('praxis build --format github', () => {
  it('prints each error as a GitHub annotation on its file and line', async () => {
    const content = await writeContent(await tempDir('praxis-gh-content-'), {
      'processes/a.md': '---\nname: ""\n---\n# A',
      'processes/ok.md': '# Ok',
    });
    const result = await praxisInProcess(
      'build',
      '--content',
      content,
      '--out',
      join(content, '.out'),
      '--format',
      'github',
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^::error file=.*processes\/a\.md,line=2,title=praxis build::'name' is empty/m,
    );
    expect(result.stderr).toMatch(/processes\/a\.md:2: 'name' is empty/);
  });

  it('escapes what the runner would misread and makes paths relative to the checkout', () => {
    expect(
      githubAnnotation(
        { file: '/repo/content/processes/a,b.md', line: 3, message: '50% done\nnext: line' },
        '/repo',
      ),
    ).toBe(
      '::error file=content/processes/a%2Cb.md,line=3,title=praxis build::50%25 done%0Anext: line',
    );
  });
});

/** Value files in the local KV state (Miniflare keeps each value as a blob file next to its SQLite index). */
async function valuesOnDisk(persistTo: string): Promise<number> {
  const entries = await readdir(join(persistTo, 'v3', 'kv'), {
    recursive: true,
    withFileTypes: true,
  }).catch(() => []);
  return entries.filter((entry) => entry.isFile() && basename(entry.parentPath) === 'blobs').length;
}
