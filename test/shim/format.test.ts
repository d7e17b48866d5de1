import { describe, expect, it } from 'vitest';
import { limitDiff, formatTotals, formatFileStat } from '../../src/shim/format.ts';

describe('text formats', () => {
  it('cuts long diffs at a line and says so', () => {
    const diff = 'line one\nline two\nline three\n';
    expect(limitDiff(diff, 100, 'x')).toBe(diff);
    const cut = limitDiff(diff, 12, 'use stat_only');
    expect(cut.startsWith('line one\n')).toBe(true);
    expect(cut).not.toContain('line two');
    expect(cut).toContain('[diff truncated: showing 9 of 29 characters; use stat_only]');
  });
  it('formats totals and file lines', () => {
    expect(formatTotals({ files: 1, insertions: 1, deletions: 0, binary: 0 })).toBe(
      '1 file changed, 1 insertion(+), 0 deletions(-)',
    );
    expect(formatFileStat({ path: 'b', oldPath: 'a', added: null, deleted: null })).toBe(
      '  a => b | binary',
    );
  });
});
