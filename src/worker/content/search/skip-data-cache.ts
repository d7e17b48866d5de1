// A list's skip data decoded once per isolate, not once per query: decoding it reads every block's
// entry, so it grows with the list (a common term at 100 000 documents has hundreds of blocks)
// while the ranking after it mostly does not. Entries live as long as the term table they were read
// from — a parsed index or shard, which the isolate already caches and bounds — and cost about a
// fortieth of the postings they describe (9 bytes per block of 64 postings).
import { readSkipData, type SkipData } from '../../../bundle/search/postings.ts';
import type { TermTable } from '../../../bundle/search/term-table.ts';

const decoded = new WeakMap<TermTable, Map<number, SkipData | null>>();

/** `readSkipData` of the list at `start` in `table`, decoded on first use. */
export function cachedSkipData(table: TermTable, start: number, counted: number): SkipData | null {
  let lists = decoded.get(table);
  if (lists === undefined) decoded.set(table, (lists = new Map()));
  // How many audiences a list counts is fixed by the index the table belongs to: one key per list.
  const key = start * 32 + counted;
  let skip = lists.get(key);
  if (skip === undefined) lists.set(key, (skip = readSkipData(table.postings, start, counted)));
  return skip;
}
