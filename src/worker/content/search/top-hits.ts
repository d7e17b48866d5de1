// The best k of many scored ids without sorting them all: a common term touches most documents,
// and sorting 10 000 ids per query would cost more than scoring them.
import { END } from './posting-cursor.ts';

/** True when id `a` ranks before id `b`: higher score, then lower id (= earlier name). */
function before(scores: Float64Array, a: number, b: number): boolean {
  const difference = (scores[a] as number) - (scores[b] as number);
  return difference > 0 || (difference === 0 && a < b);
}

/** The `k` best of `ids` by `scores`, best first. */
export function topIds(ids: readonly number[], scores: Float64Array, k: number): number[] {
  // Min-heap (by rank) of the best k so far: its root is the worst kept, the one to replace.
  const heap: number[] = [];
  const sink = (from: number): void => {
    let i = from;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let worst = i;
      if (left < heap.length && before(scores, heap[worst] as number, heap[left] as number))
        worst = left;
      if (right < heap.length && before(scores, heap[worst] as number, heap[right] as number))
        worst = right;
      if (worst === i) return;
      [heap[i], heap[worst]] = [heap[worst] as number, heap[i] as number];
      i = worst;
    }
  };
  for (const id of ids) {
    if (heap.length < k) {
      heap.push(id);
      for (let i = heap.length - 1; i > 0;) {
        const parent = (i - 1) >> 1;
        if (!before(scores, heap[parent] as number, heap[i] as number)) break;
        [heap[i], heap[parent]] = [heap[parent] as number, heap[i] as number];
        i = parent;
      }
    } else if (k > 0 && before(scores, id, heap[0] as number)) {
      heap[0] = id;
      sink(0);
    }
  }
  return heap.sort((a, b) => (before(scores, a, b) ? -1 : 1));
}

/**
 * The best `k` (id, score) pairs offered so far, in the order `topIds` ranks (higher score, then
 * lower id), kept as they arrive: a ranking that scores documents one at a time reads the k-th
 * score (`threshold`) to know which documents can no longer enter.
 */
export class BestHits {
  private readonly k: number;
  // A min-heap by rank: the root is the worst kept.
  private readonly ids: Int32Array;
  private readonly scores: Float64Array;
  private size = 0;

  constructor(k: number) {
    this.k = k;
    this.ids = new Int32Array(k);
    this.scores = new Float64Array(k);
  }

  /** The score a document must beat (or equal with a lower id) to enter: 0 until k are kept. */
  threshold(): number {
    return this.size < this.k ? 0 : (this.scores[0] as number);
  }

  /** The id of the worst kept, whose place a document of equal score and lower id takes (END until k are kept). */
  worstId(): number {
    return this.size < this.k ? END : (this.ids[0] as number);
  }

  offer(id: number, score: number): void {
    const { ids, scores } = this;
    if (this.size < this.k) {
      let i = this.size++;
      // Sift up: a worse entry than its parent moves towards the root.
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!ranksBefore(scores[parent] as number, ids[parent] as number, score, id)) break;
        ids[i] = ids[parent] as number;
        scores[i] = scores[parent] as number;
        i = parent;
      }
      ids[i] = id;
      scores[i] = score;
      return;
    }
    if (this.k === 0 || !ranksBefore(score, id, scores[0] as number, ids[0] as number)) return;
    // Sift down from the root: the worse child moves up while it ranks after the new entry.
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.size) break;
      const right = left + 1;
      let worst = left;
      if (
        right < this.size &&
        ranksBefore(
          scores[left] as number,
          ids[left] as number,
          scores[right] as number,
          ids[right] as number,
        )
      )
        worst = right;
      if (!ranksBefore(score, id, scores[worst] as number, ids[worst] as number)) break;
      ids[i] = ids[worst] as number;
      scores[i] = scores[worst] as number;
      i = worst;
    }
    ids[i] = id;
    scores[i] = score;
  }

  /** The kept pairs, best first. */
  best(): Array<{ id: number; score: number }> {
    const hits: Array<{ id: number; score: number }> = [];
    for (let i = 0; i < this.size; i++)
      hits.push({ id: this.ids[i] as number, score: this.scores[i] as number });
    return hits.sort((a, b) => b.score - a.score || a.id - b.id);
  }
}

/** Whether (score a, id a) ranks before (score b, id b): higher score, then lower id. */
const ranksBefore = (scoreA: number, idA: number, scoreB: number, idB: number): boolean =>
  scoreA > scoreB || (scoreA === scoreB && idA < idB);
