import { describe, expect, it } from 'vitest';
import { sessionIdProblem, branchLeaf } from '../../../src/shim/sessions/session-id.ts';

describe('session ids', () => {
  it.each(['3f9a12c8', 'fix-login', 'a', 'v1.2_rc', 'A'.repeat(128)])('accepts %s', (id) => {
    expect(sessionIdProblem(id)).toBeUndefined();
  });
  it.each([
    ['', 'required'],
    ['-rf', 'start with "-"'],
    ['a/b', '"/"'],
    ['a\\b', '"/"'],
    ['..', '".."'],
    ['a..b', '".."'],
    ['.hidden', 'starting with a letter'],
    ['a b', 'letters, digits'],
    ['a;rm', 'letters, digits'],
    ['A'.repeat(129), '1-128'],
    ['é', 'letters'],
  ])('rejects %j', (id, reason) => {
    expect(sessionIdProblem(id)).toContain(reason);
  });
  it('rejects non-strings', () => {
    expect(sessionIdProblem(42)).toContain('required');
    expect(sessionIdProblem(undefined)).toContain('required');
  });
  it('takes the last branch segment', () => {
    expect(branchLeaf('refs/heads/praxis/3f9a12c8')).toBe('3f9a12c8');
    expect(branchLeaf('main')).toBe('main');
  });
});
