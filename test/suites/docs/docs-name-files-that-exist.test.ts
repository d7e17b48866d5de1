// Every test, fixture, script or source file the README, docs/ and bench/ pages name exists: a page
// that sends a reader to a renamed or deleted test (security.md, testing.md name dozens) fails here.
// Pages name files by path (`test/shim/git/diff.test.ts`), by path with a choice in braces
// (`test/shim/session-text-shown-visibly-{cli,mcp}.test.ts`), or by test file name alone
// (`hostile-content.test.ts`): each of the three is checked.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../scripts/dev/paths.ts';

const markdownIn = (folder: string): string[] =>
  readdirSync(join(PROJECT_ROOT, folder))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `${folder}/${name}`);
const PAGES = ['README.md', ...markdownIn('docs'), ...markdownIn('bench')];
// A path in the repository: one of its top-level folders, then a file name with an extension; a
// comma only inside braces.
const NAMED_PATH =
  /\b((?:test|src|scripts|bench|bin|content)\/(?:[\w./-]|\{[\w.,/-]*\})*\.(?:ts|mjs|js|json|tsv|md|toml))\b/g;
// A test file named without its folder: not preceded by a path, a word or a dot.
const NAMED_TEST_FILE = /(?<![\w./-])([\w-]+(?:\.[\w-]+)*\.test\.ts)\b/g;
const TEST_FILE_NAMES = new Set(
  readdirSync(join(PROJECT_ROOT, 'test'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.test.ts'))
    .map((path) => basename(path)),
);

/** `a-{b,c}.ts` as `a-b.ts` and `a-c.ts`; a path without braces as itself. */
function expandBraces(path: string): string[] {
  const group = /\{([^{}]*)\}/.exec(path);
  if (!group) return [path];
  return group[1]!
    .split(',')
    .flatMap((choice) =>
      expandBraces(path.slice(0, group.index) + choice + path.slice(group.index + group[0].length)),
    );
}

const textOf = (page: string) => readFileSync(join(PROJECT_ROOT, page), 'utf8');

describe('files the docs name', () => {
  it('expands a choice in braces into one path per choice', () => {
    expect(expandBraces('test/shim/a-{in-process,mcp}.test.ts')).toEqual([
      'test/shim/a-in-process.test.ts',
      'test/shim/a-mcp.test.ts',
    ]);
    expect(expandBraces('src/{a,b}/{c,d}.ts')).toEqual([
      'src/a/c.ts',
      'src/a/d.ts',
      'src/b/c.ts',
      'src/b/d.ts',
    ]);
  });

  it.each(PAGES)('%s names only files that exist', (page) => {
    const named = [...new Set([...textOf(page).matchAll(NAMED_PATH)].map((match) => match[1]!))]
      // Placeholders of a reader's own files (`content/processes/<name>.md`) and globs are not paths.
      .filter((path) => !/[<>*]/.test(path))
      .flatMap(expandBraces);
    expect(named.filter((path) => !existsSync(join(PROJECT_ROOT, path)))).toEqual([]);
  });

  it.each(PAGES)('%s names, by file name alone, only test files that exist', (page) => {
    const named = new Set([...textOf(page).matchAll(NAMED_TEST_FILE)].map((match) => match[1]!));
    expect([...named].filter((name) => !TEST_FILE_NAMES.has(name))).toEqual([]);
  });
});
