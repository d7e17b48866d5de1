// Term-hash shards: a kind's index stored as a small head plus many small term tables, so an
// isolate loads the head and only the shards holding the query's terms — at 100 000 documents a
// query reads a few dozen KiB instead of the whole index. Shard sizes are kept small (a few KiB)
// so that re-publishing after a one-document edit replaces only the shards that document's terms
// fall in, not the whole index.
import { decodeVarints } from './codec.ts';
import { encodeTermTable, termTableText, type TermTable } from './term-table.ts';
import type { AccessStatistics, SearchIndex } from './types.ts';

/**
 * The stored head of a sharded index: everything but the postings, and the shards' object hashes.
 * praxis-search/7: each shard stored as `termTableText` gives it; /6 (still read): as JSON.
 */
export interface ShardedIndex {
  format: 'praxis-search/7' | 'praxis-search/6';
  documents: number;
  /** As in SearchIndex: absent when internal ids are the entry positions. */
  order?: string;
  /** Object hash of each shard's term table; a term lives in shard `shardOf(term, shards.length)`. */
  shards: string[];
  /** As in SearchIndex: present when some documents are restricted. */
  access?: AccessStatistics;
  /** The index's other weighted term tables (SearchIndex.variants), each sharded the same way. */
  variants?: Array<{ averages: number[]; shards: string[] }>;
}

/** Bytes a shard aims at: small enough that an edit rewrites little, large enough to keep the head short. */
const TARGET_SHARD_CHARS = 4096;
/** A cap on the head's length (≈ 67 bytes per shard hash) for very large corpora. */
const MAX_SHARDS = 1024;

/** FNV-1a over UTF-16 code units, masked to a power-of-two shard count. Build and Worker must agree. */
export function shardOf(term: string, shardCount: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < term.length; i++) hash = Math.imul(hash ^ term.charCodeAt(i), 0x01000193);
  return (hash >>> 0) & (shardCount - 1);
}

/** A power of two: enough shards for the target size, at most MAX_SHARDS. */
export function shardCountFor(totalChars: number): number {
  let count = 1;
  while (count < MAX_SHARDS && count * TARGET_SHARD_CHARS < totalChars) count *= 2;
  return count;
}

/** Each term of a table with its encoded postings, in the table's (sorted) order. */
function entriesOf(table: TermTable): [string, string][] {
  if (table.terms === '') return [];
  const records = table.terms.split(';');
  const offsets = decodeVarints(
    records.map((record) => record.slice(record.lastIndexOf(':') + 1)).join(''),
  );
  return records.map((record, i) => [
    record.slice(0, record.lastIndexOf(':')),
    table.postings.slice(offsets[i] as number, offsets[i + 1] ?? table.postings.length),
  ]);
}

/** The index's terms split into `shardCount` term tables (each still sorted, so lookups binary-search). */
export function splitSearchIndex(
  index: TermTable,
  shardCount = shardCountFor(index.terms.length + index.postings.length),
): TermTable[] {
  const buckets: [string, string][][] = Array.from({ length: shardCount }, () => []);
  for (const entry of entriesOf(index)) buckets[shardOf(entry[0], shardCount)]!.push(entry);
  return buckets.map(encodeTermTable);
}

/**
 * Stores `index` sharded through `put` (text → object hash) and returns the head's hash: what a
 * manifest names as the kind's index.
 */
export function storeSearchIndex(index: SearchIndex, put: (text: string) => string): string {
  const shardsOf = (table: TermTable): string[] =>
    splitSearchIndex(table).map((shard) => put(termTableText(shard)));
  const head: ShardedIndex = {
    format: 'praxis-search/7',
    documents: index.documents,
    ...(index.order === undefined ? {} : { order: index.order }),
    shards: shardsOf(index),
  };
  if (index.access) head.access = index.access;
  if (index.variants)
    head.variants = index.variants.map(({ averages, terms, postings }) => ({
      averages,
      shards: shardsOf({ terms, postings }),
    }));
  return put(JSON.stringify(head));
}
