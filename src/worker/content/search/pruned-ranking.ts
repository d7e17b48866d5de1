// The best k documents of a query without scoring every document that has one of its terms:
// block-max MaxScore, document at a time. The id range is cut into windows at every list's block
// ends, so within a window each list's contribution is bounded by one block's largest digit.
//
// 1. Every window's bound is summed from the skip data alone (nothing decoded). The documents of
//    the few windows with the highest bounds are scored first: the k-th score (the threshold) then
//    starts near its final value instead of rising slowly from the first ids.
// 2. The windows are then taken in id order. A window whose bound is below the threshold is
//    skipped undecoded. In the others, the lists whose bounds together stay below it are
//    "non-essential" — a document only they hold cannot enter — so candidates come from the other
//    lists, and a candidate is dropped as soon as what it has plus what the lists not yet read
//    could add falls below the threshold.
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

/** Windows scored first, best bound first: enough to fill the top k with strong documents. */
const SEED_WINDOWS = 8;

/**
 * The best `limit` documents (raw summed scores), best first; `lists` in the order scores sum them.
 * `seedWindows` is how many windows are scored first (tests also try none).
 */
export function rankPruned(
  lists: readonly ScoredList[],
  limit: number,
  visible: Uint8Array | null,
  seedWindows = SEED_WINDOWS,
): Array<{ id: number; score: number }> {
  const count = lists.length;
  const cursors = lists.map(
    (list) => new PostingCursor(list.postings, list.start, list.skip, visible),
  );
  const scales = lists.map((list) => list.scale);
  const hits = new BestHits(limit);
  const digits = new Uint8Array(count); // the candidate's digit in each list (0: absent)
  const windows = windowsOf(cursors, scales);
  const seeded = scoreBestWindows(windows, seedWindows, cursors, scales, digits, hits, limit);
  for (const cursor of cursors) cursor.rewind();

  const bound = new Float64Array(count); // each list's bound in the current window
  const below = new Float64Array(count); // bound of the window's lists sorted up to each one
  const active: number[] = [];
  let nextSeeded = 0;
  for (let w = 0; w < windows.size; w++) {
    if ((windows.bound[w] as number) < hits.threshold()) continue;
    const from = windows.from[w] as number;
    const to = windows.to[w] as number;
    active.length = 0;
    for (let t = 0; t < count; t++) {
      const cursor = cursors[t] as PostingCursor;
      if (cursor.blockEnd(from) === END) continue;
      // Sorted by bound as they are added (a query has few lists).
      const value = (scales[t] as number) * cursor.blockMaxDigit();
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
    const threshold = hits.threshold();
    let essential = 0;
    while (essential < active.length && (below[essential] as number) * SLACK < threshold)
      essential += 1;
    for (let j = essential; j < active.length; j++)
      (cursors[active[j] as number] as PostingCursor).advance(from);
    scoreWindow(to, essential);
  }
  return hits.best();

  /** Scores the candidates of the essential lists up to id `to` (the seeded ones are already in). */
  function scoreWindow(to: number, essential: number): void {
    for (;;) {
      let doc = END;
      for (let j = essential; j < active.length; j++) {
        const at = (cursors[active[j] as number] as PostingCursor).doc;
        if (at < doc) doc = at;
      }
      if (doc > to) return;
      while ((seeded[nextSeeded] ?? END) < doc) nextSeeded += 1;
      const done = seeded[nextSeeded] === doc;
      let partial = 0;
      for (let j = essential; j < active.length; j++) {
        const t = active[j] as number;
        const cursor = cursors[t] as PostingCursor;
        if (cursor.doc !== doc) continue;
        digits[t] = cursor.digit;
        partial += (scales[t] as number) * cursor.digit;
        cursor.next();
      }
      let dropped = done;
      for (let j = essential - 1; j >= 0 && !dropped; j--) {
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

/** Each window's id range and bound: the lists' block bounds summed in list order. */
interface Windows {
  size: number;
  from: Int32Array;
  to: Int32Array;
  bound: Float64Array;
}

/** The windows of `cursors`' blocks, read from their skip data (the cursors do not move). */
function windowsOf(cursors: readonly PostingCursor[], scales: readonly number[]): Windows {
  const count = cursors.length;
  const block = new Int32Array(count);
  let capacity = 64;
  let windows: Windows = {
    size: 0,
    from: new Int32Array(capacity),
    to: new Int32Array(capacity),
    bound: new Float64Array(capacity),
  };
  for (let from = 0; ;) {
    let to = END;
    let sum = 0;
    for (let t = 0; t < count; t++) {
      const cursor = cursors[t] as PostingCursor;
      let b = block[t] as number;
      while (b < cursor.blocks && (cursor.last[b] as number) < from) b += 1;
      block[t] = b;
      if (b === cursor.blocks) continue;
      sum = sum + (scales[t] as number) * (cursor.blockMax[b] as number);
      const end = cursor.last[b] as number;
      if (end < to) to = end;
    }
    if (to === END) return windows;
    if (windows.size === capacity) {
      capacity *= 2;
      const grown: Windows = {
        size: windows.size,
        from: new Int32Array(capacity),
        to: new Int32Array(capacity),
        bound: new Float64Array(capacity),
      };
      grown.from.set(windows.from);
      grown.to.set(windows.to);
      grown.bound.set(windows.bound);
      windows = grown;
    }
    windows.from[windows.size] = from;
    windows.to[windows.size] = to;
    windows.bound[windows.size] = sum;
    windows.size += 1;
    from = to + 1;
  }
}

/**
 * Scores every document of the `seedWindows` windows with the highest bounds into `hits` (moving
 * `cursors`: rewind them after); returns their ids, ascending, so the ranking in id order skips them.
 */
function scoreBestWindows(
  windows: Windows,
  seedWindows: number,
  cursors: readonly PostingCursor[],
  scales: readonly number[],
  digits: Uint8Array,
  hits: BestHits,
  limit: number,
): number[] {
  const seeded: number[] = [];
  if (limit === 0) return seeded;
  const chosen: number[] = [];
  const taken = new Uint8Array(windows.size);
  for (let pick = 0; pick < Math.min(seedWindows, windows.size); pick++) {
    let best = -1;
    for (let w = 0; w < windows.size; w++)
      if (
        taken[w] === 0 &&
        (best < 0 || (windows.bound[w] as number) > (windows.bound[best] as number))
      )
        best = w;
    taken[best] = 1;
    chosen.push(best);
  }
  chosen.sort((a, b) => a - b);
  for (const w of chosen) {
    const from = windows.from[w] as number;
    const to = windows.to[w] as number;
    for (const cursor of cursors) cursor.advance(from);
    for (;;) {
      let doc = END;
      for (const cursor of cursors) if (cursor.doc < doc) doc = cursor.doc;
      if (doc > to) break;
      for (let t = 0; t < cursors.length; t++) {
        const cursor = cursors[t] as PostingCursor;
        if (cursor.doc !== doc) continue;
        digits[t] = cursor.digit;
        cursor.next();
      }
      hits.offer(doc, sumInOrder(digits, scales));
      seeded.push(doc);
    }
  }
  return seeded;
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
