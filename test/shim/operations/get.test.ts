import { describe, expect, it } from 'vitest';
import { mergeModeFor } from '../../../src/shim/operations/get.ts';

describe('git invocation', () => {
  it('chooses the merge mode', () => {
    expect(mergeModeFor({})).toBe('commit');
    expect(mergeModeFor({ noCommit: true })).toBe('no-commit');
    expect(mergeModeFor({ squash: true, noCommit: true })).toBe('squash');
  });
});
