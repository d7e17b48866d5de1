// The term dictionary as two strings instead of a JSON object. Parsing ~40 000 object keys and
// postings strings costs ~80 ms per isolate at 10 000 documents; two long strings parse in ~10 ms.
// `terms` is "term:offset;term:offset;…" in sorted order, so a lookup binary-searches the string
// itself: nothing is decoded up front, which keeps an isolate's first query cheap too.
import { encodeVarints, readVarint } from './codec.ts';
import type { SearchIndex } from './types.ts';

export type TermTable = Pick<SearchIndex, 'terms' | 'postings'>;

const RECORD_END = ';';
const OFFSET_START = ':';
/** Between a stored table's two strings: no term or posting holds it. */
const TABLE_SEPARATOR = '\n';

/** Terms (sorted in code-unit order, never containing ":" or ";") with their encoded postings. */
export function encodeTermTable(entries: readonly (readonly [string, string])[]): TermTable {
  const records: string[] = [];
  let offset = 0;
  for (const [term, postings] of entries) {
    records.push(`${term}${OFFSET_START}${encodeVarints([offset])}`);
    offset += postings.length;
  }
  return {
    terms: records.join(RECORD_END),
    postings: entries.map(([, postings]) => postings).join(''),
  };
}

/**
 * A table as stored on its own (a term shard): its two strings joined by a newline, not JSON, so an
 * isolate takes them apart with two slices instead of a JSON parse that copies both (about 8 ms of
 * isolate CPU for the 3 MiB of shards a cold search reads at 1 000 000 documents).
 */
export function termTableText(table: TermTable): string {
  if (table.terms.includes(TABLE_SEPARATOR) || table.postings.includes(TABLE_SEPARATOR))
    throw new Error('a search term holds a line break: the tokenizer must never produce one');
  return `${table.terms}${TABLE_SEPARATOR}${table.postings}`;
}

/**
 * A stored shard's table, whichever way it was stored: as `termTableText` gives it, or as JSON (an
 * older build's praxis-search/6 shards, which no text form can be mistaken for: no term starts with
 * "{"). Throws on a text that is neither.
 */
export function storedTermTable(text: string): TermTable {
  if (text.startsWith('{')) return JSON.parse(text) as TermTable;
  const separator = text.indexOf(TABLE_SEPARATOR);
  if (separator < 0) throw new Error('not a stored term table: it has no line break');
  return { terms: text.slice(0, separator), postings: text.slice(separator + 1) };
}

/** Where `term`'s postings start in `table.postings`, or -1 when no document has the term. */
export function findPostings(table: TermTable, term: string): number {
  const { terms } = table;
  let low = 0; // always the start of a record
  let high = terms.length; // records starting before `high` are still candidates
  while (low < high) {
    const middle = (low + high) >>> 1;
    const start = terms.lastIndexOf(RECORD_END, middle - 1) + 1;
    const colon = terms.indexOf(OFFSET_START, start);
    const found = terms.indexOf(RECORD_END, colon);
    const end = found < 0 ? terms.length : found;
    const candidate = terms.slice(start, colon);
    if (candidate === term) return readVarint({ text: terms, pos: colon + 1 });
    if (candidate < term) low = end + 1;
    else high = start;
  }
  return -1;
}

/** The number of terms in the table. */
export function termCount(table: TermTable): number {
  return table.terms === '' ? 0 : table.terms.split(RECORD_END).length;
}

/** Document frequency stored at the head of postings starting at `start` (0 when start is -1). */
export function documentFrequencyAt(table: TermTable, start: number): number {
  return start < 0 ? 0 : readVarint({ text: table.postings, pos: start });
}
