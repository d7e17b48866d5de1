// The tool list a client sees with the bridge on: local tools first, then the endpoint's under
// their own names. A remote tool whose name the shim already uses locally — or one that reads the
// same (see tool-name-key.ts) — is not served: the local one answers that name, and the clash is
// said out loud, never silently shadowed.
import type { Tool } from '@modelcontextprotocol/server';
import { visibleName } from '../../text/visible-text.ts';
import { toolNameKey } from './tool-name-key.ts';

export interface Clash {
  /** The remote tool's name, exactly as the endpoint lists it. */
  remote: string;
  /** The local tool (listed or held back by the get gate) whose name it has or reads as. */
  local: string;
}

export interface MergedTools {
  tools: Tool[];
  /** Remote tools a local tool shadows. */
  clashes: Clash[];
}

export const NAME_COMPARISON =
  "names are compared ignoring case, spaces, '_', '-', '.' and invisible characters";

export function clashNote(clash: Clash, endpoint: string): string {
  const remote = `'${visibleName(clash.remote)}'`;
  const unreachable = 'so the remote tool is not reachable here.';
  if (clash.remote === clash.local) {
    return (
      `Name clash: the Praxis endpoint ${endpoint} also offers a tool named ${remote}; ` +
      `this shim answers ${remote} itself, ${unreachable}`
    );
  }
  return (
    `Name clash: the Praxis endpoint ${endpoint} offers a tool named ${remote}, which reads as this shim's ` +
    `'${clash.local}' (${NAME_COMPARISON}), ${unreachable}`
  );
}

/** The local name that `name` is or reads as, if any. */
export function shadowingName(name: string, taken: Iterable<string>): string | undefined {
  const key = toolNameKey(name);
  for (const local of taken) if (toolNameKey(local) === key) return local;
  return undefined;
}

export function mergeToolLists(
  local: Tool[],
  remote: Tool[],
  reserved: ReadonlySet<string>,
  endpoint: string,
): MergedTools {
  const taken = [...local.map((t) => t.name), ...reserved];
  const clashes: Clash[] = [];
  const served: Tool[] = [];
  for (const tool of remote) {
    const shadowing = shadowingName(tool.name, taken);
    if (shadowing === undefined) served.push(tool);
    else clashes.push({ remote: tool.name, local: shadowing });
  }
  const annotated = local.map((tool) => {
    const notes = clashes.filter((c) => c.local === tool.name).map((c) => clashNote(c, endpoint));
    return notes.length > 0
      ? { ...tool, description: [tool.description ?? '', ...notes].join('\n\n').trim() }
      : tool;
  });
  return { tools: [...annotated, ...served], clashes };
}
