import { describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/server';
import { mergeToolLists } from '../../../src/shim/bridge/merge-tools.ts';

const tool = (name: string, description = `${name} tool`): Tool => ({
  name,
  description,
  inputSchema: { type: 'object' },
});

describe('merging local and remote tools', () => {
  it('keeps remote names, puts local tools first', () => {
    const merged = mergeToolLists(
      [tool('worktree_read')],
      [tool('search_processes'), tool('get_process')],
      new Set(),
      'https://p.example/mcp',
    );
    expect(merged.tools.map((t) => t.name)).toEqual([
      'worktree_read',
      'search_processes',
      'get_process',
    ]);
    expect(merged.clashes).toEqual([]);
  });
  it('reports a clash in the local description instead of shadowing silently', () => {
    const merged = mergeToolLists(
      [tool('worktree_read')],
      [tool('worktree_read', 'remote one'), tool('x')],
      new Set(),
      'https://p.example/mcp',
    );
    expect(merged.clashes).toEqual([{ remote: 'worktree_read', local: 'worktree_read' }]);
    expect(merged.tools.map((t) => t.name)).toEqual(['worktree_read', 'x']);
    expect(merged.tools[0]!.description).toContain(
      "the Praxis endpoint https://p.example/mcp also offers a tool named 'worktree_read'",
    );
  });
  it('treats the gated tool name as taken', () => {
    const merged = mergeToolLists(
      [tool('worktree_read')],
      [tool('worktree_get')],
      new Set(['worktree_get']),
      'e',
    );
    expect(merged.tools.map((t) => t.name)).toEqual(['worktree_read']);
    expect(merged.clashes).toEqual([{ remote: 'worktree_get', local: 'worktree_get' }]);
  });
});
