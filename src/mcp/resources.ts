// Registers spec 004's resources. The SDK's registrations give templates/list, capabilities and
// completions; resources/list (cursor paging) and resources/read (-32002 for anything unknown)
// are then answered from the catalogue, one source of truth for both.
import { ProtocolError, ProtocolErrorCode, ResourceTemplate, type McpServer } from '@modelcontextprotocol/server';
import { rankCompletions } from '../content/completion.ts';
import { CONTEXT_URI, INDEX_URI, listResources, readResource } from './resource-catalogue.ts';
import type { KnowledgeView } from './knowledge-view.ts';

export const RESOURCE_PAGE_SIZE = 50;

export function registerResources(server: McpServer, view: KnowledgeView): void {
  const read = (uri: URL | string) => readResource(view, String(uri));
  server.registerResource('career-context', CONTEXT_URI, { title: 'Career context', mimeType: 'text/markdown', description: 'The published career-context document' }, read);
  server.registerResource('vitaegraph-index', INDEX_URI, { title: 'Knowledge graph index', mimeType: 'application/json', description: 'Deterministic index: nodes, typed edges, backlinks' }, read);
  server.registerResource('vitaegraph-record', new ResourceTemplate('vitaegraph://record/{id}', {
    list: undefined,
    complete: { id: (value) => rankCompletions(view.namesFor('records'), value) },
  }), { title: 'Knowledge graph record', mimeType: 'text/markdown', description: 'One record by its stable id' }, (uri) => read(uri));
  server.registerResource('vitaecontext-wiki', new ResourceTemplate('vitaecontext://wiki/{module}', {
    list: undefined,
    complete: { module: (value) => rankCompletions(view.namesFor('wiki'), value) },
  }), { title: 'Wiki module', mimeType: 'text/markdown', description: `Modules: ${view.wiki.map((module) => module.module).join(', ') || 'none'}` }, (uri) => read(uri));

  server.server.setRequestHandler('resources/read', (request) => readResource(view, request.params.uri));
  server.server.setRequestHandler('resources/list', (request) => {
    const all = listResources(view);
    const offset = decodeCursor(request.params?.cursor, view.provenance.version);
    const page = all.slice(offset, offset + RESOURCE_PAGE_SIZE);
    const next = offset + RESOURCE_PAGE_SIZE;
    return { resources: page, ...(next < all.length ? { nextCursor: encodeCursor(next, view.provenance.version) } : {}) };
  });
}

// A cursor is opaque to clients: the content version and an offset. A cursor from another version
// would page through a different list, so it is refused rather than silently skipping entries.
const encodeCursor = (offset: number, version: string): string => btoa(JSON.stringify({ v: version, o: offset }));

function decodeCursor(cursor: string | undefined, version: string): number {
  if (cursor === undefined) return 0;
  let parsed: { v?: unknown; o?: unknown };
  try {
    parsed = JSON.parse(atob(cursor)) as typeof parsed;
  } catch {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid cursor: pass back the nextCursor of a previous resources/list exactly');
  }
  if (parsed.v !== version) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Stale cursor: the content changed to version ${version}; list resources again from the start`);
  if (!Number.isInteger(parsed.o) || (parsed.o as number) < 0) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid cursor offset');
  return parsed.o as number;
}
