// Where an allocation profile's bytes are counted: at the allocating function (self), and once per
// allocation for every function on its stack (inclusive), a recursive one too.
import { describe, expect, it } from 'vitest';
import { allocatedBytes, topAllocations } from '../../../bench/profiling/allocation-top.ts';
import type { AllocationNode } from '../../../bench/profiling/worker-inspector.ts';

const node = (
  functionName: string,
  selfSize: number,
  children: AllocationNode[] = [],
): AllocationNode => ({
  callFrame: { functionName, url: 'file:///w/worker.js', lineNumber: 9, scriptId: '1' },
  selfSize,
  children,
});

// (root) → handle → rank (600) → rank (300); handle → snippet (100); (root) → (V8 API) (1 000)
const profile = {
  head: {
    ...node('(root)', 0, [
      node('handle', 0, [node('rank', 600, [node('rank', 300)]), node('snippet', 100)]),
      node('(V8 API)', 1000),
    ]),
    callFrame: { functionName: '(root)', url: '', lineNumber: -1, scriptId: '0' },
  },
};

describe('allocation profile tops', () => {
  it('adds every sampled byte once', () => {
    expect(allocatedBytes(profile)).toBe(2000);
  });

  it('ranks functions by the bytes allocated in them', () => {
    expect(topAllocations(profile, 2, 'self')).toEqual([
      { where: '(V8 API) (worker.js:10)', bytes: 1000, share: 0.5 },
      { where: 'rank (worker.js:10)', bytes: 900, share: 0.45 },
    ]);
  });

  it('counts an allocation once for each function on its stack, however often it recurs', () => {
    const inclusive = topAllocations(profile, 10, 'inclusive');
    expect(inclusive.find((entry) => entry.where.startsWith('handle'))?.bytes).toBe(1000);
    expect(inclusive.find((entry) => entry.where.startsWith('rank'))?.bytes).toBe(900);
    expect(inclusive.some((entry) => entry.where.startsWith('(root)'))).toBe(false);
  });
});
