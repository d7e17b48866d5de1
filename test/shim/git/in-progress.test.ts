import { describe, expect, it } from 'vitest';
import { operationFromMarkers, operationAdvice } from '../../../src/shim/git/in-progress.ts';

describe('in-progress operations', () => {
  it('maps markers to operations', () => {
    expect(operationFromMarkers(new Set())).toBeUndefined();
    expect(operationFromMarkers(new Set(['MERGE_HEAD']))).toBe('merge');
    expect(operationFromMarkers(new Set(['rebase-merge']))).toBe('rebase');
    expect(operationFromMarkers(new Set(['CHERRY_PICK_HEAD']))).toBe('cherry-pick');
    expect(operationAdvice('cherry-pick')).toContain('git cherry-pick --abort');
    expect(operationAdvice('rebase or am')).toContain('git rebase --continue');
  });
});
