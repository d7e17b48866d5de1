// Build time: documents → SearchIndex. Deterministic: same documents, same JSON, byte for byte.
import { decodeVarints, encodeVarints } from './codec.ts';
import { accessStatisticsOf, otherAveragesOf } from './audiences.ts';
import { averageFieldLengths, termEvidence } from './evidence.ts';
import { definingTextOf, fieldTermsOf, type FieldTerms } from './fields.ts';
import { learnAbbreviations } from './abbreviations.ts';
import { abbreviationMatcher } from './abbreviation-terms.ts';
import { asIndexPage, pageTopicsOfIndexes } from './folder-index.ts';
import { countedAudiences, encodePostings, type Posting } from './postings.ts';
import { quantizeEvidence } from './scoring.ts';
import { encodeTermTable } from './term-table.ts';
import type { AccessStatistics, IndexableDoc, SearchIndex } from './types.ts';

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

/** What the build knows of each document besides its fields: the topics of its pages, if an index page. */
type PageTopics = ReadonlyMap<number, ReadonlySet<string>>;

/** Term → postings in ascending internal id, weighted with these field-length averages. */
function collectPostings(
  fields: readonly FieldTerms[][],
  order: readonly number[],
  averages: readonly number[],
  topics: PageTopics,
): Map<string, Posting[]> {
  const postings = new Map<string, Posting[]>();
  order.forEach((position, id) => {
    const evidenceOf = termEvidence(fields[position] ?? [], averages);
    for (const [term, evidence] of asIndexPage(evidenceOf, topics.get(position))) {
      let list = postings.get(term);
      if (list === undefined) postings.set(term, (list = []));
      list.push({ id, weight: quantizeEvidence(evidence) });
    }
  });
  return postings;
}

/** The term table of `fields`' postings weighted with `averages` (long lists count `access`'s audiences). */
function termTableOf(
  fields: readonly FieldTerms[][],
  order: readonly number[],
  averages: readonly number[],
  topics: PageTopics,
  access?: AccessStatistics,
) {
  const postings = collectPostings(fields, order, averages, topics);
  const counted = countedAudiences(access);
  const audienceOf = counted > 0 ? decodeVarints(access!.audienceOf) : null;
  const entries = [...postings.keys()]
    .sort()
    .map((term) => [term, encodePostings(postings.get(term) ?? [], counted, audienceOf)] as const);
  return encodeTermTable(entries);
}

export function buildSearchIndex(docs: IndexableDoc[]): SearchIndex {
  const order = nameOrder(docs);
  // Learned from public documents alone: a restricted one must not change what anyone else is told.
  const abbreviations = abbreviationMatcher(
    learnAbbreviations(docs.filter((doc) => !doc.access).map(definingTextOf)),
  );
  const fields = docs.map((doc) => fieldTermsOf(doc, abbreviations));
  const averages = averageFieldLengths(fields);
  const topics = pageTopicsOfIndexes(
    docs.map((doc) => doc.name),
    fields,
    (position) => !docs[position]?.access,
  );
  const head = {
    format: 'praxis-search/5' as const,
    documents: docs.length,
    ...(order.every((position, id) => position === id) ? {} : { order: encodeVarints(order) }),
  };
  // Without restricted documents every caller sees every document: no statistics per caller.
  if (!docs.some((doc) => doc.access))
    return { ...head, ...termTableOf(fields, order, averages, topics) };
  const access = accessStatisticsOf(docs, fields, order, averages);
  const variants = otherAveragesOf(access).map((other) => ({
    averages: other,
    ...termTableOf(fields, order, other, topics, access),
  }));
  return {
    ...head,
    ...termTableOf(fields, order, averages, topics, access),
    access,
    ...(variants.length ? { variants } : {}),
  };
}
