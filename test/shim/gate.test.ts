import { describe, expect, it } from 'vitest';
import { allowAgentGetFrom, humanGetCommand, shellWord } from '../../src/shim/gate.ts';

describe('human-in-the-loop gate', () => {
  it('opens only for the boolean true', () => {
    expect(allowAgentGetFrom('{"allowAgentGet": true}')).toBe(true);
    expect(allowAgentGetFrom('{"allowAgentGet": "true"}')).toBe(false);
    expect(allowAgentGetFrom('{}')).toBe(false);
    expect(allowAgentGetFrom('null')).toBe(false);
    expect(() => allowAgentGetFrom('{oops')).toThrow();
  });
  it('tells the human the exact command', () => {
    expect(humanGetCommand('3f9a12c8', { squash: true }, '/work/repo')).toBe(
      'praxis worktree get 3f9a12c8 --squash --repo /work/repo',
    );
    expect(humanGetCommand('-rf', {}, '/my repo')).toBe(
      "praxis worktree get <session-id> --repo '/my repo'",
    );
    expect(shellWord("it's")).toBe(`'it'\\''s'`);
  });
});
