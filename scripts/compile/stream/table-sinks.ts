// Where a streamed index's term table goes as the merge produces it, term by term in sorted order:
// into term-hash shards (a kind's index, shards.ts) or into one long table (the graph's search
// index, stored whole). Both give, byte for byte, what encodeTermTable and splitSearchIndex give
// for the same entries held in memory.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeVarints } from '../../../src/bundle/search/codec.ts';
import { shardCountFor, shardOf } from '../../../src/bundle/search/shards.ts';
import { encodeTermTable, type TermTable } from '../../../src/bundle/search/term-table.ts';
import { TextFileWriter } from './text-file.ts';

export interface TableSink {
  add(term: string, postings: string): void;
}

/** The most shards a table has: entries are bucketed by this many, and a smaller count is a mask of it. */
const FINE_BUCKETS = shardCountFor(Number.MAX_SAFE_INTEGER);
/** Characters of entries held in memory before the buckets are appended to their files. */
export const DEFAULT_BUCKET_CHARS = 48 * 1024 * 1024;

/** Counts what the whole table's two strings would hold, as splitSearchIndex sizes shards by it. */
class TableSize {
  count = 0;
  termsChars = 0;
  postingsChars = 0;

  add(term: string, postings: string): void {
    this.termsChars +=
      (this.count ? 1 : 0) + term.length + 1 + encodeVarints([this.postingsChars]).length;
    this.postingsChars += postings.length;
    this.count += 1;
  }
}

/**
 * Entries bucketed by shardOf(term, FINE_BUCKETS); since a shard count is a power of two, the shard
 * of a smaller count is the fine bucket masked, so shards are unions of fine buckets.
 */
export class ShardedTableSink implements TableSink {
  private readonly size = new TableSize();
  private terms: string[][] = Array.from({ length: FINE_BUCKETS }, () => []);
  private postings: string[][] = Array.from({ length: FINE_BUCKETS }, () => []);
  private held = 0;
  private readonly spilled = new Set<number>();
  private taken = false;
  private readonly dir: string;
  private readonly bucketChars: number;

  constructor(dir: string, bucketChars = DEFAULT_BUCKET_CHARS) {
    this.dir = dir;
    this.bucketChars = bucketChars;
  }

  add(term: string, postings: string): void {
    this.size.add(term, postings);
    const bucket = shardOf(term, FINE_BUCKETS);
    this.terms[bucket]!.push(term);
    this.postings[bucket]!.push(postings);
    this.held += term.length + postings.length;
    if (this.held > this.bucketChars) this.spill();
  }

  private fileOf(bucket: number): string {
    return join(this.dir, `bucket-${bucket}`);
  }

  private spill(): void {
    for (let bucket = 0; bucket < FINE_BUCKETS; bucket++) {
      const terms = this.terms[bucket]!;
      if (!terms.length) continue;
      const postings = this.postings[bucket]!;
      appendFileSync(
        this.fileOf(bucket),
        terms.map((term, i) => `${JSON.stringify([term, postings[i]])}\n`).join(''),
      );
      this.spilled.add(bucket);
      this.terms[bucket] = [];
      this.postings[bucket] = [];
    }
    this.held = 0;
  }

  /** A bucket's entries, spilled ones first; the bucket's held entries are let go. */
  private takeEntries(bucket: number): [string, string][] {
    const entries: [string, string][] = [];
    if (this.spilled.has(bucket) && existsSync(this.fileOf(bucket))) {
      for (const line of readFileSync(this.fileOf(bucket), 'utf8').split('\n'))
        if (line) entries.push(JSON.parse(line) as [string, string]);
    }
    const postings = this.postings[bucket]!;
    this.terms[bucket]!.forEach((term, i) => entries.push([term, postings[i]!]));
    this.terms[bucket] = [];
    this.postings[bucket] = [];
    return entries;
  }

  /**
   * Each shard's term table in shard order, made one at a time; the sink is emptied as they are
   * made (read it once), so what it held is freed shard by shard.
   */
  *shards(): Generator<TermTable> {
    if (this.taken) throw new Error('a sharded table sink gives its shards once');
    this.taken = true;
    const count = shardCountFor(this.size.termsChars + this.size.postingsChars);
    for (let shard = 0; shard < count; shard++) {
      const entries: [string, string][] = [];
      for (let bucket = shard; bucket < FINE_BUCKETS; bucket += count)
        for (const entry of this.takeEntries(bucket)) entries.push(entry);
      if (count < FINE_BUCKETS) entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      yield encodeTermTable(entries);
    }
  }
}

/** The whole table's two strings written to files as JSON string contents (escaped, unquoted). */
export class WholeTableSink implements TableSink {
  readonly terms: TextFileWriter;
  readonly postings: TextFileWriter;
  private offset = 0;
  private count = 0;

  constructor(dir: string, name: string) {
    this.terms = new TextFileWriter(join(dir, `${name}-terms`));
    this.postings = new TextFileWriter(join(dir, `${name}-postings`));
  }

  add(term: string, postings: string): void {
    const record = `${this.count ? ';' : ''}${term}:${encodeVarints([this.offset])}`;
    // Escaped record by record: JSON escapes each character on its own, and a record never splits a surrogate pair.
    this.terms.write(JSON.stringify(record).slice(1, -1));
    this.postings.write(JSON.stringify(postings).slice(1, -1));
    this.offset += postings.length;
    this.count += 1;
  }

  close(): void {
    this.terms.close();
    this.postings.close();
  }
}
