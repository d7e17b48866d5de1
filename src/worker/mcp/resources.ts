// Registers the VitaeContext contract's resources. The SDK's registrations give templates/list, capabilities and
// completions; resources/list (cursor paging) and resources/read (-32002 for anything unknown)
// are then answered from the catalogue, one source of truth for both.
import {
  ProtocolError,
  ProtocolErrorCode,
  ResourceTemplate,
  type McpServer,
} from '@modelcontextprotocol/server';
import { rankCompletions } from '../content/completion.ts';
import { CONTEXT_URI, INDEX_URI, listResources, readResource } from './resource-catalogue.ts';
import { derived, type KnowledgeView } from './knowledge-view.ts';
import { decodeCursor, encodeCursor } from './paging-cursor.ts';

export const RESOURCE_PAGE_SIZE = 50;

export function registerResources(server: McpServer, view: KnowledgeView): void {
  const read = (uri: URL | string) => readResource(view, String(uri));
  server.registerResource(
    'career-context',
    CONTEXT_URI,
    {
      title: 'Career context',
      mimeType: 'text/markdown',
      description: 'The published career-context document',
    },
    read,
  );
  server.registerResource(
    'vitaegraph-index',
    INDEX_URI,
    {
      title: 'Knowledge graph index',
      mimeType: 'application/json',
      description: 'Deterministic index: nodes, typed edges, backlinks',
    },
    read,
  );
  const { record, wiki, wikiModules } = derived(templates, view, buildTemplates);
  server.registerResource(
    'vitaegraph-record',
    record,
    {
      title: 'Knowledge graph record',
      mimeType: 'text/markdown',
      description: 'One record by its stable id',
    },
    (uri) => read(uri),
  );
  server.registerResource(
    'vitaecontext-wiki',
    wiki,
    { title: 'Wiki module', mimeType: 'text/markdown', description: `Modules: ${wikiModules}` },
    (uri) => read(uri),
  );

  server.server.setRequestHandler('resources/read', (request) =>
    readResource(view, request.params.uri),
  );
  server.server.setRequestHandler('resources/list', async (request) => {
    const all = listResources(view);
    const scope = {
      query: 'resources/list',
      version: view.provenance.version,
      manifest: view.bundle.pointer.manifest,
    };
    const cursor = request.params?.cursor;
    // A cursor is opaque to clients and signed (paging-cursor.ts): one of another version, a made-up
    // one (`bnVsbA` is base64 `null`) or an edited offset is refused with -32602, never a crash.
    const start =
      cursor === undefined
        ? { ok: true as const, offset: 0 }
        : await decodeCursor(cursor, scope, Math.max(1, all.length));
    if (!start.ok) throw new ProtocolError(ProtocolErrorCode.InvalidParams, start.message);
    const page = all.slice(start.offset, start.offset + RESOURCE_PAGE_SIZE);
    const next = start.offset + RESOURCE_PAGE_SIZE;
    return {
      resources: page,
      ...(next < all.length ? { nextCursor: await encodeCursor(scope, next) } : {}),
    };
  });
}

// The templates (their URI patterns parsed, their completions over this view's names) are the same
// for every request of one view: built once per view, not per request.
const templates = new WeakMap<KnowledgeView, ReturnType<typeof buildTemplates>>();

function buildTemplates(view: KnowledgeView) {
  return {
    record: new ResourceTemplate('vitaegraph://record/{id}', {
      list: undefined,
      complete: completers({ id: (value) => rankCompletions(view.namesFor('records'), value) }),
    }),
    wiki: new ResourceTemplate('vitaecontext://wiki/{module}', {
      list: undefined,
      complete: completers({ module: (value) => rankCompletions(view.namesFor('wiki'), value) }),
    }),
    wikiModules: view.wiki.map((module) => module.module).join(', ') || 'none',
  };
}

/**
 * Completion callbacks by variable name, in an object without a prototype: the SDK looks the
 * requested argument name up in it, and `toString` or `constructor` must find nothing (an empty
 * completion), not Object.prototype's function.
 */
function completers<T>(byVariable: Record<string, T>): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, byVariable);
}
