// The best k documents of a query without scoring every document that has one of its terms:
// block-max MaxScore, document at a time, over fixed intervals of ids. Every list bounds each
// interval of INTERVAL ids by the largest digit it has there (postings.ts), so the intervals of all
// lists line up and a query's bound per interval is a sum, with no merging of the lists' blocks.
//
// 1. Every interval's bound is summed from those bounds alone (nothing decoded). The few intervals
//    with the highest bounds are ranked first (as the others are, below): the k-th score (the
//    threshold) then starts near its final value instead of rising slowly from the first ids.
// 2. The other intervals are then taken in id order. An interval whose bound is below the threshold
//    is skipped undecoded. In the others, the lists whose bounds together stay below it are
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
import { INTERVAL, type SkipData } from '../../../bundle/search/postings.ts';

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
 * Intervals ranked first, best bound first: enough that the k-th score starts near its final value.
 * They are ranked as the others are (MaxScore within the interval), so more of them cost little.
 */
const SEED_INTERVALS = 32;

/**
 * The best `limit` documents (raw summed scores), best first; `lists` in the order scores sum them.
 * `seedIntervals` is how many intervals are ranked first (tests also try none).
 */
export function rankPruned(
  lists: readonly ScoredList[],
  limit: number,
  visible: Uint8Array | null,
  seedIntervals = SEED_INTERVALS,
): Array<{ id: number; score: number }> {
  const count = lists.length;
  const cursors = lists.map(
    (list) => new PostingCursor(list.postings, list.start, list.skip, visible),
  );
  const scales = lists.map((list) => list.scale);
  const hits = new BestHits(limit);
  if (limit === 0) return hits.best();
  const digits = new Uint8Array(count); // the candidate's digit in each list (0: absent)
  const bounds = intervalBounds(cursors, scales);
  const bound = new Float64Array(count); // each list's bound in the current interval
  const below = new Float64Array(count); // bound of the interval's lists sorted up to each one
  const active: number[] = [];

  // The best intervals first, best bound first (cursors restarted at each), then the rest in id
  // order: every interval is ranked once.
  const seeded = bestIntervals(bounds, seedIntervals);
  for (const interval of seeded) rankInterval(interval, true);
  // A ranked interval's bound is set below any threshold (they are never negative): not again.
  for (const interval of seeded) bounds[interval] = -1;
  if (seeded.length > 0) for (const cursor of cursors) cursor.rewind();
  for (let interval = 0; interval < bounds.length; interval++)
    if ((bounds[interval] as number) >= hits.threshold()) rankInterval(interval, false);
  return hits.best();

  /**
   * Offers every document of `interval` that could enter the top k. Skipped whole when its bound
   * is below the k-th score (or equal to it, and every id in it above the worst kept's). Else the
   * lists whose bounds together stay below it are "non-essential" — a document only they hold
   * cannot enter — so candidates come from the other lists, and a candidate is dropped as soon as
   * what it has plus what the lists not yet read could add falls below the k-th score.
   * `restart`: the cursors may stand past the interval (the best ones are ranked out of order).
   */
  function rankInterval(interval: number, restart: boolean): void {
    const from = interval * INTERVAL;
    const most = bounds[interval] as number;
    // At the k-th score exactly, a document enters only with a lower id than the worst kept's.
    if (most < hits.threshold() || (most === hits.threshold() && from > hits.worstId())) return;
    const to = from + INTERVAL - 1;
    active.length = 0;
    for (let t = 0; t < count; t++) {
      const maxima = (cursors[t] as PostingCursor).intervalMax;
      // 0: the list has no posting in the interval (every posting's digit is at least 1).
      if (interval >= maxima.length || maxima[interval] === 0) continue;
      // Sorted by bound as they are added (a query has few lists).
      const value = (scales[t] as number) * (maxima[interval] as number);
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
    if (restart)
      for (let j = 0; j < active.length; j++)
        (cursors[active[j] as number] as PostingCursor).restartAt(from);
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
 * Each interval's bound: the lists' interval bounds summed in list order, as scores are summed, so
 * no document's score in the interval (the same double) exceeds it.
 */
function intervalBounds(
  cursors: readonly PostingCursor[],
  scales: readonly number[],
): Float64Array {
  let intervals = 0;
  for (const cursor of cursors) intervals = Math.max(intervals, cursor.intervalMax.length);
  const bounds = new Float64Array(intervals);
  for (let t = 0; t < cursors.length; t++) {
    const maxima = (cursors[t] as PostingCursor).intervalMax;
    const scale = scales[t] as number;
    for (let i = 0; i < maxima.length; i++) {
      // Adding 0 (no posting there) leaves a bound as it was, exactly.
      bounds[i] = (bounds[i] as number) + scale * (maxima[i] as number);
    }
  }
  return bounds;
}

/** The `wanted` intervals with the highest bounds, highest first (ties: the earlier first). */
function bestIntervals(bounds: Float64Array, wanted: number): number[] {
  if (wanted <= 0 || bounds.length === 0) return [];
  if (bounds.length <= wanted)
    return Array.from({ length: bounds.length }, (_, i) => i).sort(
      (a, b) => (bounds[b] as number) - (bounds[a] as number) || a - b,
    );
  // The `wanted` highest bounds, ascending: most intervals fall below the lowest and cost one test.
  const top = new Float64Array(wanted).fill(-1);
  for (let i = 0; i < bounds.length; i++) {
    const value = bounds[i] as number;
    if (value <= (top[0] as number)) continue;
    let j = 0;
    while (j + 1 < wanted && (top[j + 1] as number) < value) {
      top[j] = top[j + 1] as number;
      j += 1;
    }
    top[j] = value;
  }
  const cut = top[0] as number;
  // How many of the wanted are at the cut, then the intervals above it and that many at it.
  let atCut = 0;
  for (let j = 0; j < wanted && top[j] === cut; j++) atCut += 1;
  const chosen: number[] = [];
  for (let i = 0; i < bounds.length; i++) {
    const value = bounds[i] as number;
    if (value > cut) chosen.push(i);
    else if (value === cut && atCut > 0) {
      chosen.push(i);
      atCut -= 1;
    }
  }
  return chosen.sort((a, b) => (bounds[b] as number) - (bounds[a] as number) || a - b);
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
