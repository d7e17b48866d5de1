// One term's postings as stored: what lets a query skip most of a long list and still rank exactly.
//
// A list of at most BLOCK postings is its document frequency, then (id gap, weight digit) pairs.
// A longer one puts skip data between the two: the list's largest weight digit, how many of its
// documents each audience holds (indexes with restricted documents), and per block of BLOCK
// postings the block's last id, its largest digit and its length in characters. A dense list also
// stores the largest digit in each fixed interval of INTERVAL ids up to its last id (a count, then
// one digit per interval; a count of 0 where it does not). A query then bounds what a term can add
// to any document (idf × digit / 63, per term and per interval), skips the intervals that cannot
// lift a document into the top k, and counts a restricted caller's document frequency from the
// audience counts instead of reading the whole list.
import { readDigit, readVarint, writeDigit, writeVarint, type Reader } from './codec.ts';
import type { AccessStatistics } from './types.ts';

/** Postings per block. 64 keeps the skip data near 3 % of a long list and the bounds tight. */
export const BLOCK = 64;

/**
 * Ids per interval: the id range is cut into fixed intervals of this many ids, and every long list
 * gives each interval a bound (its largest digit there), so a query sums its lists' bounds interval
 * by interval without merging their blocks — whatever their lengths, the intervals line up.
 */
export const INTERVAL = 128;

/**
 * A long list stores its intervals' largest digits only when it holds at least this many postings
 * per interval it spans (then they cost at most half a character per posting, next to the ~2 of
 * the posting itself); a sparser list's interval bounds are derived from its blocks' instead.
 */
const POSTINGS_PER_STORED_INTERVAL = 2;

/**
 * Audience counts are stored in long lists only when an index has at most this many audiences
 * (distinct access lists): each costs a number per long list. Beyond it a restricted caller's
 * document frequency is counted by reading the list, as before.
 */
export const MAX_COUNTED_AUDIENCES = 16;

/** How many audience counts a long list of an index with these statistics holds (build and query agree). */
export function countedAudiences(access: AccessStatistics | undefined): number {
  const audiences = access?.audiences.length ?? 0;
  return audiences <= MAX_COUNTED_AUDIENCES ? audiences : 0;
}

export interface Posting {
  id: number;
  weight: number;
}

/** `list` (ascending ids) encoded; `audienceOf` gives each id's audience when `counted` > 0. */
export function encodePostings(
  list: readonly Posting[],
  counted: number,
  audienceOf: ArrayLike<number> | null,
): string {
  const ids = new Int32Array(list.length);
  const weights = new Uint8Array(list.length);
  list.forEach(({ id, weight }, i) => {
    ids[i] = id;
    weights[i] = weight;
  });
  return encodePostingArrays(ids, weights, counted, audienceOf);
}

/**
 * The same encoding from parallel arrays (ids ascending, weight digits): what encodePostings
 * writes, without an object per posting (the streaming build encodes lists of every length this way).
 */
export function encodePostingArrays(
  ids: ArrayLike<number>,
  weights: ArrayLike<number>,
  counted: number,
  audienceOf: ArrayLike<number> | null,
): string {
  const out: string[] = [];
  const length = ids.length;
  writeVarint(out, length);
  if (length > BLOCK) writeSkipData(out, ids, weights, counted, audienceOf);
  let previous = -1;
  for (let i = 0; i < length; i++) {
    const id = ids[i]!;
    writeVarint(out, id - previous - 1);
    writeDigit(out, weights[i]!);
    previous = id;
  }
  return out.join('');
}

function writeSkipData(
  out: string[],
  ids: ArrayLike<number>,
  weights: ArrayLike<number>,
  counted: number,
  audienceOf: ArrayLike<number> | null,
): void {
  const length = ids.length;
  let max = 0;
  for (let i = 0; i < length; i++) max = Math.max(max, weights[i]!);
  writeDigit(out, max);
  if (counted > 0) {
    const counts = new Array<number>(counted).fill(0);
    for (let i = 0; i < length; i++) counts[audienceOf![ids[i]!] as number]! += 1;
    for (const count of counts) writeVarint(out, count);
  }
  const intervals = Math.floor(ids[length - 1]! / INTERVAL) + 1;
  if (intervals * POSTINGS_PER_STORED_INTERVAL <= length) {
    const maxima = new Uint8Array(intervals);
    for (let i = 0; i < length; i++) {
      const interval = Math.floor(ids[i]! / INTERVAL);
      maxima[interval] = Math.max(maxima[interval]!, weights[i]!);
    }
    writeVarint(out, intervals);
    for (const max of maxima) writeDigit(out, max);
  } else writeVarint(out, 0);
  let previousLast = -1;
  let previousId = -1;
  for (let from = 0; from < length; from += BLOCK) {
    const to = Math.min(from + BLOCK, length);
    const last = ids[to - 1]!;
    let blockMax = 0;
    let chars = 0;
    for (let i = from; i < to; i++) {
      const id = ids[i]!;
      blockMax = Math.max(blockMax, weights[i]!);
      chars += varintLength(id - previousId - 1) + 1;
      previousId = id;
    }
    writeVarint(out, last - previousLast - 1);
    writeDigit(out, blockMax);
    writeVarint(out, chars);
    previousLast = last;
  }
}

/** Characters `writeVarint` spends on `value`. */
function varintLength(value: number): number {
  let length = 1;
  for (let rest = value; rest >= 32; rest = Math.floor(rest / 32)) length += 1;
  return length;
}

/** A long list's skip data, decoded; `first` is where its (gap, digit) pairs start. */
export interface SkipData {
  documents: number;
  max: number;
  /** Documents of each audience (empty when the index stores none). */
  audienceCounts: number[];
  /** Per block: last id, largest digit, offset of its first pair in the postings string. */
  last: Int32Array;
  blockMax: Uint8Array;
  start: Int32Array;
  /**
   * Per interval of INTERVAL ids up to the list's last: a digit no posting there exceeds (0: none
   * there) — the stored largest digit, or for a list that stores none, its blocks' (`blockBounds`).
   */
  intervalMax: Uint8Array;
}

/** The skip data of the list at `start`, or null when the list is short (at most BLOCK postings). */
export function readSkipData(postings: string, start: number, counted: number): SkipData | null {
  const reader: Reader = { text: postings, pos: start };
  const documents = readVarint(reader);
  if (documents <= BLOCK) return null;
  const max = readDigit(reader);
  const audienceCounts: number[] = [];
  for (let a = 0; a < counted; a++) audienceCounts.push(readVarint(reader));
  const intervals = readVarint(reader);
  const stored = new Uint8Array(intervals);
  for (let i = 0; i < intervals; i++) stored[i] = readDigit(reader);
  const blocks = Math.ceil(documents / BLOCK);
  const last = new Int32Array(blocks);
  const blockMax = new Uint8Array(blocks);
  const lengths = new Int32Array(blocks);
  let previousLast = -1;
  for (let b = 0; b < blocks; b++) {
    previousLast += readVarint(reader) + 1;
    last[b] = previousLast;
    blockMax[b] = readDigit(reader);
    lengths[b] = readVarint(reader);
  }
  const blockStart = new Int32Array(blocks);
  let offset = reader.pos;
  for (let b = 0; b < blocks; b++) {
    blockStart[b] = offset;
    offset += lengths[b] as number;
  }
  const intervalMax = intervals > 0 ? stored : intervalBoundsOfBlocks(last, blockMax);
  return { documents, max, audienceCounts, last, blockMax, start: blockStart, intervalMax };
}

/**
 * Interval bounds from blocks alone: every interval a block's id range touches gets at least the
 * block's largest digit (a block covers the ids after the previous block's last, up to its own).
 */
export function intervalBoundsOfBlocks(last: Int32Array, blockMax: Uint8Array): Uint8Array {
  const blocks = last.length;
  const bounds = new Uint8Array(Math.floor((last[blocks - 1] as number) / INTERVAL) + 1);
  let from = 0;
  for (let b = 0; b < blocks; b++) {
    const to = Math.floor((last[b] as number) / INTERVAL);
    const max = blockMax[b] as number;
    for (let i = Math.floor(from / INTERVAL); i <= to; i++)
      if ((bounds[i] as number) < max) bounds[i] = max;
    from = (last[b] as number) + 1;
  }
  return bounds;
}

/** Where the (gap, digit) pairs of the list at `start` begin, past its frequency and any skip data. */
export function firstPairAt(postings: string, start: number, counted: number): number {
  const skip = readSkipData(postings, start, counted);
  if (skip !== null) return skip.start[0] as number;
  const reader: Reader = { text: postings, pos: start };
  readVarint(reader);
  return reader.pos;
}
