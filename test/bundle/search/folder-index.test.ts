import { describe, expect, it } from 'vitest';
import { asIndexPage, pageTopicsOfIndexes } from '../../../src/bundle/search/folder-index.ts';
import { fieldTermsOf } from '../../../src/bundle/search/fields.ts';
import { buildSearchIndex, type IndexableDoc } from '../../../src/bundle/search/index.ts';
import { searchIndex } from '../../../src/worker/content/search/search.ts';
import { analyseQuery } from '../../../src/worker/content/search/query-terms.ts';

function doc(name: string, title: string, body: string): IndexableDoc {
  return { name, title, description: '', body };
}

const topicsOf = (docs: IndexableDoc[], counts = (_: number) => true) =>
  pageTopicsOfIndexes(
    docs.map((d) => d.name),
    docs.map((d) => fieldTermsOf(d)),
    counts,
  );

describe('pageTopicsOfIndexes', () => {
  const docs = [
    doc('unit-testing-mocking', 'Mocking', ''),
    doc('unit-testing', 'Unit Testing', ''),
    doc('unit-testingx', 'Other', ''),
    doc('unit-testing-fakes', 'Fakes and stubs', ''),
  ];

  it("gives a folder's index page the words naming its pages that its own name and title lack", () => {
    const topics = topicsOf(docs);
    expect([...(topics.get(1) ?? [])].sort()).toEqual(
      ['fake', 'fake stub', 'mock', 'stub', 'test fake', 'test mock'].sort(),
    );
    // A name that merely starts with the same letters is no page of the folder.
    expect(topics.get(1)?.has('testingx')).toBe(false);
    expect(topics.has(0)).toBe(false);
    expect(topics.has(2)).toBe(false);
  });

  it('counts only the pages it is told every caller sees', () => {
    const topics = topicsOf(docs, (position) => position !== 3);
    expect(topics.get(1)?.has('fake')).toBe(false);
    expect(topics.get(1)?.has('mock')).toBe(true);
  });
});

describe('asIndexPage', () => {
  it("holds a page's topic to a body mention and leaves the folder's own words", () => {
    const evidence = asIndexPage(
      new Map([
        ['mock', 0.7],
        ['unit', 0.9],
        ['stub', 0.1],
      ]),
      new Set(['mock', 'stub']),
    );
    expect(evidence.get('mock')).toBe(0.4);
    expect(evidence.get('unit')).toBe(0.9);
    expect(evidence.get('stub')).toBe(0.1);
  });
});

describe('index pages in ranking', () => {
  const README: IndexableDoc = {
    name: 'unit-testing',
    title: 'Unit Testing',
    description: 'Mocking, fakes and stubs in unit tests.',
    body: '## Mocking\n\nMocking replaces a dependency with a mock; mocking keeps unit tests fast.\n\n## Fakes\n\nFakes.',
  };
  const MOCKING: IndexableDoc = {
    name: 'unit-testing-mocking',
    title: 'Mocking',
    description: 'Replacing a dependency.',
    body: 'Replace a dependency with a test double.',
  };
  const OTHER = doc('linting', 'Linting', 'Run the linter.');
  const ranked = (query: string) =>
    searchIndex(buildSearchIndex([README, MOCKING, OTHER]), analyseQuery(query)).map(
      (hit) => [README, MOCKING, OTHER][hit.doc]!.name,
    );

  it('ranks the page named for a topic above the index page summing it up', () => {
    expect(ranked('unit test mocks')[0]).toBe('unit-testing-mocking');
  });

  it("still ranks the index page first for the folder's own topic", () => {
    expect(ranked('unit testing')[0]).toBe('unit-testing');
  });
});
