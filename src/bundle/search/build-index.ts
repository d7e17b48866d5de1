// Build time: documents → SearchIndex. Deterministic: same documents, same JSON, byte for byte.
import { encodeVarints, writeDigit, writeVarint } from './codec.ts';
import { accessStatisticsOf, otherAveragesOf } from './audiences.ts';
import { averageFieldLengths, termEvidence } from './evidence.ts';
import { fieldTermsOf, type FieldTerms } from './fields.ts';
import { quantizeEvidence } from './scoring.ts';
import { encodeTermTable } from './term-table.ts';
import type { IndexableDoc, SearchIndex } from './types.ts';

export interface Posting {
  id: number;
  weight: number;
}

/** Positions of `docs` sorted by name (then position), so internal ids are name ranks. */
function nameOrder(docs: readonly IndexableDoc[]): number[] {
  const positions = docs.map((_, i) => i);
  // Code-unit comparison, not localeCompare: the result must not depend on the build machine's ICU.
  return positions.sort((a, b) => {
    const x = (docs[a] as IndexableDoc).name;
    const y = (docs[b] as IndexableDoc).name;
    return x < y ? -1 : x > y ? 1 : a - b;
  });
}

/** Term → postings in ascending internal id, weighted with these field-length averages. */
function collectPostings(
  fields: readonly FieldTerms[][],
  order: readonly number[],
  averages: readonly number[],
): Map<string, Posting[]> {
  const postings = new Map<string, Posting[]>();
  order.forEach((position, id) => {
    for (const [term, evidence] of termEvidence(fields[position] ?? [], averages)) {
      let list = postings.get(term);
      if (list === undefined) postings.set(term, (list = []));
      list.push({ id, weight: quantizeEvidence(evidence) });
    }
  });
  return postings;
}

/** Document frequency, then (gap to previous id, weight) pairs: one term's postings list, encoded. */
export function encodePostings(list: readonly Posting[]): string {
  const out: string[] = [];
  writeVarint(out, list.length);
  let previous = -1;
  for (const { id, weight } of list) {
    writeVarint(out, id - previous - 1);
    writeDigit(out, weight);
    previous = id;
  }
  return out.join('');
}

/** The term table of `fields`' postings weighted with `averages`. */
function termTableOf(
  fields: readonly FieldTerms[][],
  order: readonly number[],
  averages: readonly number[],
) {
  const postings = collectPostings(fields, order, averages);
  const entries = [...postings.keys()]
    .sort()
    .map((term) => [term, encodePostings(postings.get(term) ?? [])] as const);
  return encodeTermTable(entries);
}

export function buildSearchIndex(docs: IndexableDoc[]): SearchIndex {
  const order = nameOrder(docs);
  const fields = docs.map(fieldTermsOf);
  const averages = averageFieldLengths(fields);
  const index: SearchIndex = {
    format: 'praxis-search/1',
    documents: docs.length,
    order: encodeVarints(order),
    ...termTableOf(fields, order, averages),
  };
  // Without restricted documents every caller sees every document: the index is exactly as before.
  if (!docs.some((doc) => doc.access)) return index;
  const access = accessStatisticsOf(docs, fields, order, averages);
  const variants = otherAveragesOf(access).map((other) => ({
    averages: other,
    ...termTableOf(fields, order, other),
  }));
  return { ...index, access, ...(variants.length ? { variants } : {}) };
}
