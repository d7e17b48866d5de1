// The best k documents of a query without scoring every document that has one of its terms:
// block-max MaxScore, document at a time. The id range is cut into windows at every list's block
// ends, so within a window each list's contribution is bounded by one block's largest digit.
//
// 1. Every window's bound is summed from the skip data alone (nothing decoded).
// 2. The windows are ranked best bound first (nearly: sorted into bands of bound), so the k-th
//    score (the threshold) reaches its final value after few windows, and every window after is
//    held to it. A window whose bound is below the threshold is skipped undecoded. In the others,
//    the lists whose bounds together stay below it are "non-essential" — a document only they hold
//    cannot enter — so candidates come from the other lists, and a candidate is dropped as soon as
//    what it has plus what the lists not yet read could add falls below the threshold. A block is
//    decoded at most once per query, however many windows it spans.
//
// The result equals the exhaustive ranking's exactly: a scored document's score is summed in the
// same order, from the same products, as summing list after list gives (the same double), and a
// document is left out only when a bound on its score is strictly below the k-th score at that
// moment — which only rises — so it could not be among the final k, whatever ties there are.
import { END, PostingCursor } from './posting-cursor.ts';
import { BestHits } from './top-hits.ts';
import type { SkipData } from '../../../bundle/search/postings.ts';

/** A list the ranking sums: each posting adds `scale × digit` to its document's score. */
export interface ScoredList {
  postings: string;
  start: number;
  skip: SkipData | null;
  scale: number;
}

/**
 * Bounds summed in another order than a score's may round a few units in the last place the
 * other way: such bounds are widened by far more than that before being compared. (Bounds summed
 * in the lists' order need no slack: each step of a float sum is monotonic.)
 */
const SLACK = 1 + 1e-9;

/**
 * The best `limit` documents (raw summed scores), best first; `lists` in the order scores sum them.
 * `bestFirst` false takes the windows in id order instead (tests check both give the same).
 */
export function rankPruned(
  lists: readonly ScoredList[],
  limit: number,
  visible: Uint8Array | null,
  bestFirst = true,
): Array<{ id: number; score: number }> {
  const count = lists.length;
  const cursors = lists.map(
    (list) => new PostingCursor(list.postings, list.start, list.skip, visible),
  );
  const scales = lists.map((list) => list.scale);
  const hits = new BestHits(limit);
  if (limit === 0) return hits.best();
  const digits = new Uint8Array(count); // the candidate's digit in each list (0: absent)
  const windows = windowsOf(cursors, scales);
  const bound = new Float64Array(count); // each list's bound in the current window
  const below = new Float64Array(count); // bound of the window's lists sorted up to each one
  const active: number[] = [];
  if (bestFirst) {
    const order = byBoundDescending(windows);
    for (let i = 0; i < order.length; i++) rankWindow(order[i] as number);
  } else for (let w = 0; w < windows.size; w++) rankWindow(w);
  return hits.best();

  /**
   * Offers every document of window `w` that could enter the top k. Skipped whole when its bound
   * is below the k-th score. Else the lists whose bounds together stay below it are
   * "non-essential" — a document only they hold cannot enter — so candidates come from the other
   * lists, and a candidate is dropped as soon as what it has plus what the lists not yet read
   * could add falls below the k-th score.
   */
  function rankWindow(w: number): void {
    if ((windows.bound[w] as number) < hits.threshold()) return;
    const from = windows.from[w] as number;
    const to = windows.to[w] as number;
    active.length = 0;
    for (let t = 0; t < count; t++) {
      const b = windows.block[w * count + t] as number;
      if (b < 0) continue;
      const cursor = cursors[t] as PostingCursor;
      cursor.seek(b);
      // Sorted by bound as they are added (a query has few lists).
      const value = (scales[t] as number) * (cursor.blockMax[b] as number);
      bound[t] = value;
      let j = active.length;
      active.push(t);
      while (j > 0 && (bound[active[j - 1] as number] as number) > value) {
        active[j] = active[j - 1] as number;
        j -= 1;
      }
      active[j] = t;
    }
    let sum = 0;
    for (let j = 0; j < active.length; j++) below[j] = sum += bound[active[j] as number] as number;
    // Lists [0, essential) are non-essential: together they cannot lift a document into the top k.
    let essential = 0;
    while (essential < active.length && (below[essential] as number) * SLACK < hits.threshold())
      essential += 1;
    for (let j = essential; j < active.length; j++)
      (cursors[active[j] as number] as PostingCursor).advance(from);
    for (;;) {
      let doc = END;
      for (let j = essential; j < active.length; j++) {
        const at = (cursors[active[j] as number] as PostingCursor).doc;
        if (at < doc) doc = at;
      }
      if (doc > to) return;
      let partial = 0;
      for (let j = essential; j < active.length; j++) {
        const t = active[j] as number;
        const cursor = cursors[t] as PostingCursor;
        if (cursor.doc !== doc) continue;
        digits[t] = cursor.digit;
        partial += (scales[t] as number) * cursor.digit;
        cursor.next();
      }
      let dropped = false;
      for (let j = essential - 1; j >= 0; j--) {
        if ((partial + (below[j] as number)) * SLACK < hits.threshold()) {
          dropped = true;
          break;
        }
        const t = active[j] as number;
        const cursor = cursors[t] as PostingCursor;
        cursor.advance(doc);
        if (cursor.doc !== doc) continue;
        digits[t] = cursor.digit;
        partial += (scales[t] as number) * cursor.digit;
      }
      const score = sumInOrder(digits, scales);
      if (!dropped) hits.offer(doc, score);
    }
  }
}

/**
 * Each window's id range and bound (the lists' block bounds summed in list order), and the block
 * of each list it lies in (`block[w × lists + t]`; -1 when list t has no block left).
 */
interface Windows {
  size: number;
  from: Int32Array;
  to: Int32Array;
  bound: Float64Array;
  block: Int32Array;
}

/** The windows of `cursors`' blocks, read from their skip data (the cursors do not move). */
function windowsOf(cursors: readonly PostingCursor[], scales: readonly number[]): Windows {
  const count = cursors.length;
  const lasts = cursors.map((cursor) => cursor.last);
  const maxima = cursors.map((cursor) => cursor.blockMax);
  const blocks = Int32Array.from(cursors, (cursor) => cursor.blocks);
  const scale = Float64Array.from(scales);
  // A window ends where some block ends: there are at most as many windows as blocks.
  let capacity = 0;
  for (let t = 0; t < count; t++) capacity += blocks[t] as number;
  const from = new Int32Array(capacity);
  const to = new Int32Array(capacity);
  const bound = new Float64Array(capacity);
  const block = new Int32Array(capacity * count);
  const at = new Int32Array(count); // each list's block at the current window
  let size = 0;
  for (let start = 0; ; size++) {
    let end = END;
    let sum = 0;
    const row = size * count;
    for (let t = 0; t < count; t++) {
      const last = lasts[t] as Int32Array;
      // Windows end at every block end: a list moves at most one block per window.
      let b = at[t] as number;
      if (b < (blocks[t] as number) && (last[b] as number) < start) at[t] = b += 1;
      if (b === blocks[t]) {
        block[row + t] = -1;
        continue;
      }
      block[row + t] = b;
      sum = sum + (scale[t] as number) * ((maxima[t] as Uint8Array)[b] as number);
      if ((last[b] as number) < end) end = last[b] as number;
    }
    if (end === END) return { size, from, to, bound, block };
    from[size] = start;
    to[size] = end;
    bound[size] = sum;
    start = end + 1;
  }
}

/** Bound ranges the windows are sorted into: enough that the first ones hold few windows. */
const BANDS = 64;

/**
 * The windows' indexes, highest bound first — nearly: a counting sort into BANDS equal ranges of
 * bound below the highest, id order within a range (a comparison sort cost more than it saved).
 * The order only decides how soon the k-th score rises: every window is still compared with it.
 */
function byBoundDescending(windows: Windows): Int32Array {
  let highest = 0;
  for (let w = 0; w < windows.size; w++) highest = Math.max(highest, windows.bound[w] as number);
  const step = highest / BANDS;
  const bandOf = (w: number): number =>
    Math.min(BANDS - 1, Math.floor((windows.bound[w] as number) / step));
  const bandStart = new Int32Array(BANDS + 1);
  for (let w = 0; w < windows.size; w++) bandStart[BANDS - 1 - bandOf(w) + 1] += 1;
  for (let b = 0; b < BANDS; b++) bandStart[b + 1] += bandStart[b] as number;
  const fill = bandStart.slice(0, BANDS);
  const order = new Int32Array(windows.size);
  for (let w = 0; w < windows.size; w++) order[fill[BANDS - 1 - bandOf(w)]++] = w;
  return order;
}

/** The score of a document with these digits, summed list by list as the exhaustive ranking does (the same double); clears `digits`. */
function sumInOrder(digits: Uint8Array, scales: readonly number[]): number {
  let score = 0;
  for (let t = 0; t < digits.length; t++) {
    const digit = digits[t] as number;
    if (digit === 0) continue;
    score = score + (scales[t] as number) * digit;
    digits[t] = 0;
  }
  return score;
}
