// Where a request's allocations come from, from V8's sampling heap profile (worker-inspector.ts):
// bytes per function where they were allocated (self) and under it (inclusive), largest first. The
// collector's time in a CPU profile says how much it cost; this says whose objects it moved.
import { whereOf } from './cpu-top.ts';
import type { AllocationNode, AllocationProfile } from './worker-inspector.ts';

export interface AllocationEntry {
  /** `function (file:line)`, as in CPU profile entries. */
  where: string;
  bytes: number;
  /** Of all the bytes the profile sampled. */
  share: number;
}

/** Every node of the tree with the frames above it (outermost first). */
function* walk(
  node: AllocationNode,
  above: readonly string[] = [],
): Generator<{ node: AllocationNode; stack: readonly string[] }> {
  const stack = [...above, whereOf(node)];
  yield { node, stack };
  for (const child of node.children) yield* walk(child, stack);
}

/** All the bytes the profile sampled. */
export function allocatedBytes(profile: AllocationProfile): number {
  let bytes = 0;
  for (const { node } of walk(profile.head)) bytes += node.selfSize;
  return bytes;
}

/**
 * The `count` functions with the most bytes allocated in them (`self`) or anywhere under them
 * (`inclusive`: a function counted once per allocation however often it recurs on the stack).
 */
export function topAllocations(
  profile: AllocationProfile,
  count: number,
  by: 'self' | 'inclusive',
): AllocationEntry[] {
  const bytes = new Map<string, number>();
  let total = 0;
  for (const { node, stack } of walk(profile.head)) {
    if (node.selfSize === 0) continue;
    total += node.selfSize;
    const names = by === 'self' ? [stack.at(-1)!] : new Set(stack.slice(1)); // not the root
    for (const name of names) bytes.set(name, (bytes.get(name) ?? 0) + node.selfSize);
  }
  return [...bytes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([where, sampled]) => ({ where, bytes: sampled, share: total ? sampled / total : 0 }));
}
