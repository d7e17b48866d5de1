// The build of templates, frameworks, graph, context, wiki and prompts: every rule fails with
// `file:line: message`, and the output is deterministic.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildContent } from '../../../scripts/compile/build.ts';
import { formatBuildError } from '../../../scripts/compile/errors.ts';
import { rankCompletions } from '../../../src/worker/content/completion.ts';
import { parsePromptBody, renderPrompt } from '../../../src/bundle/prompts/render.ts';

const GOOD = `framework: POWER
purpose: Generate README.md as the discovery entry document.
output: Header and footer with [Date] and [Version].
work: Scan the project.
examples:
- README with installation steps
requirements: Must include overview.
save_as: README.md
store_as: readme_summary
`;

let dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  dirs = [];
});

async function build(files: Record<string, string | Uint8Array>) {
  const dir = await mkdtemp(join(tmpdir(), 'praxis-knowledge-'));
  dirs.push(dir);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  const result = await buildContent(dir);
  return {
    result,
    errors: result.ok
      ? []
      : result.errors.map((error) =>
          formatBuildError({ ...error, file: error.file.slice(dir.length + 1) }),
        ),
  };
}

describe('POWER templates (the POWER template contract validation rules)', () => {
  it('accepts a valid template', async () => {
    expect((await build({ 'templates/readme.txt': GOOD })).errors).toEqual([]);
  });

  it.each<[string, string, string]>([
    [
      'a missing field',
      GOOD.replace('work: Scan the project.\n', ''),
      "templates/readme.txt:8: required field 'work' is missing",
    ],
    [
      'fields out of order',
      GOOD.replace(
        'purpose: Generate README.md as the discovery entry document.\noutput: Header and footer with [Date] and [Version].',
        'output: Header and footer with [Date] and [Version].\npurpose: Generate README.md as the discovery entry document.',
      ),
      "templates/readme.txt:3: field 'purpose' is out of order",
    ],
    [
      'an empty field',
      GOOD.replace('work: Scan the project.', 'work:'),
      "templates/readme.txt:4: field 'work' is empty",
    ],
    [
      'a wrong framework',
      GOOD.replace('framework: POWER', 'framework: COSTAR'),
      'templates/readme.txt:1: framework must be "POWER"',
    ],
    [
      'examples not a - list',
      GOOD.replace('- README with installation steps', '* README with installation steps'),
      "templates/readme.txt:6: example lines start with '- '",
    ],
    [
      'save_as not a file name',
      GOOD.replace('save_as: README.md', 'save_as: docs/README'),
      'templates/readme.txt:8: save_as must be a file name',
    ],
    [
      'store_as not snake_case',
      GOOD.replace('store_as: readme_summary', 'store_as: readmeSummary'),
      'templates/readme.txt:9: store_as must be snake_case',
    ],
    [
      'a purpose without a period',
      GOOD.replace('entry document.', 'entry document'),
      'templates/readme.txt:2: purpose must be a single sentence ending with a period',
    ],
    [
      'an unknown field',
      GOOD.replace('work: Scan', 'wrk: Scan'),
      "templates/readme.txt:4: unknown field 'wrk'",
    ],
    [
      'a dangling cross-reference',
      GOOD.replace('Scan the project.', 'Scan {{nothing_summary}}.'),
      "templates/readme.txt:4: '{{nothing_summary}}' names no template's store_as",
    ],
  ])('rejects %s with file:line', async (_, text, expected) => {
    const { errors } = await build({ 'templates/readme.txt': text });
    expect(errors.some((error) => error.startsWith(expected))).toBe(true);
  });

  it('rejects bad file names, non-UTF-8 and files of 50 KB or more', async () => {
    const { errors } = await build({
      'templates/README.txt': GOOD,
      'templates/bad.txt': new Uint8Array([
        ...new TextEncoder().encode(GOOD.replace('readme_summary', 'bad_summary')),
        0xff,
      ]),
      'templates/big.txt': GOOD.replace('readme_summary', 'big_summary') + ' '.repeat(50 * 1024),
    });
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^templates\/README\.txt:1: template file names are lowercase/),
        expect.stringMatching(/^templates\/bad\.txt:10: file is not valid UTF-8/),
        expect.stringMatching(
          /^templates\/big\.txt:1: template is \d+ bytes; templates must be under 50 KB/,
        ),
      ]),
    );
  });
});

describe('the knowledge graph', () => {
  const record = (id: string, extra = '', body = '') =>
    `---\nid: ${id}\ntype: skill\n${extra}---\n# ${id}\n${body}\n`;

  it('fails on dangling links and duplicate ids, naming file and line', async () => {
    const { errors } = await build({
      'graph/a.md': record('skill-a', 'links:\n  - uses: skill-missing\n'),
      'graph/b.md': record('skill-b', '', 'See [[skill-gone]].'),
      'graph/c.md': record('skill-a'),
      'graph/d.md': record('Bad/Id'),
    });
    expect(errors).toEqual(
      expect.arrayContaining([
        "graph/a.md:4: dangling link to 'skill-missing': no record has that id",
        "graph/b.md:6: dangling link to 'skill-gone': no record has that id",
        expect.stringMatching(/^graph\/c\.md:2: duplicate id 'skill-a'/),
        expect.stringMatching(/^graph\/d\.md:2: id 'Bad\/Id' must be lowercase/),
      ]),
    );
  });

  it('reads a citation such as [[1]](#resources) as a Markdown link, not a record link', async () => {
    const { errors } = await build({
      'graph/a.md': record('skill-a', '', 'As shown in [[1]](#resources), see [[skill-b]].'),
      'graph/b.md': record('skill-b'),
    });
    expect(errors).toEqual([]);
  });

  it('builds a byte-identical index from the same records', async () => {
    const files = {
      'graph/a.md': record('skill-a', 'links: [skill-b]\n'),
      'graph/b.md': record('skill-b', '', '[[skill-a]]'),
    };
    const first = (await build(files)).result;
    const second = (await build(files)).result;
    expect(
      first.ok && second.ok && first.bundle.pointer.manifest === second.bundle.pointer.manifest,
    ).toBe(true);
  });
});

describe('context and prompts', () => {
  it('allows one career-context document only', async () => {
    const { errors } = await build({ 'context/a.md': '# A\n', 'context/b.md': '# B\n' });
    expect(errors[0]).toMatch(/^context\/b\.md:1: only one career-context document is served/);
  });

  it('rejects undeclared placeholders, unclosed blocks and embeds of things that do not exist', async () => {
    const { errors } = await build({
      'prompts/a.md': '---\nname: a\ndescription: A.\n---\nHello {{who}}\n',
      'prompts/b.md':
        '---\nname: b\ndescription: B.\narguments:\n  - name: x\n    description: X\n---\n{{#x}}open\n',
      'prompts/c.md':
        '---\nname: c\ndescription: C.\nembed: [checklist:nope, "ftp://x"]\n---\nBody\n',
    });
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^prompts\/a\.md:5: '\{\{who\}\}' is not a declared argument/),
        expect.stringMatching(/^prompts\/b\.md:8: '\{\{#x\}\}' is never closed/),
        expect.stringMatching(
          /^prompts\/c\.md:4: embed 'checklist:nope': no checklist named 'nope'/,
        ),
        expect.stringMatching(/^prompts\/c\.md:4: cannot embed 'ftp:\/\/x'/),
      ]),
    );
  });
});

describe('completion ranking', () => {
  it('ranks exact, then whole prefix (shorter first), then word prefix; empty input lists all alphabetically', () => {
    const names = ['code-review', 'release', 'release-train', 'pre-release', 'review'];
    expect(rankCompletions(names, 'release')).toEqual(['release', 'release-train', 'pre-release']);
    expect(rankCompletions(names, 'rev')).toEqual(['review', 'code-review']);
    expect(rankCompletions(names, '')).toEqual([
      'code-review',
      'pre-release',
      'release',
      'release-train',
      'review',
    ]);
    expect(rankCompletions(names, 'zzz')).toEqual([]);
  });
});

describe('prompt rendering with argument names that are Object.prototype members', () => {
  it.each(['toString', 'constructor', 'valueOf', 'hasOwnProperty'])(
    'an author may name an argument %s; leaving it out renders nothing for it, never a crash',
    (name) => {
      const parsed = parsePromptBody(
        `Before {{${name}}}.{{#${name}}} Given.{{/${name}}}{{^${name}}} Not given.{{/${name}}}`,
      );
      if (!parsed.ok) throw new Error(parsed.message);
      expect(renderPrompt(parsed.template, {})).toBe('Before . Not given.');
      expect(renderPrompt(parsed.template, JSON.parse(`{"${name}": "x"}`))).toBe(
        'Before x. Given.',
      );
    },
  );
});
