// The best k of many scored ids without sorting them all: a common term touches most documents,
// and sorting 10 000 ids per query would cost more than scoring them.

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
  private readonly ids: number[] = [];
  private readonly scores: number[] = [];

  constructor(k: number) {
    this.k = k;
  }

  /** The score a document must beat (or equal with a lower id) to enter: 0 until k are kept. */
  threshold(): number {
    return this.ids.length < this.k ? 0 : (this.scores[0] as number);
  }

  offer(id: number, score: number): void {
    const { ids, scores } = this;
    if (ids.length < this.k) {
      ids.push(id);
      scores.push(score);
      for (let i = ids.length - 1; i > 0;) {
        const parent = (i - 1) >> 1;
        if (!this.ranksBefore(parent, i)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    if (this.k === 0) return;
    const root = scores[0] as number;
    if (score < root || (score === root && id > (ids[0] as number))) return;
    ids[0] = id;
    scores[0] = score;
    for (let i = 0; ;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let worst = i;
      if (left < ids.length && this.ranksBefore(worst, left)) worst = left;
      if (right < ids.length && this.ranksBefore(worst, right)) worst = right;
      if (worst === i) return;
      this.swap(i, worst);
      i = worst;
    }
  }

  /** The kept pairs, best first. */
  best(): Array<{ id: number; score: number }> {
    return this.ids
      .map((id, i) => ({ id, score: this.scores[i] as number }))
      .sort((a, b) => b.score - a.score || a.id - b.id);
  }

  /** Whether heap slot `a` ranks before slot `b`. */
  private ranksBefore(a: number, b: number): boolean {
    const difference = (this.scores[a] as number) - (this.scores[b] as number);
    return (
      difference > 0 || (difference === 0 && (this.ids[a] as number) < (this.ids[b] as number))
    );
  }

  private swap(a: number, b: number): void {
    const { ids, scores } = this;
    [ids[a], ids[b]] = [ids[b] as number, ids[a] as number];
    [scores[a], scores[b]] = [scores[b] as number, scores[a] as number];
  }
}
