// The build refuses an entry that would name a restricted one to readers who may not see it: a
// graph record linking (front matter `links:` or `[[id]]`) a record some of its readers may not
// see, and a prompt whose fixed embed is such an entry. Served, the link would show the hidden id
// in the record's text, and the prompt would answer with an error naming the hidden document.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildContent } from '../../../scripts/compile/build.ts';
import { formatBuildError } from '../../../scripts/compile/errors.ts';
import { audienceCovers } from '../../../src/bundle/audience-covers.ts';

let dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  dirs = [];
});

async function errorsOf(files: Record<string, string>): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'praxis-access-links-'));
  dirs.push(dir);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  const result = await buildContent(dir, () => undefined);
  return result.ok
    ? []
    : result.errors.map((error) =>
        formatBuildError({ ...error, file: error.file.slice(dir.length + 1) }),
      );
}

const record = (id: string, access: string | null, extra = '', body = ''): string =>
  `---\nid: ${id}\ntype: project\n${access ? `access: ${access}\n` : ''}${extra}---\n# ${id}\n\n${body}\n`;

describe('links between records of different access', () => {
  it('refuses a public record whose front matter links a restricted one, naming file and line', async () => {
    const errors = await errorsOf({
      'graph/public.md': record('public-plan', null, 'links:\n  - uses: secret-vendor\n'),
      'graph/secret.md': record('secret-vendor', '[leadership]'),
    });
    expect(errors).toEqual([
      expect.stringMatching(
        /^graph\/public\.md:4: link to 'secret-vendor', which only groups leadership may see, from a record everyone may see/,
      ),
    ]);
  });

  it('refuses a public record mentioning a restricted one as [[id]] in its body', async () => {
    const errors = await errorsOf({
      'graph/public.md': record('public-plan', null, '', 'Moving to [[secret-vendor]] soon.'),
      'graph/secret.md': record('secret-vendor', '[leadership]'),
    });
    expect(errors).toEqual([
      expect.stringMatching(/^graph\/public\.md:7: link to 'secret-vendor'/),
    ]);
  });

  it('refuses a record some of whose groups may not see the target', async () => {
    const errors = await errorsOf({
      'graph/a.md': record('shared-plan', '[leadership, security]', 'links:\n  - secret-vendor\n'),
      'graph/b.md': record('secret-vendor', '[leadership]'),
    });
    expect(errors).toEqual([
      expect.stringContaining('from a record groups leadership, security may see'),
    ]);
  });

  it('accepts links every reader may follow: to public records, and to records their groups all see', async () => {
    expect(
      await errorsOf({
        'graph/a.md': record(
          'secret-plan',
          '[leadership]',
          'links:\n  - public-skill\n  - wider-vendor\n',
          'See [[public-skill]].',
        ),
        'graph/b.md': record('public-skill', null),
        'graph/c.md': record('wider-vendor', '[leadership, security]'),
      }),
    ).toEqual([]);
  });
});

describe('prompt embeds of restricted entries', () => {
  const prompt = (access: string | null, embed: string): string =>
    `---\nname: brief\ndescription: Brief someone.\n${access ? `access: ${access}\n` : ''}embed:\n  - ${embed}\n---\nWrite the brief.\n`;

  it.each([
    [
      'process:security-playbook',
      'processes/security.md',
      '---\nname: security-playbook\ndescription: Breach handling.\naccess: [security]\n---\n# Security playbook\n\nIsolate hosts.\n',
    ],
    [
      'checklist:security-playbook',
      'checklists/security.md',
      '---\nname: security-playbook\ndescription: Breach checks.\naccess: [security]\n---\n# Security checks\n\n- isolate\n',
    ],
    ['vitaegraph://record/secret-vendor', 'graph/secret.md', record('secret-vendor', '[security]')],
    [
      'vitaecontext://wiki/roadmap',
      'wiki/roadmap.md',
      '---\naccess: [security]\n---\n# Roadmap\n\nPlans.\n',
    ],
    [
      'framework:Secret',
      'frameworks/Secret.md',
      '---\naccess: [security]\n---\n# Secret\n\nA framework.\n',
    ],
  ])(
    'refuses a public prompt embedding %s, which only a group may see',
    async (embed, path, text) => {
      const errors = await errorsOf({ 'prompts/brief.md': prompt(null, embed), [path]: text });
      expect(errors).toEqual([
        `prompts/brief.md:4: embed '${embed}': only groups security may see that ${embed.startsWith('vitaegraph') ? 'record' : embed.startsWith('vitaecontext') ? 'wiki' : embed.split(':')[0]}, but everyone may see this prompt. Give the prompt the same access, or drop the embed`,
      ]);
      // Restricted to the same group, the prompt builds.
      expect(
        await errorsOf({ 'prompts/brief.md': prompt('[security]', embed), [path]: text }),
      ).toEqual([]);
    },
  );
});

describe('access groups per kind', () => {
  it('fails the build, naming the groups, when one kind uses more groups than search statistics are precomputed for', async () => {
    const files = Object.fromEntries(
      Array.from({ length: 17 }, (_, i) => [
        `processes/p${i}.md`,
        `---\naccess: [group-${i}]\n---\n# P${i}\n\nText.\n`,
      ]),
    );
    const errors = await errorsOf(files);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /:1: documents of one kind use 17 access groups \(group-0, group-1, .*\); at most 16 are supported/,
    );
  });
});

describe('audienceCovers', () => {
  it('holds exactly when every caller who sees the reader also sees the target', () => {
    const groups = ['a', 'b', 'c'];
    const lists = [undefined, ['a'], ['b'], ['a', 'b'], ['a', 'b', 'c']];
    const callers = [[], ['a'], ['b'], ['c'], ['a', 'b'], ['a', 'c'], ['b', 'c'], groups];
    const sees = (access: string[] | undefined, held: string[]) =>
      !access || access.some((group) => held.includes(group));
    for (const reader of lists) {
      for (const target of lists) {
        const expected = callers.every((held) => !sees(reader, held) || sees(target, held));
        expect(audienceCovers(target, reader), `reader ${reader} target ${target}`).toBe(expected);
      }
    }
  });
});
