// A short excerpt of a document around where it best matches the query, for search results.
import { classifyLines, plainInline } from '../../../bundle/search/markdown.ts';
import type { QueryTerms } from './query-terms.ts';
import { LruCache } from '../lru-cache.ts';
import { NON_ASCII, wordsWithTermsIn, type WordAt } from '../../../bundle/search/tokenize.ts';

const ELLIPSIS = '…';
const DEFAULT_MAX_LENGTH = 200;

/** The body's headings and prose as one plain-text line (code is not a readable excerpt). */
function readableText(body: string): string {
  return classifyLines(body)
    .filter((line) => line.kind === 'prose' || line.kind === 'heading')
    .map((line) => plainInline(line.text))
    .filter((text) => text !== '')
    .join(' ');
}

// Whether a text has a letter or digit: ASCII ones found by a plain class, the Unicode classes
// tried only on text with a character outside ASCII. A `\p{L}` pattern is slow to compile, and V8
// compiles a regex again when it tiers up: that landed in a new isolate's first searches.
const ASCII_LETTER_OR_DIGIT = /[A-Za-z0-9]/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const hasLetterOrDigit = (text: string): boolean =>
  ASCII_LETTER_OR_DIGIT.test(text) || (NON_ASCII.test(text) && LETTER_OR_DIGIT.test(text));

/** The first line of prose, plain; '' when the body has none. */
function firstProseLine(body: string): string {
  for (const line of classifyLines(body)) {
    if (line.kind !== 'prose') continue;
    const text = plainInline(line.text);
    if (hasLetterOrDigit(text)) return text;
  }
  return '';
}

/** Bodies longer than this cannot reduce to one short line, so they skip the check below. */
const SHORT_BODY_CHARS = 1000;

/**
 * A body that is one line of prose within the budget is its own snippet, whatever the query
 * matches: centring a window on the matches, or falling back to the first prose line, both give
 * that line whole. Most results past the first few are descriptions like this; the shortcut keeps
 * their parsing out of the CPU bill and out of the readable-text cache.
 */
function wholeText(body: string, budget: number): string | null {
  if (body.length > SHORT_BODY_CHARS || budget <= 0) return null;
  const lines = classifyLines(body).filter((line) => line.kind !== 'blank');
  if (lines.length !== 1 || lines[0]!.kind !== 'prose') return null;
  const text = plainInline(lines[0]!.text);
  return text.length <= budget && hasLetterOrDigit(text) ? text : null;
}

// Readable text is kept for the bodies snippeted most recently (a few thousand at typical sizes);
// matching a query against it is cheap, so only the query's words are ever stemmed and kept.
const readableTexts = new LruCache<string, string>(4 * 1024 * 1024);

function readableTextOf(body: string): string {
  let text = readableTexts.get(body);
  if (text === undefined)
    readableTexts.set(body, (text = readableText(body)), body.length + text.length);
  return text;
}

/** The run of matches, at most `budget` characters wide, covering the most distinct terms. */
function bestMatchWindow(
  matches: readonly (WordAt & { term: string })[],
  budget: number,
): [WordAt, WordAt] | null {
  let best: [WordAt, WordAt] | null = null;
  let bestDistinct = 0;
  let bestCount = 0;
  const inWindow = new Map<string, number>();
  let first = 0;
  for (let last = 0; last < matches.length; last++) {
    const end = matches[last] as WordAt & { term: string };
    inWindow.set(end.term, (inWindow.get(end.term) ?? 0) + 1);
    while (end.end - (matches[first] as WordAt).start > budget) {
      const dropped = (matches[first++] as WordAt & { term: string }).term;
      const left = (inWindow.get(dropped) ?? 1) - 1;
      if (left === 0) inWindow.delete(dropped);
      else inWindow.set(dropped, left);
    }
    const count = last - first + 1;
    if (inWindow.size > bestDistinct || (inWindow.size === bestDistinct && count > bestCount)) {
      best = [matches[first] as WordAt, end];
      bestDistinct = inWindow.size;
      bestCount = count;
    }
  }
  return best;
}

/** `text[from, to)` widened or narrowed to whole words, with `…` where text was cut. */
function excerpt(text: string, from: number, to: number, keepFrom: number, keepTo: number): string {
  let start = from;
  if (start > 0 && /\S/.test(text[start - 1] ?? '')) {
    const space = text.slice(start, keepFrom).search(/\s/);
    start = space < 0 ? keepFrom : start + space + 1;
  }
  let end = to;
  if (end < text.length && /\S/.test(text[end] ?? '')) {
    const space = text.slice(keepTo, end).search(/\s\S*$/);
    end = space < 0 ? keepTo : keepTo + space;
  }
  const body = text.slice(start, end).trim();
  return `${start > 0 ? ELLIPSIS : ''}${body}${end < text.length ? ELLIPSIS : ''}`;
}

/** At most `maxLength` characters of `text` from its start, cut on a word boundary. */
function leading(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  return excerpt(text, 0, maxLength - ELLIPSIS.length, 0, 0);
}

// Whether a short body is its own snippet does not depend on the query, and most results of a
// page are descriptions (the same few thousand strings, query after query): parsing them was a
// tenth of a search's CPU. The answer is kept per body for the default length.
const wholeTexts = new LruCache<string, string | null>(1024 * 1024);

function wholeTextOf(body: string, budget: number): string | null {
  if (body.length > SHORT_BODY_CHARS || budget !== DEFAULT_MAX_LENGTH - 2 * ELLIPSIS.length)
    return wholeText(body, budget);
  let text = wholeTexts.get(body);
  if (text === undefined)
    wholeTexts.set(body, (text = wholeText(body, budget)), body.length + (text?.length ?? 0) + 1);
  return text;
}

/**
 * An excerpt of `body` (≤ maxLength characters, on word boundaries, `…` where cut) centred on the
 * passage that contains the most distinct query terms; the first prose line when nothing matches.
 */
export function snippet(body: string, query: QueryTerms, maxLength = DEFAULT_MAX_LENGTH): string {
  return (
    wholeTextOf(body, maxLength - 2 * ELLIPSIS.length) ?? matchedSnippet(body, query, maxLength)
  );
}

/** The snippet found by matching the query's terms (exported for the test that the shortcut agrees). */
export function matchedSnippet(
  body: string,
  query: QueryTerms,
  maxLength = DEFAULT_MAX_LENGTH,
): string {
  const budget = maxLength - 2 * ELLIPSIS.length;
  const wanted = query.termSet;
  const text = readableTextOf(body);
  const matches = wordsWithTermsIn(text, wanted);
  const window = bestMatchWindow(matches, budget);
  if (window === null || budget <= 0) return leading(firstProseLine(body), maxLength);
  const [first, last] = window;
  const centre = Math.round((first.start + last.end) / 2);
  const from = Math.max(0, Math.min(centre - Math.floor(budget / 2), text.length - budget));
  const to = Math.min(text.length, from + budget);
  return excerpt(text, from, to, first.start, last.end);
}
