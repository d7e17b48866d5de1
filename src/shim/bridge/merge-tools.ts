// The tool list a client sees with the bridge on: local tools first, then the endpoint's under
// their own names. A remote tool whose name the shim already uses locally is not served — the
// local one answers that name — and the clash is said out loud, never silently shadowed.
import type { Tool } from '@modelcontextprotocol/server';

export interface MergedTools {
  tools: Tool[];
  /** Remote tool names that a local tool (listed or held back by the get gate) shadows. */
  clashes: string[];
}

export function clashNote(name: string, endpoint: string): string {
  return `Name clash: the Praxis endpoint ${endpoint} also offers a tool named '${name}'; this shim answers '${name}' itself, so the remote tool is not reachable here.`;
}

export function mergeToolLists(local: Tool[], remote: Tool[], reserved: ReadonlySet<string>, endpoint: string): MergedTools {
  const taken = new Set([...local.map((t) => t.name), ...reserved]);
  const clashes = remote.filter((t) => taken.has(t.name)).map((t) => t.name);
  const annotated = local.map((tool) =>
    clashes.includes(tool.name) ? { ...tool, description: `${tool.description ?? ''}\n\n${clashNote(tool.name, endpoint)}`.trim() } : tool,
  );
  return { tools: [...annotated, ...remote.filter((t) => !taken.has(t.name))], clashes };
}
