// The best k documents of a query without scoring every document that has one of its terms:
// block-max MaxScore, document at a time. The id range is cut into windows at every list's block
// ends, so within a window each list's contribution is bounded by one block's largest digit.
//
// 1. Every window's bound is summed from the skip data alone (nothing decoded). The few windows
//    with the highest bounds are ranked first (as the others are, below): the k-th score (the
//    threshold) then starts near its final value instead of rising slowly from the first ids.
// 2. The other windows are then taken in id order. A window whose bound is below the threshold is
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

/**
 * Windows ranked first, best bound first: enough that the k-th score starts near its final value.
 * They are ranked as the others are (MaxScore within the window), so more of them cost little.
 */
const SEED_WINDOWS = 32;

/**
 * The best `limit` documents (raw summed scores), best first; `lists` in the order scores sum them.
 * `seedWindows` is how many windows are ranked first (tests also try none).
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
  if (limit === 0) return hits.best();
  const digits = new Uint8Array(count); // the candidate's digit in each list (0: absent)
  const windows = windowsOf(cursors, scales);
  const bound = new Float64Array(count); // each list's bound in the current window
  const below = new Float64Array(count); // bound of the window's lists sorted up to each one
  const active: number[] = [];

  // The best windows first, in id order among themselves (cursors only move forward), then the
  // rest in id order: every window is ranked once.
  const seeded = bestWindows(windows, seedWindows);
  for (let i = 0; i < seeded.length; i++) rankWindow(seeded[i] as number);
  if (seeded.length > 0) for (const cursor of cursors) cursor.rewind();
  let nextSeeded = 0;
  for (let w = 0; w < windows.size; w++) {
    if (seeded[nextSeeded] === w) {
      nextSeeded += 1;
      continue;
    }
    rankWindow(w);
  }
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
  // A window ends where some block ends: there are at most as many windows as blocks.
  let capacity = 0;
  for (const cursor of cursors) capacity += cursor.blocks;
  const windows: Windows = {
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
    windows.from[windows.size] = from;
    windows.to[windows.size] = to;
    windows.bound[windows.size] = sum;
    windows.size += 1;
    from = to + 1;
  }
}

/** The `wanted` windows with the highest bounds (ties: the earlier), in id order. */
function bestWindows(windows: Windows, wanted: number): number[] {
  if (wanted <= 0 || windows.size === 0) return [];
  if (windows.size <= wanted) return Array.from({ length: windows.size }, (_, w) => w);
  // The wanted-th highest bound, then the windows above it and enough of those at it.
  const sorted = windows.bound.slice(0, windows.size).sort();
  const cut = sorted[windows.size - wanted] as number;
  // How many of the wanted are at the cut: those of the top `wanted` (ascending) equal to it.
  let atCut = 0;
  for (let i = windows.size - wanted; i < windows.size && sorted[i] === cut; i++) atCut += 1;
  const chosen: number[] = [];
  for (let w = 0; w < windows.size; w++) {
    const value = windows.bound[w] as number;
    if (value > cut) chosen.push(w);
    else if (value === cut && atCut > 0) {
      chosen.push(w);
      atCut -= 1;
    }
  }
  return chosen;
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
