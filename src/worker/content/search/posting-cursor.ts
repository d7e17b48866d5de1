// A cursor over one term's postings that moves by block: it finds the block holding an id without
// decoding it (forwards, or from anywhere by bisection), gives the list's bound in each interval of
// ids, and decodes a block only when asked for the documents in it. Hidden documents (a restricted
// caller's) are dropped as a block is decoded.
import { readDigit, readVarint, type Reader } from '../../../bundle/search/codec.ts';
import { BLOCK, INTERVAL, type SkipData } from '../../../bundle/search/postings.ts';

/**
 * The id of no document: where an exhausted cursor stands. The largest integer V8 keeps unboxed
 * (2³⁰ − 1), far above any document id: were it 2³¹ − 1, a cursor's `doc` would be stored as a
 * double, and every read of it in a new isolate's interpreter would make a heap number.
 */
export const END = 2 ** 30 - 1;

export class PostingCursor {
  /** The current document (-1 before the first move, END when exhausted) and its weight digit. */
  doc = -1;
  digit = 0;
  private readonly reader: Reader;
  private readonly visible: Uint8Array | null;
  private readonly documents: number;
  /** The list's blocks: each one's last id and largest digit (a short list is one block). */
  readonly blocks: number;
  readonly last: Int32Array;
  readonly blockMax: Uint8Array;
  /** Per interval of INTERVAL ids: a digit no (visible) posting there exceeds, 0 where there is none. */
  readonly intervalMax: Uint8Array;
  private readonly starts: Int32Array;
  /** The block the cursor's bounds are read from. */
  private block = 0;
  /** The block whose visible postings `ids` and `digits` hold (-1: none). */
  private decoded = -1;
  private readonly ids = new Int32Array(BLOCK);
  private readonly digits = new Uint8Array(BLOCK);
  private count = 0;
  private next_ = 0;

  /** The list at `start` in `postings`; `skip` is its skip data (null for a short list). */
  constructor(postings: string, start: number, skip: SkipData | null, visible: Uint8Array | null) {
    this.reader = { text: postings, pos: start };
    this.visible = visible;
    if (skip !== null) {
      this.documents = skip.documents;
      this.blocks = skip.last.length;
      this.last = skip.last;
      this.blockMax = skip.blockMax;
      this.starts = skip.start;
      this.intervalMax = skip.intervalMax;
      return;
    }
    // A short list is one block, decoded now: its last visible id and largest digit are its bounds.
    this.documents = readVarint(this.reader);
    this.starts = Int32Array.of(this.reader.pos);
    this.last = new Int32Array(1);
    this.blockMax = new Uint8Array(1);
    this.decode(0, -1);
    this.blocks = this.count === 0 ? 0 : 1;
    this.last[0] = this.count === 0 ? -1 : (this.ids[this.count - 1] as number);
    let max = 0;
    for (let i = 0; i < this.count; i++) max = Math.max(max, this.digits[i] as number);
    this.blockMax[0] = max;
    this.intervalMax = new Uint8Array(Math.floor((this.last[0] as number) / INTERVAL) + 1);
    for (let i = 0; i < this.count; i++) {
      const interval = Math.floor((this.ids[i] as number) / INTERVAL);
      const digit = this.digits[i] as number;
      if ((this.intervalMax[interval] as number) < digit) this.intervalMax[interval] = digit;
    }
  }

  /**
   * Moves to the block holding `target` or the first one after it, without decoding it,
   * and returns that block's last id (END when no block is left). Never moves backwards.
   */
  private blockEnd(target: number): number {
    while (this.block < this.blocks && (this.last[this.block] as number) < target) this.block += 1;
    return this.block < this.blocks ? (this.last[this.block] as number) : END;
  }

  /** Moves to the first visible document at or after `target` (END when none is left). */
  advance(target: number): void {
    if (this.doc >= target) return;
    for (;;) {
      if (this.blockEnd(target) === END) {
        this.doc = END;
        return;
      }
      if (this.decoded !== this.block) {
        this.decode(this.block, this.block === 0 ? -1 : (this.last[this.block - 1] as number));
      }
      while (this.next_ < this.count && (this.ids[this.next_] as number) < target) this.next_ += 1;
      if (this.next_ < this.count) {
        this.doc = this.ids[this.next_] as number;
        this.digit = this.digits[this.next_] as number;
        return;
      }
      this.block += 1;
    }
  }

  /**
   * Back or forth to before `target` (the block holding it found by bisection), keeping what is
   * decoded: `advance(target)` then reads from there.
   */
  restartAt(target: number): void {
    let low = 0;
    let high = this.blocks;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.last[middle] as number) < target) low = middle + 1;
      else high = middle;
    }
    this.block = low;
    this.doc = -1;
    this.next_ = 0;
  }

  /** Back to before the first document, keeping what is decoded. */
  rewind(): void {
    this.block = 0;
    this.doc = -1;
    this.next_ = 0;
    if (this.decoded !== 0) this.decoded = -1;
  }

  /** Moves past the current document. */
  next(): void {
    // Within the decoded block (the usual case), the next posting is the next document.
    if (this.doc >= 0 && this.decoded === this.block && this.next_ + 1 < this.count) {
      this.next_ += 1;
      this.doc = this.ids[this.next_] as number;
      this.digit = this.digits[this.next_] as number;
      return;
    }
    this.advance(this.doc + 1);
  }

  /** Reads block `b`'s visible postings; ids are gaps from `previous`, the last id before it. */
  private decode(b: number, previous: number): void {
    const reader = this.reader;
    const visible = this.visible;
    reader.pos = this.starts[b] as number;
    const size = Math.min(BLOCK, this.documents - b * BLOCK);
    let id = previous;
    let count = 0;
    for (let j = 0; j < size; j++) {
      id += readVarint(reader) + 1;
      const digit = readDigit(reader);
      if (visible !== null && visible[id] === 0) continue;
      this.ids[count] = id;
      this.digits[count] = digit;
      count += 1;
    }
    this.count = count;
    this.next_ = 0;
    this.decoded = b;
  }
}
