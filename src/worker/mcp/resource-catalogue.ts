// The readable resources of the VitaeContext contract for one principal: list them, read one by URI. Lookups are
// exact map/array matches on the raw URI string: nothing is decoded or joined, so no URI can
// reach content other than the record or module it names.
import {
  ProtocolError,
  ProtocolErrorCode,
  type ReadResourceResult,
  type Resource,
} from '@modelcontextprotocol/server';
import { NO_CONTEXT_NOTICE } from '../content/context/notice.ts';
import { visibleGraphIndex, type GraphIndex } from '../../bundle/graph/index-types.ts';
import { recordUri } from '../../bundle/graph/ids.ts';
import type { KnowledgeView } from './knowledge-view.ts';

export const CONTEXT_URI = 'career-context://current';
export const INDEX_URI = 'vitaegraph://index';
export const RECORD_PREFIX = 'vitaegraph://record/';
export const WIKI_PREFIX = 'vitaecontext://wiki/';
export const wikiUri = (module: string): string => `${WIKI_PREFIX}${module}`;

export function listResources(view: KnowledgeView): Resource[] {
  const fixed: Resource[] = [
    {
      uri: CONTEXT_URI,
      name: 'career-context',
      title: view.context?.title ?? 'Career context (not yet published)',
      description: 'The career-context document, or a notice saying how to add one',
      mimeType: 'text/markdown',
    },
  ];
  // A graph of only hidden records is, for this caller, no graph at all.
  if (view.records.length > 0) {
    fixed.push({
      uri: INDEX_URI,
      name: 'vitaegraph-index',
      title: 'Knowledge graph index',
      description: `Nodes, typed edges and backlinks of ${view.records.length} records`,
      mimeType: 'application/json',
    });
  }
  return [
    ...fixed,
    ...view.wiki.map((module) => ({
      uri: wikiUri(module.module),
      name: `wiki-${module.module}`,
      title: module.title,
      description: module.description,
      mimeType: 'text/markdown',
    })),
    ...view.records.map((record) => ({
      uri: recordUri(record.id),
      name: record.id,
      title: record.title,
      description: `${record.type}: ${record.description}`,
      mimeType: 'text/markdown',
    })),
  ];
}

export async function readResource(view: KnowledgeView, uri: string): Promise<ReadResourceResult> {
  const markdown = (text: string) => ({ contents: [{ uri, mimeType: 'text/markdown', text }] });
  if (uri === CONTEXT_URI)
    return markdown(view.context ? await view.bundle.text(view.context.body) : NO_CONTEXT_NOTICE);
  if (uri === INDEX_URI)
    return { contents: [{ uri, mimeType: 'application/json', text: await graphIndexText(view) }] };
  if (uri.startsWith(RECORD_PREFIX)) {
    const record = await view.recordWithId(uri.slice(RECORD_PREFIX.length));
    if (!record) throw resourceNotFound(uri, 'no record with that id');
    return markdown(await view.bundle.text(record.body));
  }
  if (uri.startsWith(WIKI_PREFIX)) {
    const module = view.wiki.find(
      (candidate) => candidate.module === uri.slice(WIKI_PREFIX.length),
    );
    if (!module)
      throw resourceNotFound(
        uri,
        `wiki modules: ${view.wiki.map((candidate) => candidate.module).join(', ') || 'none'}`,
      );
    return markdown(await view.bundle.text(module.body));
  }
  throw resourceNotFound(uri, 'unsupported resource');
}

/** The index as this principal may see it; the stored text itself when nothing is hidden. */
export async function graphIndexFor(view: KnowledgeView): Promise<GraphIndex | null> {
  const graph = view.bundle.knowledge?.graph;
  if (!graph || view.records.length === 0) return null;
  const index = await view.bundle.json<GraphIndex>(graph.index);
  return visibleGraphIndex(index, new Set(view.recordsById.keys()));
}

async function graphIndexText(view: KnowledgeView): Promise<string> {
  const graph = view.bundle.knowledge?.graph;
  if (!graph || view.records.length === 0)
    throw resourceNotFound(INDEX_URI, 'no knowledge graph is published');
  if (view.records.length === view.bundle.records.length) return view.bundle.text(graph.index);
  return JSON.stringify(await graphIndexFor(view));
}

/**
 * The VitaeContext contract: an unavailable graph, record, wiki module or unsupported URI is JSON-RPC
 * -32002 with the requested URI in `error.data`. (The SDK's ResourceNotFoundError serialises as
 * -32602, so it is not used here.)
 */
function resourceNotFound(uri: string, reason: string): ProtocolError {
  return new ProtocolError(
    ProtocolErrorCode.ResourceNotFound,
    `Resource not found: ${uri} (${reason})`,
    { uri },
  );
}
