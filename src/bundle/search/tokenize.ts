// Text → index terms. Shared by the build and the Worker query path, so pure JS only.
import { stemmer } from 'stemmer';
import { STOP_WORDS } from './stop-words.ts';

/** A word as it appears in the text, with where it starts, for snippets. */
export interface WordAt {
  word: string;
  start: number;
  end: number;
}

// Letters/digits, plus a trailing run of `#`/`+` so "C#", "F#" and "C++" stay themselves.
const WORD = /[\p{L}\p{N}]+(?:[#+]+(?![\p{L}\p{N}]))?/gu;
// Apostrophes inside words are dropped ("don't" → "dont", "team's" → "teams") rather than split.
const INNER_APOSTROPHE = /(?<=\p{L})['’](?=\p{L})/gu;
const COMBINING_MARKS = /\p{M}+/gu;

/** Every word of `text` with its offsets in `text` (lowercased, not stemmed, stop words kept). */
export function wordsOf(text: string): WordAt[] {
  return collectWords(text, WORD, (word) => word);
}

/** A letter, digit or combining mark outside ASCII: text where a word's start may change under NFKD. */
const NON_ASCII_WORD_CHAR = /(?![\x00-\x7F])[\p{L}\p{N}\p{M}]/u;
/** Any character outside ASCII: a cheap scan that rules out the Unicode classes for most text. */
export const NON_ASCII = /[^\x00-\x7F]/;
/** Whether `text` holds a letter, digit or combining mark outside ASCII. */
const hasNonAsciiWordChar = (text: string) =>
  NON_ASCII.test(text) && NON_ASCII_WORD_CHAR.test(text);
// One regex per wanted set: a cached query's `termSet` is the same object for all its snippets.
const candidatePatterns = new WeakMap<ReadonlySet<string>, RegExp>();

/**
 * The words of `text` whose index term `wanted` holds, with their offsets and terms (snippets).
 * Stemming only rewrites a word's ending, so a word whose term is wanted starts with that term less
 * its last two letters. In text whose letters are all ASCII, one regex of those prefixes finds the
 * candidate words natively and only they are stemmed: seven times faster on the scale corpus's
 * pages (handbook paragraphs) than stemming every word, which other text still gets. A test
 * checks both paths agree.
 */
export function wordsWithTermsIn(
  text: string,
  wanted: ReadonlySet<string>,
): (WordAt & { term: string })[] {
  if (wanted.size === 0) return [];
  const found: (WordAt & { term: string })[] = [];
  // One object per wanted word only: most candidates' terms are not wanted.
  for (const match of text.matchAll(hasNonAsciiWordChar(text) ? WORD : candidatesOf(wanted))) {
    const word = match[0].toLowerCase();
    const term = termOf(word);
    if (term !== null && wanted.has(term))
      found.push({ word, start: match.index, end: match.index + match[0].length, term });
  }
  return found;
}

/** Whole words (as WORD delimits them) starting with a wanted term's stable prefix, any case. */
function candidatesOf(wanted: ReadonlySet<string>): RegExp {
  let pattern = candidatePatterns.get(wanted);
  if (pattern === undefined) {
    const prefixes = [...wanted].map((term) =>
      term.slice(0, Math.max(1, term.length - 2)).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
    // The text searched has no letter or digit outside ASCII (else WORD is used), so with ASCII
    // prefixes the ASCII classes match exactly what the Unicode ones would. They are the cheap
    // ones: a new `\p{L}` pattern with `iu` took 0.7–1.1 ms to compile in Node, the ASCII one
    // 0.02–0.08 ms, and a new query compiles a new pattern on its first snippet.
    pattern = prefixes.every((prefix) => !NON_ASCII.test(prefix))
      ? new RegExp(
          `(?<![A-Za-z0-9])(?:${prefixes.join('|')})[A-Za-z0-9]*(?:[#+]+(?![A-Za-z0-9]))?`,
          'gi',
        )
      : new RegExp(
          `(?<![\\p{L}\\p{N}])(?:${prefixes.join('|')})[\\p{L}\\p{N}]*(?:[#+]+(?![\\p{L}\\p{N}]))?`,
          'giu',
        );
    candidatePatterns.set(wanted, pattern);
  }
  return pattern;
}

/** `make` of every match of `pattern` in `text` as a word (null drops it), in order. */
function collectWords<T>(text: string, pattern: RegExp, make: (word: WordAt) => T | null): T[] {
  const found: T[] = [];
  // Lowercase per word, not the whole text, so offsets always point into the original.
  for (const match of text.matchAll(pattern)) {
    const made = make({
      word: match[0].toLowerCase(),
      start: match.index,
      end: match.index + match[0].length,
    });
    if (made !== null) found.push(made);
  }
  return found;
}

/** A lowercased word without accents or apostrophes, or null when it is a stop word or noise. */
function plainWord(word: string): string | null {
  const plain = word.normalize('NFKD').replace(COMBINING_MARKS, '').replace(INNER_APOSTROPHE, '');
  if (STOP_WORDS.has(plain)) return null;
  // Single letters are initials and list markers ("e.g.") — except language names like "c#".
  if (plain.length < 2 && !/\d/.test(plain)) return null;
  return plain;
}

/** The index term for one lowercased word, or null when it is a stop word or noise. */
export function termOf(word: string): string | null {
  let term = termCache.get(word);
  if (term === undefined) {
    term = computeTerm(word);
    // Vocabularies repeat: a bounded memo makes stemming a lookup (snippets stem whole bodies per query).
    if (termCache.size >= TERM_CACHE_SIZE) termCache.clear();
    termCache.set(word, term);
  }
  return term;
}

const TERM_CACHE_SIZE = 50_000;
const termCache = new Map<string, string | null>();

function computeTerm(word: string): string | null {
  const plain = plainWord(word);
  if (plain === null) return null;
  // Porter mangles tokens with digits ("e2e" → "e2"); they are identifiers, keep them whole.
  return /\d|[#+]$/.test(plain) ? plain : stemmer(plain);
}

/** Normalised, stemmed terms of `text` in order, stop words removed. */
export function tokenize(text: string): string[] {
  return termsOf(text, termOf);
}

/**
 * Unstemmed terms, marked with a leading "=" so they never collide with stems. Stemming conflates
 * "logging" with "log" and "structured" with "structuring"; exact forms let the word the user
 * typed outrank its relatives.
 */
export function exactTerms(text: string): string[] {
  return termsOf(text, (word) => {
    const plain = plainWord(word);
    return plain === null ? null : `=${plain}`;
  });
}

function termsOf(text: string, toTerm: (word: string) => string | null): string[] {
  const joined = text.replace(INNER_APOSTROPHE, '');
  const terms: string[] = [];
  for (const { word } of wordsOf(joined)) {
    const term = toTerm(word);
    if (term !== null) terms.push(term);
  }
  return terms;
}
