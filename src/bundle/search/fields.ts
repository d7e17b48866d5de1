// The fields a document is ranked on, and how much a match in each can prove.
import { bodyTextOf, headingsOf, plainInline } from './markdown.ts';
import { exactTerms, tokenize } from './tokenize.ts';
import { withAbbreviations, type AbbreviationMatcher } from './abbreviation-terms.ts';
import type { IndexableDoc } from './types.ts';

export interface FieldSpec {
  key: 'name' | 'title' | 'description' | 'headings' | 'body' | 'exactName' | 'exactTitle';
  /**
   * The most evidence a match in this field alone can give a term (in [0, 1)). Caps are what
   * makes "title ≫ description > headings > body" hold however often a body repeats a word:
   * a body match saturates at `cap`, below a single title match.
   */
  cap: number;
  /** BM25 saturation: how many occurrences it takes to approach `cap`. */
  k1: number;
  /** BM25 length normalisation: how much a long field dilutes a match. */
  b: number;
  /**
   * Adjacent term pairs are indexed when they occur at least this often in the field (0: never).
   * Short fields keep every pair; the body only pairs it repeats — a repeated pair is a topical
   * phrase ("commit message"), and keeping every body pair would multiply the index size by five.
   */
  bigramMinCount: number;
}

export const FIELDS: readonly FieldSpec[] = [
  { key: 'name', cap: 0.8, k1: 0.5, b: 0.6, bigramMinCount: 1 },
  { key: 'title', cap: 0.9, k1: 0.5, b: 0.6, bigramMinCount: 1 },
  { key: 'description', cap: 0.6, k1: 1.0, b: 0.75, bigramMinCount: 1 },
  { key: 'headings', cap: 0.5, k1: 1.2, b: 0.75, bigramMinCount: 1 },
  { key: 'body', cap: 0.4, k1: 1.2, b: 0.75, bigramMinCount: 2 },
  // The name and title again, unstemmed ("=logging"); their terms never meet the stemmed ones.
  { key: 'exactName', cap: 0.8, k1: 0.5, b: 0.6, bigramMinCount: 0 },
  { key: 'exactTitle', cap: 0.9, k1: 0.5, b: 0.6, bigramMinCount: 0 },
];

/**
 * Another way of saying a stretch of a run — an abbreviation for its long form, or the reverse —
 * with the terms just before and after that stretch, so the other way makes phrases with them too.
 */
export interface Alternate {
  terms: readonly string[];
  before?: string;
  after?: string;
}

/**
 * A field's text split into runs; bigrams never span two runs (two headings, two lines). Its
 * `alternates` count as occurrences of their terms and phrases, but not in the field's length: the
 * text is no longer for having two ways of saying something.
 */
export type FieldTerms = string[][] & { alternates?: readonly Alternate[] };

/**
 * Each field of `doc` as runs of terms, in FIELDS order; with `abbreviations`, the fields also hold
 * the counterpart of each learned abbreviation or long form they use.
 */
export function fieldTermsOf(doc: IndexableDoc, abbreviations?: AbbreviationMatcher): FieldTerms[] {
  const texts: Record<FieldSpec['key'], string[]> = {
    name: [doc.name],
    title: [doc.title],
    description: [plainInline(doc.description)],
    headings: headingsOf(doc.body),
    body: bodyTextOf(doc.body).split('\n'),
    exactName: [doc.name],
    exactTitle: [doc.title],
  };
  return FIELDS.map((field) => {
    const exact = field.key.startsWith('exact');
    const runs = texts[field.key]
      .map(exact ? exactTerms : tokenize)
      .filter((run) => run.length > 0);
    return abbreviations === undefined ? runs : withAbbreviations(runs, abbreviations);
  });
}

/** The number of terms in a field. */
export function fieldLength(runs: FieldTerms): number {
  let length = 0;
  for (const run of runs) length += run.length;
  return length;
}

/** The text abbreviations are learned from: all of `doc` as written. */
export function definingTextOf(doc: IndexableDoc): string {
  return `${doc.title}\n${doc.description}\n${doc.body}`;
}
