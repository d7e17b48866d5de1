// Every test, fixture, script or source file the README and docs/ name by path exists: a page that
// sends a reader to a renamed or deleted test (security.md, testing.md name dozens) fails here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../scripts/dev/paths.ts';

const PAGES = [
  'README.md',
  ...readdirSync(join(PROJECT_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
// A path in the repository: one of its top-level folders, then a file name with an extension.
const NAMED_PATH =
  /\b((?:test|src|scripts|bench|bin|content)\/[\w./-]*\.(?:ts|mjs|js|json|tsv|md|toml))\b/g;

describe('files the docs name', () => {
  it.each(PAGES)('%s names only files that exist', (page) => {
    const text = readFileSync(join(PROJECT_ROOT, page), 'utf8');
    const named = [...new Set([...text.matchAll(NAMED_PATH)].map((match) => match[1]!))]
      // Placeholders of a reader's own files (`content/processes/<name>.md`) and globs are not paths.
      .filter((path) => !/[<>*{}]/.test(path));
    expect(named.filter((path) => !existsSync(join(PROJECT_ROOT, path)))).toEqual([]);
  });
});
