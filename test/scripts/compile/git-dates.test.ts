// Last change dates from real git repositories in temporary folders: the newest commit per file (its
// committer day in UTC: 02:00 at +05:00 is the day before), uncommitted files dated by the build's
// clock, nothing outside git, and a shallow clone's boundary left undated (with one warning) while
// commits after it keep their dates.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { objectText } from '../../../scripts/compile/assemble.ts';
import { buildContent } from '../../../scripts/compile/build.ts';
import type { BuildError } from '../../../scripts/compile/errors.ts';
import { lastChangeDates } from '../../../scripts/compile/git-dates.ts';
import type { Manifest } from '../../../src/bundle/bundle.ts';
import { entriesFromObjects } from '../../../src/bundle/document-chunks.ts';
import { praxisWithEnv } from '../../helpers/cli-run.ts';

const TODAY = Date.parse('2027-06-15T12:00:00Z');
const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'praxis-git-dates-'));
  dirs.push(dir);
  return dir;
}

const git = (cwd: string, args: string[], date = '2020-01-01T10:00:00Z'): string =>
  execFileSync(
    'git',
    [
      '-c',
      'user.name=Test',
      '-c',
      'user.email=test@example.com',
      '-c',
      'commit.gpgsign=false',
      ...args,
    ],
    {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
    },
  );

async function write(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
}

const doc = (name: string, front = ''): string =>
  `---\nname: ${name}\ndescription: ${name}.\n${front}---\n# ${name}\n\nText ${Math.random()}.\n`;

/** A repository with the content folder at site/content and three dated commits. */
async function repositoryWithHistory(): Promise<string> {
  const repo = await tempDir();
  git(repo, ['init', '-q']);
  await write(repo, {
    'site/content/processes/a.md': doc('a'),
    'site/content/processes/sub/b ü.md': doc('b'),
    'site/content/checklists/c.md': doc('c'),
  });
  git(repo, ['add', '.']);
  git(repo, ['commit', '-qm', 'first'], '2020-01-02T23:30:00Z');
  await write(repo, { 'site/content/processes/sub/b ü.md': doc('b') });
  git(repo, ['commit', '-qam', 'second'], '2021-03-04T02:00:00+05:00');
  await write(repo, { 'site/content/processes/a.md': doc('a'), 'outside.md': 'x' });
  git(repo, ['add', '.']);
  git(repo, ['commit', '-qm', 'third'], '2022-05-06T10:00:00Z');
  return repo;
}

const WANTED = new Set(['processes/a.md', 'processes/sub/b ü.md', 'checklists/c.md']);

describe('lastChangeDates', () => {
  it("gives each file its newest commit's committer day in UTC", async () => {
    const repo = await repositoryWithHistory();
    const found = await lastChangeDates(join(repo, 'site/content'), WANTED, TODAY);
    expect(found?.shallow).toBe(false);
    expect(Object.fromEntries(found!.dates)).toEqual({
      'processes/a.md': '2022-05-06',
      'processes/sub/b ü.md': '2021-03-03',
      'checklists/c.md': '2020-01-02',
    });
  });

  it("dates modified and untracked files with the build's day", async () => {
    const repo = await repositoryWithHistory();
    await write(repo, {
      'site/content/checklists/c.md': doc('c'),
      'site/content/processes/new.md': doc('new'),
    });
    const found = await lastChangeDates(
      join(repo, 'site/content'),
      new Set([...WANTED, 'processes/new.md']),
      TODAY,
    );
    expect(Object.fromEntries(found!.dates)).toMatchObject({
      'checklists/c.md': '2027-06-15',
      'processes/new.md': '2027-06-15',
      'processes/a.md': '2022-05-06',
    });
  });

  it('knows nothing outside a git checkout, and only uncommitted files in a repository without commits', async () => {
    const plain = await tempDir();
    await write(plain, { 'processes/a.md': doc('a') });
    expect(await lastChangeDates(plain, new Set(['processes/a.md']), TODAY)).toBeUndefined();

    const empty = await tempDir();
    git(empty, ['init', '-q']);
    await write(empty, { 'processes/a.md': doc('a') });
    const found = await lastChangeDates(empty, new Set(['processes/a.md']), TODAY);
    expect(Object.fromEntries(found!.dates)).toEqual({ 'processes/a.md': '2027-06-15' });
  });

  it("leaves a shallow clone's boundary files undated and keeps dates from the commits after it", async () => {
    const repo = await repositoryWithHistory();
    const clone = join(await tempDir(), 'clone');
    git(repo, ['clone', '-q', '--depth', '2', `file://${repo}`, clone]);
    const found = await lastChangeDates(join(clone, 'site/content'), WANTED, TODAY);
    expect(found?.shallow).toBe(true);
    // Fetched: third (changed a) and second, the boundary, which shows every file as added.
    expect(Object.fromEntries(found!.dates)).toEqual({ 'processes/a.md': '2022-05-06' });
  });
});

describe('the build with git dates', () => {
  const entriesOf = (
    objects: ReadonlyMap<string, string>,
    manifestHash: string,
    kind: 'processes' | 'checklists',
  ) => {
    const manifest = JSON.parse(objectText(objects, manifestHash)!) as Manifest;
    return entriesFromObjects(manifest, kind, (hash) => objectText(objects, hash));
  };

  it('stores lastChanged and the front matter fields in the entries, each only when known', async () => {
    const repo = await repositoryWithHistory();
    await write(repo, {
      'site/content/processes/a.md': doc(
        'a',
        'owner: platform-team\nreviewed: 2022-01-01\nreview_days: 30\n',
      ),
    });
    git(repo, ['commit', '-qam', 'fourth'], '2023-01-01T00:00:00Z');
    const plain = await tempDir();
    await write(plain, { 'processes/x.md': doc('x') });

    const warnings: BuildError[] = [];
    const built = await buildContent(join(repo, 'site/content'), (w) => warnings.push(w), {
      nowMs: TODAY,
    });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    const processes = entriesOf(built.bundle.objects, built.bundle.pointer.manifest, 'processes');
    expect(processes.find((entry) => entry.name === 'a')).toMatchObject({
      owner: 'platform-team',
      reviewed: '2022-01-01',
      reviewDays: 30,
      lastChanged: '2023-01-01',
    });
    const b = processes.find((entry) => entry.name === 'b')!;
    expect(b.lastChanged).toBe('2021-03-03');
    expect(Object.keys(b)).not.toEqual(expect.arrayContaining(['owner']));

    const outside = await buildContent(plain, (w) => warnings.push(w), { nowMs: TODAY });
    expect(
      outside.ok &&
        entriesOf(outside.bundle.objects, outside.bundle.pointer.manifest, 'processes')[0],
    ).not.toHaveProperty('lastChanged');
  });

  it('warns once on a shallow clone and once per stale document, as ::warning annotations with --format github', async () => {
    const repo = await repositoryWithHistory();
    await write(repo, {
      'site/content/processes/a.md': doc(
        'a',
        'owner: platform-team\nreviewed: 2027-01-01\nreview_days: 30\n',
      ),
    });
    git(repo, ['commit', '-qam', 'fourth'], '2023-01-01T00:00:00Z');
    const clone = join(await tempDir(), 'clone');
    git(repo, ['clone', '-q', '--depth', '1', `file://${repo}`, clone]);
    const run = await praxisWithEnv(
      { PRAXIS_BUILD_NOW: '2027-06-15' },
      'build',
      '--content',
      join(clone, 'site/content'),
      '--out',
      join(await tempDir(), 'bundle'),
      '--format',
      'github',
    );
    expect(run.code).toBe(0);
    const annotations = run.stdout.split('\n').filter((line) => line.startsWith('::'));
    // Depth 1: every file's newest fetched commit is the boundary, so only `reviewed` dates a document.
    expect(annotations).toEqual([
      expect.stringMatching(
        /^::warning file=.*site\/content,line=1,title=praxis build::the git checkout is shallow: .*fetch-depth: 0/,
      ),
      expect.stringMatching(
        /^::warning file=.*site\/content\/processes\/a\.md,line=5,title=praxis build::stale: last reviewed 2027-01-01, 135 days past its 30-day review \(owner: platform-team\)/,
      ),
    ]);
    expect(run.stderr).toMatch(/processes\/a\.md:5: warning: stale: last reviewed 2027-01-01/);
  });
});
