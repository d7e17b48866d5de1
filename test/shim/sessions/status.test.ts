import { describe, expect, it } from 'vitest';
import { parseLeftRightCount, parsePorcelainPaths } from '../../../src/shim/sessions/status.ts';

describe('git output parsers', () => {
  it('parses status paths, skipping rename sources', () => {
    expect(parsePorcelainPaths(' M a.txt\0?? new.txt\0R  to.txt\0from.txt\0')).toEqual([
      'a.txt',
      'new.txt',
      'to.txt',
    ]);
    expect(parsePorcelainPaths('')).toEqual([]);
  });
  it('reads left-right counts as behind/ahead', () => {
    expect(parseLeftRightCount('2\t5\n')).toEqual({ behind: 2, ahead: 5 });
  });
});
