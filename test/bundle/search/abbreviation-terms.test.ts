import { describe, expect, it } from 'vitest';
import {
  abbreviationMatcher,
  withAbbreviations,
} from '../../../src/bundle/search/abbreviation-terms.ts';
import { countTerms } from '../../../src/bundle/search/evidence.ts';
import { fieldLength } from '../../../src/bundle/search/fields.ts';
import { buildSearchIndex, type IndexableDoc } from '../../../src/bundle/search/index.ts';
import { searchIndex } from '../../../src/worker/content/search/search.ts';
import { analyseQuery } from '../../../src/worker/content/search/query-terms.ts';

const matcher = abbreviationMatcher(new Map([['e2e', ['end', 'end']]]));

describe('withAbbreviations', () => {
  it('adds the long form as an alternate of the abbreviation, making phrases with its neighbours', () => {
    const runs = withAbbreviations([['automat', 'e2e', 'test']], matcher);
    const counts = countTerms(runs, true);
    expect(counts.get('end')).toBe(2);
    expect(counts.get('automat end')).toBe(1);
    expect(counts.get('end test')).toBe(1);
    // The text is no longer for it.
    expect(fieldLength(runs)).toBe(3);
  });

  it('adds the abbreviation as an alternate of its long form', () => {
    const counts = countTerms(withAbbreviations([['end', 'end', 'test']], matcher), true);
    expect(counts.get('e2e')).toBe(1);
    expect(counts.get('e2e test')).toBe(1);
  });

  it('leaves a field without either form as it was', () => {
    const runs = [['unit', 'test']];
    expect(withAbbreviations(runs, matcher)).toBe(runs);
  });
});

const FILLER = 'Teams agree on conventions early and revisit them when the project changes shape.';

function doc(name: string, title: string, body = FILLER): IndexableDoc {
  return { name, title, description: '', body: `${body}\n\n${FILLER}` };
}

const ranked = (docs: IndexableDoc[], query: string) =>
  searchIndex(buildSearchIndex(docs), analyseQuery(query)).map((hit) => docs[hit.doc]!.name);

describe('learned abbreviations in ranking', () => {
  const docs = [
    doc('e2e-testing', 'E2E Testing', 'It checks a whole flow. End-to-end (E2E) is its name.'),
    doc('testing-flows', 'Testing flows end to end', 'Test each flow from end to end.'),
    doc('glossary', 'Glossary', 'Words we use.'),
  ];

  it('lets the spelled-out words find the page named with the abbreviation', () => {
    expect(ranked(docs, 'end to end testing')[0]).toBe('e2e-testing');
  });

  it('learns only from documents every caller may see', () => {
    const page = doc('e2e-testing', 'E2E Testing', 'E2E testing checks a whole flow.');
    const definer = doc('glossary', 'Glossary', 'End-to-end (E2E) means the whole flow.');
    expect(ranked([page, definer], 'end')).toContain('e2e-testing');
    // Defined only where some callers may not look, "e2e" stays unexplained for everyone.
    expect(ranked([page, { ...definer, access: ['team'] }], 'end')).not.toContain('e2e-testing');
  });
});
