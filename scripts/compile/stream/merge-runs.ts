// k-way merge of sorted runs (postings-runs.ts): each term once, in code-unit order, with its
// records from every run that holds it, in run order. Only one term per run is in memory at a time.
import { rmSync } from 'node:fs';
import { ByteReader } from './byte-file.ts';

interface Head {
  run: number;
  reader: ByteReader;
  term: string;
  block: Buffer;
}

const before = (a: Head, b: Head): boolean =>
  a.term < b.term || (a.term === b.term && a.run < b.run);

/** Calls `onTerm` for each term of `runs` in sorted order with its record blocks in run order; deletes the runs. */
export function mergeRuns(
  runs: readonly string[],
  onTerm: (term: string, blocks: readonly Buffer[]) => void,
): void {
  const heap: Head[] = [];
  for (const [run, path] of runs.entries()) {
    const reader = new ByteReader(path);
    if (!reader.done) push(heap, { run, reader, term: reader.text(), block: reader.block() });
    else reader.close();
  }
  const blocks: Buffer[] = [];
  const taken: Head[] = [];
  while (heap.length) {
    const term = heap[0]!.term;
    blocks.length = 0;
    taken.length = 0;
    while (heap.length && heap[0]!.term === term) {
      const head = pop(heap);
      taken.push(head);
      blocks.push(head.block);
    }
    onTerm(term, blocks);
    for (const head of taken) {
      if (head.reader.done) {
        head.reader.close();
        continue;
      }
      head.term = head.reader.text();
      head.block = head.reader.block();
      push(heap, head);
    }
  }
  for (const path of runs) rmSync(path, { force: true });
}

function push(heap: Head[], head: Head): void {
  heap.push(head);
  let i = heap.length - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (!before(heap[i]!, heap[parent]!)) break;
    [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
    i = parent;
  }
}

function pop(heap: Head[]): Head {
  const top = heap[0]!;
  const last = heap.pop()!;
  if (heap.length) {
    heap[0] = last;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < heap.length && before(heap[left]!, heap[least]!)) least = left;
      if (right < heap.length && before(heap[right]!, heap[least]!)) least = right;
      if (least === i) break;
      [heap[i], heap[least]] = [heap[least]!, heap[i]!];
      i = least;
    }
  }
  return top;
}
