// Abbreviations and their long forms, learned from the documents themselves: a handbook writes
// "End-to-end (E2E) testing" once and then names a folder `e2e-testing`; a reader asks about "end to
// end tests". No word list: a pair is learned where a document uses an upper-case abbreviation and,
// in the same document, a run of consecutive words whose initials spell it.
import { exactTerms, termOf, tokenize, wordsOf } from './tokenize.ts';

/** Abbreviation term → the terms of its long form: "e2e" → ["end", "end"], "=e2e" → ["=end", "=end"]. */
export type Abbreviations = ReadonlyMap<string, readonly string[]>;

// An abbreviation as written: two to six capitals and digits starting with a capital, at least two
// of them letters ("E2E", "CDC", "PII"), optionally a plural "s" ("PRs").
const WRITTEN_ABBREVIATION = /^[A-Z][A-Z0-9]{1,5}s?$/;
const MIN_LETTERS = 2;

/**
 * How near an abbreviation its long form must be written to define it, in words: "End-to-end (E2E)",
 * "Consumer-driven Contract Testing (or CDC for short)" before it, "PII (personal … )" after it.
 * Farther apart, an abbreviation and a run of words with its initials are mostly a coincidence.
 */
const WORDS_BEFORE = 4;
const WORDS_AFTER = 3;

/**
 * Digits stand for words that sound like them in numeronyms ("e2e" is end-to-end, "b2b"
 * business-to-business): the only words an abbreviation's character may spell besides initials.
 */
const DIGIT_WORDS: Readonly<Record<string, readonly string[]>> = {
  '2': ['to', 'two'],
  '4': ['for', 'four'],
};

/** Whether `word` (lowercased) is the word abbreviation character `char` stands for. */
function spells(char: string, word: string): boolean {
  const digitWords = DIGIT_WORDS[char];
  if (digitWords !== undefined) return digitWords.includes(word);
  return word.startsWith(char);
}

function letterCount(abbreviation: string): number {
  let letters = 0;
  for (const char of abbreviation) if (DIGIT_WORDS[char] === undefined) letters += 1;
  return letters;
}

/** `word` as written, lowercased without a plural "s", when it is written as an abbreviation. */
export function asAbbreviation(written: string): string | null {
  if (!WRITTEN_ABBREVIATION.test(written)) return null;
  let capitals = 0;
  for (const char of written) if (char >= 'A' && char <= 'Z') capitals += 1;
  if (capitals < MIN_LETTERS) return null;
  return (written.endsWith('s') ? written.slice(0, -1) : written).toLowerCase();
}

/**
 * The long form of `abbreviation` starting at `start` in `words` (lowercased, stop words included):
 * the consecutive words whose initials spell it, as index terms (`toTerms`: stemmed, or the exact
 * forms). Null when they do not, or when a letter stands for a word that carries no meaning ("ID"
 * is not "in detail").
 */
export function longFormAt(
  words: readonly string[],
  start: number,
  abbreviation: string,
  toTerms: (text: string) => string[] = tokenize,
): string[] | null {
  const chars = [...abbreviation];
  if (start < 0 || start + chars.length > words.length) return null;
  for (let i = 0; i < chars.length; i++) {
    if (!spells(chars[i] as string, words[start + i] as string)) return null;
  }
  const terms = toTerms(words.slice(start, start + chars.length).join(' '));
  return terms.length === letterCount(abbreviation) ? terms : null;
}

/**
 * Each abbreviation `text` defines (its long form written next to it), with that long form, both as
 * stemmed terms ("e2e" → "end end") and as exact forms ("=e2e" → "=end =end"): the two never
 * share a key, and each kind of field only holds its own kind of term.
 */
export function definitionsIn(text: string): Map<string, Set<string>> {
  const found = wordsOf(text);
  const words = found.map((w) => w.word);
  const definitions = new Map<string, Set<string>>();
  const define = (abbreviation: string, terms: readonly string[]) => {
    if (terms.includes(abbreviation)) return;
    let forms = definitions.get(abbreviation);
    if (forms === undefined) definitions.set(abbreviation, (forms = new Set()));
    forms.add(terms.join(' '));
  };
  found.forEach(({ start, end }, at) => {
    const written = asAbbreviation(text.slice(start, end));
    if (written === null) return;
    const abbreviation = termOf(written);
    const [exact] = exactTerms(written);
    if (abbreviation === null || exact === undefined) return;
    const length = written.length;
    const starts: number[] = [];
    for (let gap = 0; gap < WORDS_BEFORE; gap++) starts.push(at - gap - length);
    for (let gap = 1; gap <= WORDS_AFTER; gap++) starts.push(at + gap);
    for (const from of starts) {
      const terms = longFormAt(words, from, written);
      if (terms === null) continue;
      define(abbreviation, terms);
      define(exact, longFormAt(words, from, written, exactTerms) ?? []);
    }
  });
  return definitions;
}

/** Abbreviation → long form → how many documents define it so. */
export type AbbreviationVotes = Map<string, Map<string, number>>;

/** Adds the definitions of one document's `text` to `votes`. */
export function voteAbbreviations(votes: AbbreviationVotes, text: string): void {
  for (const [abbreviation, forms] of definitionsIn(text)) {
    let counts = votes.get(abbreviation);
    if (counts === undefined) votes.set(abbreviation, (counts = new Map()));
    for (const form of forms) counts.set(form, (counts.get(form) ?? 0) + 1);
  }
}

/**
 * Each voted abbreviation's long form: the one most documents define (then the first in code-unit
 * order), so the result does not depend on document order.
 */
export function electedAbbreviations(votes: AbbreviationVotes): Map<string, string[]> {
  const learned = new Map<string, string[]>();
  for (const abbreviation of [...votes.keys()].sort()) {
    const counts = votes.get(abbreviation) as Map<string, number>;
    const [best] = [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
    if (best !== undefined) learned.set(abbreviation, best[0].split(' '));
  }
  return learned;
}

/**
 * The abbreviations `texts` (one string per document) define. Where documents give one abbreviation
 * different long forms, the one most documents define wins (electedAbbreviations). Pass only
 * documents every caller may see: what is learned changes the postings of every document that uses
 * the words.
 */
export function learnAbbreviations(texts: readonly string[]): Map<string, string[]> {
  const votes: AbbreviationVotes = new Map();
  for (const text of texts) voteAbbreviations(votes, text);
  return electedAbbreviations(votes);
}
