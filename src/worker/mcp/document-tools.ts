// get_/list_/search_ tools for one document kind (the process-query contract for processes; the same shapes for checklists).
import * as z from 'zod';
import {
  DOCUMENT_KINDS,
  documentKinds,
  documentToolName,
  type DocumentKind,
} from '../../bundle/kinds.ts';
import { normalizeName } from '../../bundle/names.ts';
import { snippet } from '../content/search/snippet.ts';
import type { QueryTerms } from '../content/search/query-terms.ts';
import type { AnalysedQueries } from './analysed-queries.ts';
import {
  documentFound,
  documentList,
  documentNotFound,
  invalidCursor,
  provenanceOf,
  searchResults,
  type RankedEntry,
} from './document-results.ts';
import { getOutputSchema, listOutputSchema, searchOutputSchema } from './document-schemas.ts';
import { decodeCursor, encodeCursor } from './paging-cursor.ts';
import type { KnowledgeView } from './knowledge-view.ts';
import { tool, type Tool } from './tool.ts';
import { convertedOnce, jsonOutputSchema } from './json-schema.ts';
import { READ_ONLY } from '../../shared/mcp/tool-annotations.ts';

export const MAX_SEARCH_RESULTS = 50;
/** How deep paging goes: every page costs a ranking of this many, so depth is bounded too. */
export const MAX_PAGED_RESULTS = 1000;
/** Snippets need the body; beyond the first few results the description stands in, keeping search cheap. */
const SNIPPETS_FROM_BODY = 10;

/** The kind's tools for one caller: what they see (and the counts they report) comes from `view`. */
export function documentTools(
  kind: DocumentKind,
  view: KnowledgeView,
  analysed: AnalysedQueries,
): Tool[] {
  const definitions = definitionsOf(kind);
  const provenance = provenanceOf(view.bundle.pointer);
  const directory = view.bundle.directory(kind);

  const get = tool(documentToolName(kind, 'get'), definitions.get, async ({ name }) => {
    const position = directory.positionOf(normalizeName(name));
    if (position === undefined || !view.canSee(directory.refs[position]!)) {
      return documentNotFound(kind, name, view.documentNames(kind), provenance);
    }
    const [entry] = await directory.entriesAt([position]);
    return documentFound(entry!, await view.bundle.body(entry!), provenance, Date.now());
  });

  const list = tool(documentToolName(kind, 'list'), definitions.list, async () => {
    const entries = (await directory.entries()).filter(view.canSee);
    return documentList(kind, entries, provenance);
  });

  const search = tool(
    documentToolName(kind, 'search'),
    definitions.search,
    async ({ query, limit = MAX_SEARCH_RESULTS, cursor }) => {
      const scope = {
        query,
        version: view.bundle.pointer.version,
        manifest: view.bundle.pointer.manifest,
      };
      const start =
        cursor === undefined
          ? { ok: true as const, offset: 0 }
          : await decodeCursor(cursor, scope, MAX_PAGED_RESULTS);
      if (!start.ok) return invalidCursor(start.message, provenance);
      const visibleCount = view.visibleCount(kind);
      const page = visibleCount
        ? await rankVisible(kind, view, analysed(query), { offset: start.offset, limit })
        : { ranked: [], more: false };
      const next = page.more ? await encodeCursor(scope, start.offset + limit) : undefined;
      return searchResults(kind, query, page.ranked, visibleCount, provenance, Date.now(), next);
    },
  );

  return [get, list, search];
}

function buildDefinitions(kind: DocumentKind) {
  const { singular, plural, label, pluralLabel, examples } = DOCUMENT_KINDS[kind];
  return {
    get: {
      title: `Get ${label}`,
      description: `Retrieve a specific ${label} by name. Returns the complete ${singular} documentation including name, description, and full markdown content.`,
      inputSchema: convertedOnce(
        z
          .object({
            name: z
              .string()
              .min(1)
              .describe(
                `Name of the ${singular} to retrieve (case-insensitive). Examples: ${examples}`,
              ),
          })
          .strict(),
      ),
      outputSchema: jsonOutputSchema(getOutputSchema(kind)),
      annotations: READ_ONLY,
    },
    list: {
      title: `List ${plural}`,
      description: `List all available ${pluralLabel} with their names and descriptions. Does not return full content.`,
      inputSchema: convertedOnce(z.object({}).strict()),
      outputSchema: jsonOutputSchema(listOutputSchema(kind)),
      annotations: READ_ONLY,
    },
    search: {
      title: `Search ${plural}`,
      description: `Search across all ${pluralLabel} for a keyword. Returns matching ${plural} ranked by relevance (title matches rank higher than content matches). Maximum ${MAX_SEARCH_RESULTS} results.`,
      inputSchema: convertedOnce(
        z
          .object({
            query: z
              .string()
              .min(1)
              .describe(
                `Keyword or phrase to search for (case-insensitive). Searches across ${singular} name, description, and content.`,
              ),
            limit: z
              .number()
              .int()
              .min(1)
              .max(MAX_SEARCH_RESULTS)
              .optional()
              .describe(
                `Optional: at most this many results on this page (1-${MAX_SEARCH_RESULTS}, default ${MAX_SEARCH_RESULTS}). Ask for a few, then follow next_cursor if you need more.`,
              ),
            cursor: z
              .string()
              .min(1)
              .optional()
              .describe(
                'Optional: the next_cursor of a previous result, to get the next page of the same query.',
              ),
          })
          .strict(),
      ),
      outputSchema: jsonOutputSchema(searchOutputSchema(kind)),
      annotations: READ_ONLY,
    },
  };
}

interface PageRequest {
  offset: number;
  limit: number;
}

async function rankVisible(
  kind: DocumentKind,
  view: KnowledgeView,
  query: QueryTerms,
  request: PageRequest,
): Promise<{ ranked: RankedEntry[]; more: boolean }> {
  const searcher = await view.bundle.searcher(kind);
  const end = request.offset + request.limit;
  // One result past the page tells whether another page exists. The searcher ranks only what the
  // caller may see, with statistics of those documents alone: hidden ones move no score or rank.
  const hits = await searcher.search(query, {
    limit: Math.min(end, MAX_PAGED_RESULTS) + 1,
    canSee: view.canSee,
  });
  const onPage = hits.slice(request.offset, end);
  // Only the chunks holding this page's results are read.
  const entries = await view.bundle.directory(kind).entriesAt(onPage.map((hit) => hit.doc));
  const ranked = await Promise.all(
    onPage.map(async (hit, rank) => {
      const entry = entries[rank]!;
      const text = rank < SNIPPETS_FROM_BODY ? await view.bundle.body(entry) : entry.description;
      return { entry, score: hit.score, snippet: snippet(text, query) };
    }),
  );
  return { ranked, more: hits.length > end && end < MAX_PAGED_RESULTS };
}

// A server lives for one request, but the tools' schemas never change: built (their output
// validators compiled, their JSON Schemas converted) once per isolate and kind, when the Worker
// starts, so a new isolate's first request does not pay for it (Cloudflare limits the CPU of the
// Worker's start apart from its requests' CPU).
const definitions = new Map(documentKinds.map((kind) => [kind, buildDefinitions(kind)]));

function definitionsOf(kind: DocumentKind): ReturnType<typeof buildDefinitions> {
  return definitions.get(kind)!;
}
