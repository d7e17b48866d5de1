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
