// The best k documents of a query without scoring every document that has one of its terms:
// document-at-a-time MaxScore over windows of blocks (block-max MaxScore). Within a window every
// list's contribution is bounded by its block's largest digit; the lists whose bounds together
// cannot reach the k-th score so far are "non-essential" — a document only they hold cannot enter
// the top k, so candidates come from the other lists, and a candidate is dropped as soon as what
// it has plus what the remaining lists could add falls below the k-th score. A window whose bounds
// all together fall below it is skipped without decoding.
//
// The result equals the exhaustive ranking's exactly: a candidate's score is summed in the same
// order, from the same products, as summing list after list gives (so the same doubles); a document
// is dropped only when its bound is strictly below the k-th score, and documents arrive in id order,
// so a tie with the k-th (which the lower id wins) is never dropped — it cannot win anyway.
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
 * Bounds are sums of the same positive products in another order than a score's, so they may round
 * a few units in the last place differently: they are widened by far more than that before being
 * compared, which costs no measurable pruning.
 */
const SLACK = 1 + 1e-9;

/** The best `limit` documents (raw summed scores), best first; `lists` in the order scores sum them. */
export function rankPruned(
  lists: readonly ScoredList[],
  limit: number,
  visible: Uint8Array | null,
): Array<{ id: number; score: number }> {
  const count = lists.length;
  const cursors = lists.map(
    (list) => new PostingCursor(list.postings, list.start, list.skip, visible),
  );
  const scales = lists.map((list) => list.scale);
  const hits = new BestHits(limit);
  const digits = new Uint8Array(count); // the candidate's digit in each list (0: absent)
  const bound = new Float64Array(count); // each list's bound in the current window
  const below = new Float64Array(count); // bound of the window's lists sorted up to each one
  const active: number[] = [];
  const byBound = (a: number, b: number): number => (bound[a] as number) - (bound[b] as number);
  for (let from = 0; ;) {
    // The window: from `from` to the nearest block end of any list, so one block bounds each list.
    let to = END;
    active.length = 0;
    for (let t = 0; t < count; t++) {
      const cursor = cursors[t] as PostingCursor;
      const end = cursor.blockEnd(from);
      if (end === END) continue;
      active.push(t);
      bound[t] = (scales[t] as number) * cursor.blockMaxDigit();
      if (end < to) to = end;
    }
    if (active.length === 0) break;
    active.sort(byBound);
    let sum = 0;
    for (let j = 0; j < active.length; j++) below[j] = sum += bound[active[j] as number] as number;
    // Lists [0, essential) are non-essential: together they cannot reach the k-th score.
    let essential = 0;
    const threshold = hits.threshold();
    while (essential < active.length && (below[essential] as number) * SLACK < threshold)
      essential += 1;
    if (essential < active.length) {
      for (let j = essential; j < active.length; j++)
        (cursors[active[j] as number] as PostingCursor).advance(from);
      scoreWindow(to, essential);
    }
    if (to === END) break;
    from = to + 1;
  }
  return hits.best();

  /** Scores the candidates of the essential lists up to id `to`. */
  function scoreWindow(to: number, essential: number): void {
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
      if (!dropped) {
        // Summed list by list in the lists' order, as the exhaustive ranking sums: the same double.
        let score = 0;
        for (let t = 0; t < count; t++)
          if (digits[t] !== 0) score = score + (scales[t] as number) * (digits[t] as number);
        hits.offer(doc, score);
      }
      for (let j = 0; j < active.length; j++) digits[active[j] as number] = 0;
    }
  }
}
