import { describe, expect, it } from 'vitest';
import { parseNameStatus } from '../../../src/shim/git/ignored-in-the-way.ts';

describe('git invocation', () => {
  it('splits a name-status diff into added paths and paths the active tree tracks', () => {
    const { added, tracked } = parseNameStatus([
      'A',
      '.env',
      'M',
      'src/app.ts',
      'D',
      'old',
      'A',
      'conf/local.json',
    ]);
    expect(added).toEqual(['.env', 'conf/local.json']);
    expect([...tracked]).toEqual(['src/app.ts', 'old']);
  });
});
