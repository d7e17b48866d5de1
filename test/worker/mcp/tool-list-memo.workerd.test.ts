// tools/list answers kept per knowledge view and tool set (src/worker/mcp/tool-list-memo.ts): the
// same bytes as the SDK's own answer, and never the list of another view or of another tool set.
import { McpServer } from '@modelcontextprotocol/server';
import { describe, expect, inject, it } from 'vitest';
import * as z from 'zod';
import type { Principal } from '../../../src/worker/auth/principal.ts';
import { EVERY_NEED } from '../../../src/worker/content/bundle-needs.ts';
import { currentBundle, resetContentCache } from '../../../src/worker/content/store.ts';
import type { KnowledgeView } from '../../../src/worker/mcp/knowledge-view.ts';
import { createPraxisServer } from '../../../src/worker/mcp/server.ts';
import { rememberToolList } from '../../../src/worker/mcp/tool-list-memo.ts';
import { publishBundle, publishFixture, testEnv } from '../../helpers/workerd/helpers.ts';
import { toolsListText } from '../../helpers/workerd/tools-list.ts';

const TOOLS = {
  alpha: { description: 'The first tool.', inputSchema: z.object({ query: z.string() }) },
  beta: {
    description: 'The second tool.',
    inputSchema: z.object({ name: z.string() }),
    outputSchema: z.object({ found: z.boolean() }),
  },
  gamma: { description: 'Offered to some callers only.', inputSchema: z.object({}) },
} as const;
type Name = keyof typeof TOOLS;

/** The text of a tools/list answer from a server with `names` registered, remembered under `view` or not. */
function listed(names: Name[], view?: KnowledgeView, suffix = ''): Promise<string> {
  return toolsListText(() => {
    const server = new McpServer({ name: 'memo-test', version: '1.0.0' });
    if (view) rememberToolList(server, view, names);
    for (const name of names)
      server.registerTool(
        name,
        { ...TOOLS[name], description: TOOLS[name].description + suffix },
        () => ({ content: [{ type: 'text', text: name }] }),
      );
    return server;
  });
}

const namesIn = (answer: string): string[] => {
  const data = answer.includes('data:')
    ? answer
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .at(-1)!
    : answer;
  return (JSON.parse(data) as { result: { tools: { name: string }[] } }).result.tools.map(
    (tool) => tool.name,
  );
};

describe('remembered tools/list answers', () => {
  it('answer with the bytes the SDK answers with, first and later', async () => {
    const view = {} as KnowledgeView;
    const sdk = await listed(['alpha', 'beta']);
    expect(await listed(['alpha', 'beta'], view)).toBe(sdk);
    expect(await listed(['alpha', 'beta'], view)).toBe(sdk);
  });

  it('keep one list per tool set within a view', async () => {
    const view = {} as KnowledgeView;
    expect(namesIn(await listed(['alpha', 'beta', 'gamma'], view))).toEqual([
      'alpha',
      'beta',
      'gamma',
    ]);
    expect(namesIn(await listed(['alpha', 'beta'], view))).toEqual(['alpha', 'beta']);
    expect(namesIn(await listed(['alpha', 'beta', 'gamma'], view))).toEqual([
      'alpha',
      'beta',
      'gamma',
    ]);
  });

  it("never give one view's list to another, though the tools have the same names", async () => {
    const [one, other] = [{} as KnowledgeView, {} as KnowledgeView];
    // A definition may differ between views (what a group set may see): same names, other text.
    const own = await listed(['alpha', 'beta'], one, ' (12 processes)');
    const theirs = await listed(['alpha', 'beta'], other, ' (3 processes)');
    expect(theirs).toBe(await listed(['alpha', 'beta'], undefined, ' (3 processes)'));
    expect(theirs).not.toBe(own);
    expect(await listed(['alpha', 'beta'], one, ' (12 processes)')).toBe(own);
  });
});

describe("Praxis's servers", () => {
  it('answer tools/list from the memo after the first list for a view', async () => {
    await publishFixture();
    const bundle = (await currentBundle(testEnv, Date.now(), EVERY_NEED))!;
    const principal: Principal = { subject: 'memo', groups: [], scopes: [], via: 'local' };
    const praxisServer = () => createPraxisServer({ bundle, principal, listsToolsOnly: true });
    const first = namesIn(await toolsListText(praxisServer));
    expect(first).toContain('search_processes');
    // A tool added behind the memo's back: the SDK's own list would show it, the remembered one does not.
    const later = await toolsListText(() => {
      const server = praxisServer();
      server.registerTool('unlisted_probe', { inputSchema: z.object({}) }, () => ({
        content: [],
      }));
      return server;
    });
    expect(namesIn(later)).toEqual(first);
  });

  it("give a caller its own view's list in an isolate that remembered a more privileged caller's", async () => {
    // A generated corpus whose restricted records have types no public one has: the callers'
    // tools/list differ (search_vitaegraph names the record types a caller may see).
    await publishBundle(inject('nonInterference')[0]!.full);
    const caller = (groups: string[]): Principal => ({
      subject: `memo-${groups.join('-') || 'none'}`,
      groups,
      scopes: [],
      via: 'local',
    });
    const listFor = async (principal: Principal) => {
      const bundle = (await currentBundle(testEnv, Date.now(), EVERY_NEED))!;
      return toolsListText(() => createPraxisServer({ bundle, principal, listsToolsOnly: true }));
    };
    const callers = [caller(['red', 'blue']), caller(['red']), caller(['blue']), caller([])];
    // Each alone: a fresh isolate's content caches (and so its views and their lists).
    const alone: string[] = [];
    for (const principal of callers) {
      resetContentCache();
      alone.push(await listFor(principal));
    }
    expect(new Set(alone).size).toBeGreaterThan(1);
    // Then one isolate, the most privileged first, every list remembered as it goes, and back again.
    resetContentCache();
    for (const order of [callers, [...callers].reverse()])
      for (const principal of order)
        expect(await listFor(principal)).toBe(alone[callers.indexOf(principal)]);
  });

  it('refuse a server whose list handler the SDK installed already: the memo would never be asked', () => {
    const server = new McpServer(
      { name: 'memo-test', version: '1.0.0' },
      { capabilities: { tools: { listChanged: false } } },
    );
    expect(() => rememberToolList(server, {} as KnowledgeView, [])).toThrow(/tools\/list/);
  });
});
