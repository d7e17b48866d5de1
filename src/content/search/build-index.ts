// Build time: documents → SearchIndex. Deterministic: same documents, same JSON, byte for byte.
import { encodeVarints, writeDigit, writeVarint } from './codec.ts';
import { averageFieldLengths, termEvidence } from './evidence.ts';
import { fieldTermsOf } from './fields.ts';
import { quantizeEvidence } from './scoring.ts';
import { encodeTermTable } from './term-table.ts';
import type { IndexableDoc, SearchIndex } from './types.ts';

interface Posting {
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

/** Term → postings in ascending internal id. */
function collectPostings(docs: readonly IndexableDoc[], order: readonly number[]): Map<string, Posting[]> {
  const fields = docs.map(fieldTermsOf);
  const averages = averageFieldLengths(fields);
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

/** Document frequency, then (gap to previous id, weight) pairs. */
function encodePostings(list: readonly Posting[]): string {
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

export function buildSearchIndex(docs: IndexableDoc[]): SearchIndex {
  const order = nameOrder(docs);
  const postings = collectPostings(docs, order);
  const entries = [...postings.keys()].sort().map((term) => [term, encodePostings(postings.get(term) ?? [])] as const);
  return { format: 'praxis-search/1', documents: docs.length, order: encodeVarints(order), ...encodeTermTable(entries) };
}
