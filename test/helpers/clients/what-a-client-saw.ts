// What every client in the matrix must show, whatever its user interface: the tools, a search and the
// restricted checklist, as alice (group engineering) and as bob (no group) saw them.
import { expect } from 'vitest';

export const SERVER_TOOLS = [
  'get_checklist',
  'search_checklists',
  'get_process',
  'search_processes',
  'list_checklists',
];
export const RESTRICTED = 'production-access';
export const RESTRICTED_TITLE = 'Production Access Checklist';
export const SEARCH = { name: 'search_checklists', arguments: { query: 'production access' } };
export const GET_RESTRICTED = { name: 'get_checklist', arguments: { name: RESTRICTED } };

export interface ClientSaw {
  /** Tool names the client listed. */
  tools: string[];
  /** The search's answer as the client shows it. */
  search: string;
  /** The restricted checklist's answer as the client shows it, and whether the client marked it an error. */
  restricted: { isError: boolean; text: string };
}

/** alice sees the restricted checklist, in the search and whole; bob gets neither; both list the tools. */
export function expectGroupsRespected(alice: ClientSaw, bob: ClientSaw): void {
  for (const saw of [alice, bob]) expect(saw.tools).toEqual(expect.arrayContaining(SERVER_TOOLS));
  expect(alice.search).toContain(RESTRICTED);
  expect(alice.restricted.isError, alice.restricted.text).toBe(false);
  expect(alice.restricted.text).toContain(RESTRICTED_TITLE);
  expect(bob.search).toContain('code-review');
  expect(bob.search).not.toContain(RESTRICTED);
  expect(bob.restricted.isError, bob.restricted.text).toBe(true);
  expect(bob.restricted.text).not.toContain(RESTRICTED_TITLE);
}

/** The little of an MCP client (SDK v1 or v2) these checks use. */
interface ToolCaller {
  listTools(): Promise<{ tools: Array<{ name: string }> }>;
  callTool(request: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
}

/** tools/list, the search and the restricted checklist through an MCP client. */
export async function sawThrough(client: ToolCaller): Promise<ClientSaw> {
  const tools = (await client.listTools()).tools.map((tool) => tool.name);
  const search = JSON.stringify(await client.callTool(SEARCH));
  const restricted = (await client.callTool(GET_RESTRICTED)) as { isError?: boolean };
  return {
    tools,
    search,
    restricted: { isError: restricted.isError === true, text: JSON.stringify(restricted) },
  };
}
