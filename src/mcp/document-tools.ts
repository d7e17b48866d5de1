// get_/list_/search_ tools for one document kind (spec 000 for processes; the same shapes for checklists).
import { fromJsonSchema, type McpServer } from '@modelcontextprotocol/server';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/server/validators/cf-worker';
import * as z from 'zod';
import { isVisible } from '../content/access.ts';
import type { DocumentEntry } from '../content/bundle.ts';
import { DOCUMENT_KINDS, type DocumentKind } from '../content/kinds.ts';
import { normalizeName } from '../content/names.ts';
import { searchIndex, snippet } from '../content/search/index.ts';
import type { LoadedBundle } from '../content/store.ts';
import { documentFound, documentList, documentNotFound, provenanceOf, searchResults, type RankedEntry } from './document-results.ts';
import { getOutputSchema, listOutputSchema, searchOutputSchema } from './document-schemas.ts';
import { toolResult } from './tool-result.ts';

export const MAX_SEARCH_RESULTS = 50;
/** Snippets need the body; beyond the first few results the description stands in, keeping search cheap. */
const SNIPPETS_FROM_BODY = 10;

const validator = new CfWorkerJsonSchemaValidator();
const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export interface DocumentToolContext { bundle: LoadedBundle; groups: readonly string[] }

export function registerDocumentTools(server: McpServer, kind: DocumentKind, context: DocumentToolContext): void {
  const { singular, plural, label, pluralLabel } = DOCUMENT_KINDS[kind];
  const provenance = provenanceOf(context.bundle.pointer);
  const visible = (): DocumentEntry[] => context.bundle.documents(kind).filter((entry) => isVisible(entry, context.groups));
  const examples = kind === 'processes' ? "'code-review', 'deployment', 'incident-response'" : "'code-review', 'release'";

  server.registerTool(`get_${singular}`, {
    title: `Get ${label}`,
    description: `Retrieve a specific ${label} by name. Returns the complete ${singular} documentation including name, description, and full markdown content.`,
    inputSchema: z.object({
      name: z.string().min(1).describe(`Name of the ${singular} to retrieve (case-insensitive). Examples: ${examples}`),
    }).strict(),
    outputSchema: fromJsonSchema(getOutputSchema(kind), validator),
    annotations: readOnly,
  }, async ({ name }) => {
    const entries = visible();
    const wanted = normalizeName(name);
    const entry = entries.find((candidate) => candidate.name === wanted);
    if (!entry) return toolResult(documentNotFound(kind, name, entries, provenance), { isError: true });
    return toolResult(documentFound(entry, await context.bundle.body(entry), provenance));
  });

  server.registerTool(`list_${plural}`, {
    title: `List ${plural}`,
    description: `List all available ${pluralLabel} with their names and descriptions. Does not return full content.`,
    inputSchema: z.object({}).strict(),
    outputSchema: fromJsonSchema(listOutputSchema(kind), validator),
    annotations: readOnly,
  }, async () => toolResult(documentList(kind, visible(), provenance)));

  server.registerTool(`search_${plural}`, {
    title: `Search ${plural}`,
    description: `Search across all ${pluralLabel} for a keyword. Returns matching ${plural} ranked by relevance (title matches rank higher than content matches). Maximum ${MAX_SEARCH_RESULTS} results.`,
    inputSchema: z.object({
      query: z.string().min(1).describe(`Keyword or phrase to search for (case-insensitive). Searches across ${singular} name, description, and content.`),
    }).strict(),
    outputSchema: fromJsonSchema(searchOutputSchema(kind), validator),
    annotations: readOnly,
  }, async ({ query }) => {
    const all = context.bundle.documents(kind);
    const ranked = all.length ? await rankVisible(kind, context, all, query) : [];
    return toolResult(searchResults(kind, query, ranked, all.filter((entry) => isVisible(entry, context.groups)).length, provenance));
  });
}

async function rankVisible(kind: DocumentKind, context: DocumentToolContext, all: DocumentEntry[], query: string): Promise<RankedEntry[]> {
  const index = await context.bundle.index(kind);
  // The index covers every document; hidden ones are dropped before the limit so a page is never short.
  const hits = searchIndex(index, query, { limit: all.length })
    .filter((hit) => isVisible(all[hit.doc]!, context.groups))
    .slice(0, MAX_SEARCH_RESULTS);
  return Promise.all(hits.map(async (hit, rank) => {
    const entry = all[hit.doc]!;
    const text = rank < SNIPPETS_FROM_BODY ? await context.bundle.body(entry) : entry.description;
    return { entry, score: hit.score, snippet: snippet(text, query) };
  }));
}
