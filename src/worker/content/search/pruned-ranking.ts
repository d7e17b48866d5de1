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
import { EVIDENCE_SCALE } from '../../../bundle/search/scoring.ts';

/** A list the ranking sums: each posting adds `scale × digit` to its document's score. */
export interface ScoredList {
  postings: string;
  start: number;
  skip: SkipData | null;
  scale: number;
}

/**
 * Bounds are sums in whole units of a query's own size (`unitsOf`): a list adds its scale in units,
 * rounded up, times a digit. A new isolate runs this ranking in V8's interpreter at first, where
 * every double an expression makes is a new heap object — the bounds of a query over long lists,
 * summed and compared as doubles, made most of a cold search's garbage; whole numbers this small
 * are not objects. A query's largest possible score is about UNITS_PER_QUERY units, so a sum of
 * them stays a small integer, and a bound is at most a few units looser than the exact one.
 */
const UNITS_PER_QUERY = 2 ** 26;

/**
 * The k-th score in units, rounded down after narrowing it by far more than a double's rounding: a
 * bound below it (a whole number) is then strictly below the k-th score itself.
 */
const NARROWING = 1 - 1e-9;

/** Each list's scale in units, rounded up (so `units × digit` bounds what the list adds), and the unit. */
function unitsOf(scales: readonly number[]): { units: Int32Array; unit: number } {
  let most = 0;
  for (const scale of scales) most += scale * EVIDENCE_SCALE; // a digit is at most EVIDENCE_SCALE
  const unit = most > 0 ? most / UNITS_PER_QUERY : 1;
  // floor + 1, not ceil: a quotient that rounded down onto a whole number still ends above.
  return { units: Int32Array.from(scales, (scale) => Math.floor(scale / unit) + 1), unit };
}

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
  const { units, unit } = unitsOf(scales);
  const digits = new Uint8Array(count); // the candidate's digit in each list (0: absent)
  const bounds = intervalBounds(cursors, units);
  const bound = new Int32Array(count); // each list's bound in the current interval
  const below = new Int32Array(count); // bound of the interval's lists sorted up to each one
  const active: number[] = [];
  // The k-th score, and in units (narrowed, rounded down), as they change: only when a document is kept.
  let kth = 0;
  let threshold = 0;
  const offer = (doc: number, score: number): void => {
    hits.offer(doc, score);
    kth = hits.threshold();
    threshold = Math.floor((kth * NARROWING) / unit);
  };
  // How far above the threshold a bound in units can be when the exact bound is not above the k-th
  // score: each list's rounding up times a digit, the threshold's rounding down, and a unit spare.
  const looseness = EVIDENCE_SCALE * count + 2;

  // The best intervals first, best bound first (cursors restarted at each), then the rest in id
  // order: every interval is ranked once.
  const seeded = bestIntervals(bounds, seedIntervals);
  for (const interval of seeded) rankInterval(interval, true);
  // A ranked interval's bound is set below any threshold (they are never negative): not again.
  for (const interval of seeded) bounds[interval] = -1;
  if (seeded.length > 0) for (const cursor of cursors) cursor.rewind();
  for (let interval = 0; interval < bounds.length; interval++)
    if ((bounds[interval] as number) >= threshold) rankInterval(interval, false);
  return hits.best();

  /**
   * Offers every document of `interval` that could enter the top k. Skipped whole when its bound
   * is below the k-th score (or equal to it, and every id in it above the worst kept's). Else the
   * lists whose bounds together stay below it are "non-essential" — a document only they hold
   * cannot enter — so candidates come from the other lists, and a candidate is dropped as soon as
   * what it has plus what the lists not yet read could add falls below the k-th score. (Compared
   * in units: a bound below the narrowed, rounded-down k-th score is below the score itself; near
   * it, an interval's exact bound decides, so ties are skipped as the exact bounds would.)
   * `restart`: the cursors may stand past the interval (the best ones are ranked out of order).
   */
  function rankInterval(interval: number, restart: boolean): void {
    const from = interval * INTERVAL;
    const most = bounds[interval] as number;
    if (most < threshold) return;
    // Near the k-th score the exact bound decides, as a tie does: at the k-th score exactly, a
    // document enters only with a lower id than the worst kept's.
    if (most - threshold <= looseness) {
      const exact = exactBoundOf(cursors, scales, interval);
      if (exact < kth || (exact === kth && from > hits.worstId())) return;
    }
    const to = from + INTERVAL - 1;
    active.length = 0;
    for (let t = 0; t < count; t++) {
      const maxima = (cursors[t] as PostingCursor).intervalMax;
      // 0: the list has no posting in the interval (every posting's digit is at least 1).
      if (interval >= maxima.length || maxima[interval] === 0) continue;
      // Sorted by bound as they are added (a query has few lists).
      const value = (units[t] as number) * (maxima[interval] as number);
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
    while (essential < active.length && (below[essential] as number) < threshold) essential += 1;
    for (let j = essential; j < active.length; j++)
      (cursors[active[j] as number] as PostingCursor).advance(from);
    for (;;) {
      let doc = END;
      for (let j = essential; j < active.length; j++) {
        const at = (cursors[active[j] as number] as PostingCursor).doc;
        if (at < doc) doc = at;
      }
      if (doc > to) return;
      let partial = 0; // in units
      for (let j = essential; j < active.length; j++) {
        const t = active[j] as number;
        const cursor = cursors[t] as PostingCursor;
        if (cursor.doc !== doc) continue;
        digits[t] = cursor.digit;
        partial += (units[t] as number) * cursor.digit;
        cursor.next();
      }
      let dropped = false;
      for (let j = essential - 1; j >= 0; j--) {
        if (partial + (below[j] as number) < threshold) {
          dropped = true;
          break;
        }
        const t = active[j] as number;
        const cursor = cursors[t] as PostingCursor;
        cursor.advance(doc);
        if (cursor.doc !== doc) continue;
        digits[t] = cursor.digit;
        partial += (units[t] as number) * cursor.digit;
      }
      if (dropped) digits.fill(0);
      else offer(doc, sumInOrder(digits, scales));
    }
  }
}

/**
 * An interval's bound as a double: the lists' largest digits there times their scales, summed in
 * list order as scores are summed, so no document's score in the interval (the same double)
 * exceeds it.
 */
function exactBoundOf(
  cursors: readonly PostingCursor[],
  scales: readonly number[],
  interval: number,
): number {
  let bound = 0;
  for (let t = 0; t < cursors.length; t++) {
    const maxima = (cursors[t] as PostingCursor).intervalMax;
    if (interval < maxima.length && maxima[interval] !== 0)
      bound = bound + (scales[t] as number) * (maxima[interval] as number);
  }
  return bound;
}

/** Each interval's bound in units: what the lists can add there, summed (whole numbers, exact). */
function intervalBounds(cursors: readonly PostingCursor[], units: Int32Array): Int32Array {
  let intervals = 0;
  for (const cursor of cursors) intervals = Math.max(intervals, cursor.intervalMax.length);
  const bounds = new Int32Array(intervals);
  for (let t = 0; t < cursors.length; t++) {
    const maxima = (cursors[t] as PostingCursor).intervalMax;
    const perDigit = units[t] as number;
    for (let i = 0; i < maxima.length; i++) {
      const digit = maxima[i] as number;
      if (digit !== 0) bounds[i] = (bounds[i] as number) + perDigit * digit;
    }
  }
  return bounds;
}

/** The `wanted` intervals with the highest bounds, highest first (ties: the earlier first). */
function bestIntervals(bounds: Int32Array, wanted: number): number[] {
  if (wanted <= 0 || bounds.length === 0) return [];
  if (bounds.length <= wanted)
    return Array.from({ length: bounds.length }, (_, i) => i).sort(
      (a, b) => (bounds[b] as number) - (bounds[a] as number) || a - b,
    );
  // The `wanted` highest bounds, ascending: most intervals fall below the lowest and cost one test.
  const top = new Int32Array(wanted).fill(-1);
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
