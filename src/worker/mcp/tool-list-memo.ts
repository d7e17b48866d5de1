// A tools/list answer made once per knowledge view and tool set instead of on every request. The SDK
// builds it anew from the server's registered tools each time: every tool's input and output JSON
// Schema, each input schema scanned for header declarations, a page of twenty tools rebuilt for
// every list. What it lists depends only on which tools are registered and their definitions, and
// a tool's definition is fixed for a view (built per kind, per view, or once per isolate: see
// document-tools.ts, knowledge.ts). So the first answer the SDK's own handler gives for a view and a
// list of tool names is kept, frozen, and given for that view and those names after it: the same
// object, hence the same bytes, and never another view's (another group set's) list.
import type { McpServer } from '@modelcontextprotocol/server';
import type { KnowledgeView } from './knowledge-view.ts';

type ListHandler = (request: unknown, context: unknown) => unknown;
type SetRequestHandler = (method: string, ...rest: unknown[]) => void;

/** Lists per view, by the registered tools' names; a view holds a handful (per request shape). */
const lists = new WeakMap<KnowledgeView, Map<string, unknown>>();

/**
 * Makes `server` answer tools/list from the memo: its SDK handler is wrapped as the McpServer
 * installs it (at the first registerTool). `toolNames` is read when a list is asked for, once every
 * tool is registered. Throws when the handler is installed already (a server constructed with the
 * tools capability): declare the capability after this call.
 */
export function rememberToolList(
  server: McpServer,
  view: KnowledgeView,
  toolNames: readonly string[],
): void {
  const inner = server.server as unknown as {
    setRequestHandler: SetRequestHandler;
    assertCanSetRequestHandler(method: string): void;
  };
  // A server given the tools capability in its constructor has its list handler installed already,
  // and a wrapper put in place now would never see it: that server would quietly build every list.
  inner.assertCanSetRequestHandler('tools/list');
  const install = inner.setRequestHandler.bind(inner);
  inner.setRequestHandler = (method, ...rest) => {
    const handler = rest.at(-1);
    if (method !== 'tools/list' || rest.length !== 1 || typeof handler !== 'function')
      return install(method, ...rest);
    const sdkList = handler as ListHandler;
    const remembered: ListHandler = (request, context) => {
      let byNames = lists.get(view);
      if (!byNames) lists.set(view, (byNames = new Map()));
      const key = JSON.stringify(toolNames);
      let list = byNames.get(key);
      if (list === undefined) byNames.set(key, (list = deepFreeze(sdkList(request, context))));
      return list;
    };
    return install(method, remembered);
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
