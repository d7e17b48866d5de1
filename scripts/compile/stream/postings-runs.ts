// The postings of an index built one document at a time: each document's per-field term counts are
// gathered in memory until `spillRecords` of them are held, then written to disk as one run sorted
// by term (a document's records in arrival order within a term). Runs are merged by merge-runs.ts.
// What is spilled is what weighting needs — each field's count of the term — not a weight: the
// field-length averages that weights depend on are known only once every document has been read.
import { join } from 'node:path';
import { ByteBuilder, ByteWriter } from './byte-file.ts';
import { IntList } from './int-list.ts';

/** Records (one term in one field of one document) held before a run is written. */
export const DEFAULT_SPILL_RECORDS = 4_000_000;

/** Bits of a record's packed value that hold the field; the rest is the count. */
const FIELD_BITS = 3;

export class PostingsRuns {
  private termIds = new Map<string, number>();
  private terms: string[] = [];
  private recordTerm = new IntList();
  private recordPosition = new IntList();
  /** count << FIELD_BITS | field */
  private recordCount = new IntList();
  /** Paths of the runs written so far, in position order. */
  readonly runs: string[] = [];
  private readonly dir: string;
  private readonly spillRecords: number;

  constructor(dir: string, spillRecords = DEFAULT_SPILL_RECORDS) {
    this.dir = dir;
    this.spillRecords = spillRecords;
  }

  /** Records that `term` occurs `count` times in field `field` of the document at `position`. */
  add(term: string, position: number, field: number, count: number): void {
    let id = this.termIds.get(term);
    if (id === undefined) {
      id = this.terms.length;
      // A copy: a term sliced from a document's text would keep the whole text until the run is written.
      const own = copyOf(term);
      this.termIds.set(own, id);
      this.terms.push(own);
    }
    this.recordTerm.push(id);
    this.recordPosition.push(position);
    this.recordCount.push((count << FIELD_BITS) | field);
  }

  /** Called after each document: writes a run once enough records are held. */
  documentDone(): void {
    if (this.recordTerm.length >= this.spillRecords) this.spill();
  }

  /** Writes what is held as a run (nothing when nothing is held); call once more before merging. */
  spill(): void {
    if (this.recordTerm.length === 0) return;
    const path = join(this.dir, `run-${this.runs.length}`);
    const order = this.recordsByTerm();
    const writer = new ByteWriter(path);
    const block = new ByteBuilder();
    const sortedTerms = this.terms
      .map((_, id) => id)
      .sort((a, b) => {
        const x = this.terms[a]!;
        const y = this.terms[b]!;
        return x < y ? -1 : x > y ? 1 : 0;
      });
    for (const id of sortedTerms) {
      block.reset();
      writeTermRecords(block, order.records, order.starts[id]!, order.starts[id + 1]!, this);
      writer.text(this.terms[id]!);
      writer.block(block);
    }
    writer.close();
    this.runs.push(path);
    this.termIds = new Map();
    this.terms = [];
    this.recordTerm.shrink();
    this.recordPosition.shrink();
    this.recordCount.shrink();
  }

  /** Record indexes grouped by term id (a stable counting sort: arrival order within a term). */
  private recordsByTerm(): { records: Int32Array; starts: Int32Array } {
    const termCount = this.terms.length;
    const starts = new Int32Array(termCount + 1);
    const records = this.recordTerm.length;
    for (let i = 0; i < records; i++) starts[this.recordTerm.at(i) + 1]! += 1;
    for (let id = 0; id < termCount; id++) starts[id + 1]! += starts[id]!;
    const next = starts.slice(0, termCount);
    const sorted = new Int32Array(records);
    for (let i = 0; i < records; i++) sorted[next[this.recordTerm.at(i)]!++] = i;
    return { records: sorted, starts };
  }

  /** Position and packed count of record `i`. */
  positionOf(i: number): number {
    return this.recordPosition.at(i);
  }
  packedCountOf(i: number): number {
    return this.recordCount.at(i);
  }
}

const copyOf = (text: string): string => Buffer.from(text, 'utf8').toString('utf8');

/**
 * One term's records in a run: per document, the position's gap from the previous one (the first
 * absolute), a bit mask of the fields holding the term, then each of those fields' count in field
 * order.
 */
function writeTermRecords(
  block: ByteBuilder,
  records: Int32Array,
  from: number,
  to: number,
  runs: PostingsRuns,
): void {
  let previous = 0;
  let i = from;
  const counts: number[] = [];
  while (i < to) {
    const position = runs.positionOf(records[i]!);
    let mask = 0;
    counts.length = 0;
    while (i < to && runs.positionOf(records[i]!) === position) {
      const packed = runs.packedCountOf(records[i]!);
      mask |= 1 << (packed & ((1 << FIELD_BITS) - 1));
      counts.push(packed >>> FIELD_BITS);
      i += 1;
    }
    block.uint(position - previous);
    block.uint(mask);
    for (const count of counts) block.uint(count);
    previous = position;
  }
}
