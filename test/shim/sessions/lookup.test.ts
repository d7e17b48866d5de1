import { describe, expect, it } from 'vitest';
import { lookupMessage } from '../../../src/shim/sessions/lookup.ts';

describe('worktree list', () => {
  it('explains failed lookups', () => {
    expect(lookupMessage('x', 'unknown', ['a', 'b'])).toContain('Known sessions: a, b.');
    expect(lookupMessage('x', 'unknown', [])).toContain('no session worktrees');
    expect(lookupMessage('x', 'ambiguous', ['/p', '/q'])).toContain('/p, /q');
  });
});
