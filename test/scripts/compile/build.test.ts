// The content build: names, fallbacks, and one file:line: message per invalid document.
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { storedChunkRefs } from '../../../src/bundle/chunk-list.ts';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compileContent } from '../../../scripts/compile/compile.ts';
import { buildContent } from '../../../scripts/compile/build.ts';
import { formatBuildError } from '../../../scripts/compile/errors.ts';
import { normalizeName } from '../../../src/bundle/names.ts';
import { praxis } from '../../helpers/cli-run.ts';

const dirs: string[] = [];

async function contentDir(files: Record<string, string | Uint8Array>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'praxis-build-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('names (process-query normalisation rules)', () => {
  it.each([
    ['Code Review Process', 'code-review-process'],
    ['incident_response', 'incident-response'],
    ['Deploy & Release', 'deploy-release'],
    ['  --Weird__Name--  ', 'weird-name'],
  ])('normalises %j to %j', (raw, expected) => expect(normalizeName(raw)).toBe(expected));

  it('derives names from paths; front matter name wins', async () => {
    const dir = await contentDir({
      'processes/code-reviews/recipes/python.md': '# Python\n\nRecipe.',
      'processes/code-reviews/README.md': '# Code Reviews\n\nOverview.',
      'processes/README.md': '# Processes\n\nIndex.',
      'processes/Incident Response.md': '# Incidents\n\nDeclare one.',
      'processes/whatever.md': '---\nname: Deploy & Release\n---\n# Deploying\n\nShip it.',
    });
    const { documents, errors } = await compileContent(dir);
    expect(errors).toEqual([]);
    expect(documents.map((document) => document.name).sort()).toEqual([
      'code-reviews',
      'code-reviews-recipes-python',
      'deploy-release',
      'incident-response',
      'readme',
    ]);
  });

  it('falls back to the first heading and first paragraph', async () => {
    const dir = await contentDir({
      'checklists/release.md':
        '# Release Checklist\n\nRun before every release.\nTwo lines.\n\n- [ ] tag',
    });
    const [document] = (await compileContent(dir)).documents;
    expect(document).toMatchObject({
      name: 'release',
      title: 'Release Checklist',
      description: 'Run before every release. Two lines.',
      path: 'release.md',
    });
  });
});

describe('build errors', () => {
  const cases: Array<[string, Record<string, string | Uint8Array>, RegExp]> = [
    [
      'bad YAML',
      { 'processes/a.md': '---\nname: a\ndescription: [unclosed\n---\n# A' },
      /processes\/a\.md:\d+: invalid YAML front matter/,
    ],
    [
      'unterminated front matter',
      { 'processes/a.md': '---\nname: a\n# A' },
      /processes\/a\.md:1: front matter starts with --- but never ends/,
    ],
    [
      'an empty name',
      { 'processes/a.md': '---\nname: ""\n---\n# A' },
      /processes\/a\.md:2: 'name' is empty/,
    ],
    [
      'a name that normalises to nothing',
      { 'processes/a.md': '---\ntitle: T\nname: "!!!"\n---\n# A' },
      /processes\/a\.md:3: name '!!!' is empty after normalisation/,
    ],
    [
      'a non-string description',
      { 'processes/a.md': '---\ndescription:\n  nested: true\n---\n# A' },
      /processes\/a\.md:2: 'description' must be a string/,
    ],
    [
      'non-UTF-8 bytes',
      { 'processes/a.md': new Uint8Array([0x23, 0x20, 0x41, 0x0a, 0x0a, 0xff, 0xfe, 0x41]) },
      /processes\/a\.md:3: file is not valid UTF-8/,
    ],
    [
      'a file over 1 MiB',
      { 'processes/a.md': `# Big\n\n${'x'.repeat(1024 * 1024)}` },
      /processes\/a\.md:1: file is \d+ bytes; the limit is 1048576/,
    ],
    [
      'YAML aliases (alias bombs)',
      { 'processes/a.md': '---\na: &a [x, x]\nb: [*a, *a]\n---\n# A' },
      /processes\/a\.md:\d+: invalid YAML front matter/,
    ],
  ];

  it.each(cases)('reports %s with file:line', async (_, files, pattern) => {
    const dir = await contentDir(files);
    const result = await buildContent(dir);
    expect(result.ok).toBe(false);
    const lines = result.ok ? [] : result.errors.map(formatBuildError);
    expect(lines.some((line) => pattern.test(line))).toBe(true);
  });

  it('names both files of a duplicate normalised name', async () => {
    const dir = await contentDir({
      'processes/Code Review.md': '# A',
      'processes/code_review.md': '# B',
    });
    const result = await buildContent(dir);
    const lines = result.ok ? [] : result.errors.map(formatBuildError);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /code_review\.md:1: duplicate name 'code-review': .*Code Review\.md has the same normalised name/,
    );
  });

  it('refuses symbolic links', async () => {
    const outside = await contentDir({ 'secret.md': '# Secret' });
    const dir = await contentDir({ 'processes/ok.md': '# Ok' });
    await symlink(join(outside, 'secret.md'), join(dir, 'processes', 'leak.md'));
    const result = await buildContent(dir);
    expect(result.ok ? [] : result.errors.map(formatBuildError)).toEqual([
      expect.stringMatching(/leak\.md:1: symbolic links are not followed/),
    ]);
  });

  it('reports every invalid document in one run, and the CLI exits 1 printing them', async () => {
    const dir = await contentDir({
      'processes/a.md': '---\nname: [\n---',
      'checklists/b.md': '---\nname: ""\n---\n# B',
      'processes/ok.md': '# Fine',
    });
    const failure = await praxis('build', '--content', dir, '--out', join(dir, '.out'));
    expect(failure.code).toBe(1);
    expect(failure.stderr).toMatch(/processes\/a\.md:\d+: invalid YAML/);
    expect(failure.stderr).toMatch(/checklists\/b\.md:2: 'name' is empty/);
    expect(failure.stderr).toContain('build failed: 2 errors');
  });
});

describe('bundle', () => {
  it('is content-addressed and deterministic: same content, same version and objects', async () => {
    const files = {
      'processes/a.md': '---\ndescription: A.\n---\n# A\n\nBody a.',
      'checklists/b.md': '# B\n\n- [ ] b',
    };
    const first = await buildContent(await contentDir(files));
    const second = await buildContent(await contentDir(files));
    if (!first.ok || !second.ok) throw new Error('fixture must build');
    expect(first.bundle.pointer.version).toBe(second.bundle.pointer.version);
    expect([...first.bundle.objects.keys()].sort()).toEqual(
      [...second.bundle.objects.keys()].sort(),
    );
  });

  it('writes objects and a pointer with `praxis build --out`', async () => {
    const dir = await contentDir({ 'processes/a.md': '# A\n\nBody.' });
    const out = join(dir, 'out');
    const { code, stdout, stderr } = await praxis('build', '--content', dir, '--out', out);
    expect(code, stderr).toBe(0);
    const pointer = JSON.parse(await readFile(join(out, 'pointer.json'), 'utf8'));
    expect(stdout).toContain(`built version ${pointer.version}: 1 documents`);
    const manifest = JSON.parse(await readFile(join(out, 'objects', pointer.manifest), 'utf8'));
    const [chunk] = storedChunkRefs(
      await readFile(join(out, 'objects', manifest.kinds.processes.chunkList), 'utf8'),
    );
    expect(JSON.parse(await readFile(join(out, 'objects', chunk.hash), 'utf8'))[0]).toMatchObject({
      name: 'a',
      path: 'processes/a.md',
    });
  });
});

describe('incremental shape', () => {
  it('leaves the knowledge object and every other kind untouched when one process changes', async () => {
    const { cp } = await import('node:fs/promises');
    const dir = await mkdtemp(join(tmpdir(), 'praxis-incremental-'));
    dirs.push(dir);
    await cp(new URL('../../../content', import.meta.url).pathname, dir, { recursive: true });
    const before = await buildContent(dir);
    await writeFile(
      join(dir, 'processes/deployment.md'),
      `${await readFile(join(dir, 'processes/deployment.md'), 'utf8')}\nOne more sentence.\n`,
    );
    const after = await buildContent(dir);
    if (!before.ok || !after.ok) throw new Error('shipped content must build');
    const manifestOf = (result: typeof before) =>
      result.ok ? JSON.parse(result.bundle.objects.get(result.bundle.pointer.manifest)!) : null;
    expect(manifestOf(after).knowledge).toMatch(/^[0-9a-f]{64}$/);
    expect(manifestOf(after).knowledge).toBe(manifestOf(before).knowledge);
    expect(manifestOf(after).kinds.checklists).toEqual(manifestOf(before).kinds.checklists);
    const added = [...after.bundle.objects.keys()].filter(
      (hash) => !before.bundle.objects.has(hash),
    );
    // the new body, its chunk, the changed index parts and the manifest — not the corpus
    expect(added.length).toBeLessThan(after.bundle.objects.size / 2);
    expect(added).toContain(after.bundle.pointer.manifest);
  });
});
