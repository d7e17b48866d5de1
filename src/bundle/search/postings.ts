// One term's postings as stored: what lets a query skip most of a long list and still rank exactly.
//
// A list of at most BLOCK postings is its document frequency, then (id gap, weight digit) pairs.
// A longer one puts skip data between the two: the list's largest weight digit, how many of its
// documents each audience holds (indexes with restricted documents), and per block of BLOCK
// postings the block's last id, its largest digit and its length in characters. A query then
// bounds what a term can add to any document (idf × digit / 63, per term and per block), skips the
// blocks that cannot lift a document into the top k, and counts a restricted caller's document
// frequency from the audience counts instead of reading the whole list.
import { readDigit, readVarint, writeDigit, writeVarint, type Reader } from './codec.ts';
import type { AccessStatistics } from './types.ts';

/** Postings per block. 64 keeps the skip data near 3 % of a long list and the bounds tight. */
export const BLOCK = 64;

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
}

/** The skip data of the list at `start`, or null when the list is short (at most BLOCK postings). */
export function readSkipData(postings: string, start: number, counted: number): SkipData | null {
  const reader: Reader = { text: postings, pos: start };
  const documents = readVarint(reader);
  if (documents <= BLOCK) return null;
  const max = readDigit(reader);
  const audienceCounts: number[] = [];
  for (let a = 0; a < counted; a++) audienceCounts.push(readVarint(reader));
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
  return { documents, max, audienceCounts, last, blockMax, start: blockStart };
}

/** Where the (gap, digit) pairs of the list at `start` begin, past its frequency and any skip data. */
export function firstPairAt(postings: string, start: number, counted: number): number {
  const skip = readSkipData(postings, start, counted);
  if (skip !== null) return skip.start[0] as number;
  const reader: Reader = { text: postings, pos: start };
  readVarint(reader);
  return reader.pos;
}
