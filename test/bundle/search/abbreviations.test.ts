import { describe, expect, it } from 'vitest';
import {
  asAbbreviation,
  definitionsIn,
  learnAbbreviations,
  longFormAt,
} from '../../../src/bundle/search/abbreviations.ts';
import { wordsOf } from '../../../src/bundle/search/tokenize.ts';

const words = (text: string) => wordsOf(text).map((found) => found.word);

describe('asAbbreviation', () => {
  it('takes capitals and digits with at least two letters, dropping a plural s', () => {
    expect(asAbbreviation('E2E')).toBe('e2e');
    expect(asAbbreviation('CDC')).toBe('cdc');
    expect(asAbbreviation('PRs')).toBe('pr');
  });

  it('refuses ordinary words, single capitals and numbers', () => {
    expect(asAbbreviation('Testing')).toBeNull();
    expect(asAbbreviation('A')).toBeNull();
    expect(asAbbreviation('A1')).toBeNull();
    expect(asAbbreviation('2024')).toBeNull();
    expect(asAbbreviation('TOOLONGX')).toBeNull();
  });
});

describe('longFormAt', () => {
  it('spells an abbreviation with initials, and a digit with the word it sounds like', () => {
    const text = words('End-to-end testing');
    expect(longFormAt(text, 0, 'e2e')).toEqual(['end', 'end']);
    expect(longFormAt(words('consumer driven contract'), 0, 'cdc')).toEqual([
      'consum',
      'driven',
      'contract',
    ]);
  });

  it('refuses a letter that stands for a stop word, and words that do not spell it', () => {
    expect(longFormAt(words('in detail'), 0, 'id')).toBeNull();
    expect(longFormAt(words('pull request'), 0, 'cd')).toBeNull();
    expect(longFormAt(words('pull'), 0, 'pr')).toBeNull();
  });

  it('gives exact forms when asked', () => {
    expect(
      longFormAt(words('Pull Requests'), 0, 'pr', (t) => t.split(' ').map((w) => `=${w}`)),
    ).toEqual(['=pull', '=requests']);
  });
});

describe('definitionsIn', () => {
  it('finds a long form written just before or just after its abbreviation', () => {
    expect(definitionsIn('End-to-end (E2E) testing checks the flow.').get('e2e')).toEqual(
      new Set(['end end']),
    );
    expect(definitionsIn('Use CDC (consumer driven contracts) early.').get('cdc')).toEqual(
      new Set(['consum driven contract']),
    );
    expect(definitionsIn('Consumer-driven Contract Testing (or CDC for short)').get('cdc')).toEqual(
      new Set(['consum driven contract']),
    );
  });

  it('also defines the exact forms', () => {
    expect(definitionsIn('Pull requests (PRs) are reviewed.').get('=pr')).toEqual(
      new Set(['=pull =requests']),
    );
  });

  it('ignores words with the right initials far from the abbreviation', () => {
    const far = `Customers demand changes. ${'Filler words keep these apart here. '.repeat(3)}CDC`;
    expect(definitionsIn(far).has('cdc')).toBe(false);
  });
});

describe('learnAbbreviations', () => {
  it('keeps the long form most documents give, whatever their order', () => {
    const texts = [
      'Continuous delivery (CD) ships often.',
      'Continuous delivery (CD) again.',
      'Compact disc (CD) is a medium.',
    ];
    expect(learnAbbreviations(texts).get('cd')).toEqual(['continu', 'deliveri']);
    expect(learnAbbreviations([...texts].reverse()).get('cd')).toEqual(['continu', 'deliveri']);
  });

  it('learns nothing from text without definitions', () => {
    expect(learnAbbreviations(['We use CDC.', 'Contracts are driven by consumers.']).size).toBe(0);
  });
});
