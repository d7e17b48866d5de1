// search_vitaegraph (the VitaeContext contract's input schema word for word) and graph_neighbors. Results are
// structured and carry resource_link items so a client can open each record directly.
import { type ResourceLink } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { recordUri } from '../../bundle/graph/ids.ts';
import { MAX_DEPTH, neighbourhood } from '../content/graph/neighbors.ts';
import type { SearchIndex } from '../../bundle/search/index.ts';
import { searchIndex } from '../content/search/search.ts';
import { snippet } from '../content/search/snippet.ts';
import { analyseQuery, type QueryTerms } from '../content/search/query-terms.ts';
import type { RecordEntry } from '../../bundle/sections.ts';
import type { KnowledgeView } from './knowledge-view.ts';
import { graphIndexFor } from './resource-catalogue.ts';
import { convertedOnce, jsonSchema, jsonOutputSchema } from './json-schema.ts';
import { tool, type Tool, type ToolAnswer } from './tool.ts';
import { READ_ONLY } from '../../shared/mcp/tool-annotations.ts';

export const MAX_GRAPH_RESULTS = 50;

export const SEARCH_VITAEGRAPH_INPUT = {
  type: 'object',
  properties: { query: { type: 'string' }, type: { type: 'string' }, tag: { type: 'string' } },
  additionalProperties: false,
} as const;

const link = (record: RecordEntry): ResourceLink => ({
  type: 'resource_link',
  uri: recordUri(record.id),
  name: record.id,
  title: record.title,
  description: record.description,
  mimeType: 'text/markdown',
});

/** An answer with a resource link to each record it names, so a client can open them directly. */
function withLinks(
  structured: Record<string, unknown>,
  records: RecordEntry[],
  isError = false,
): ToolAnswer {
  return { structured, more: records.map(link), ...(isError ? { isError } : {}) };
}

export function graphTools(view: KnowledgeView): Tool[] {
  const search = tool(
    'search_vitaegraph',
    {
      title: 'Search the knowledge graph',
      description: `Find knowledge-graph records by words (query), record type (type: ${view.recordTypes.join(', ') || 'none yet'}) and tag. All optional; with no query, matching records come in id order. At most ${MAX_GRAPH_RESULTS} results.`,
      inputSchema: jsonSchema<{ query?: string; type?: string; tag?: string }>(
        SEARCH_VITAEGRAPH_INPUT,
      ),
      outputSchema: SEARCH_OUTPUT,
      annotations: READ_ONLY,
    },
    async ({ query, type, tag }) => {
      const filtered = view.records.filter(
        (record) => (!type || record.type === type) && (!tag || record.tags.includes(tag)),
      );
      const ranked: Ranked[] = query?.trim()
        ? await rank(view, filtered, analyseQuery(query))
        : filtered.map((record) => ({ record }));
      const page = ranked.slice(0, MAX_GRAPH_RESULTS);
      const results = page.map(({ record, score, snippet: excerpt }) => ({
        id: record.id,
        type: record.type,
        title: record.title,
        description: record.description,
        tags: record.tags,
        uri: recordUri(record.id),
        ...(score !== undefined
          ? { relevance_score: Math.round(score * 10000) / 10000, snippet: excerpt }
          : {}),
      }));
      return withLinks(
        {
          results,
          count: results.length,
          total_records: view.records.length,
          ...(query !== undefined ? { query } : {}),
          ...(type !== undefined ? { type } : {}),
          ...(tag !== undefined ? { tag } : {}),
          ...(results.length
            ? {}
            : {
                message:
                  'No records matched. Try fewer words, or drop the type/tag filter; vitaegraph://index lists every record.',
              }),
          ...view.provenance,
        },
        page.map(({ record }) => record),
      );
    },
  );

  const neighbors = tool(
    'graph_neighbors',
    {
      title: 'Graph neighbours of a record',
      description: `Records linked to or from a record, up to ${MAX_DEPTH} hops, with the typed edges between them (links from front matter, [[id]] mentions in bodies).`,
      inputSchema: NEIGHBORS_INPUT,
      outputSchema: NEIGHBORS_OUTPUT,
      annotations: READ_ONLY,
    },
    async ({ id, depth, direction }) => {
      const start = view.recordsById.get(id);
      const index = start && (await graphIndexFor(view));
      if (!start || !index) {
        return withLinks(
          {
            error: 'RECORD_NOT_FOUND',
            message: `Record '${id}' not found. search_vitaegraph finds records by words, type or tag.`,
            ...view.provenance,
          },
          [],
          true,
        );
      }
      const { distances, edges } = neighbourhood(index, id, depth, direction);
      const neighbours = [...distances]
        .map(([neighbour, distance]) => ({ record: view.recordsById.get(neighbour)!, distance }))
        .sort((a, b) => a.distance - b.distance || (a.record.id < b.record.id ? -1 : 1));
      return withLinks(
        {
          id,
          type: start.type,
          title: start.title,
          uri: recordUri(id),
          depth,
          direction,
          nodes: neighbours.map(({ record, distance }) => ({
            id: record.id,
            type: record.type,
            title: record.title,
            distance,
            uri: recordUri(record.id),
          })),
          edges,
          ...view.provenance,
        },
        [start, ...neighbours.map(({ record }) => record)],
      );
    },
  );

  return [search, neighbors];
}

interface Ranked {
  record: RecordEntry;
  score?: number;
  snippet?: string;
}

async function rank(
  view: KnowledgeView,
  candidates: RecordEntry[],
  query: QueryTerms,
): Promise<Ranked[]> {
  const graph = view.bundle.knowledge?.graph;
  if (!graph || candidates.length === 0) return [];
  const index = await view.bundle.json<SearchIndex>(graph.search);
  const allowed = new Set(candidates.map((record) => record.id));
  const records = view.bundle.records;
  // Ranked among the records this caller may see, with their statistics alone (not the hidden ones').
  const hits = searchIndex(index, query, { limit: records.length, canSee: view.canSee })
    .map((hit) => ({ record: records[hit.doc]!, score: hit.score }))
    .filter(({ record }) => allowed.has(record.id))
    .slice(0, MAX_GRAPH_RESULTS);
  return Promise.all(
    hits.map(async ({ record, score }) => ({
      record,
      score,
      snippet: snippet(await bodyText(view, record), query),
    })),
  );
}

const bodyText = async (view: KnowledgeView, record: RecordEntry): Promise<string> =>
  (await view.bundle.text(record.body)).replace(/^---\n[\s\S]*?\n---\n/, '');

const NEIGHBORS_INPUT = convertedOnce(
  z
    .object({
      id: z.string().min(1).describe('Record id, e.g. skill-typescript'),
      depth: z
        .number()
        .int()
        .min(1)
        .max(MAX_DEPTH)
        .default(1)
        .describe(`Hops to follow (1-${MAX_DEPTH})`),
      direction: z
        .enum(['out', 'in', 'both'])
        .default('both')
        .describe('out: links from the record; in: backlinks; both'),
    })
    .strict(),
);

const provenance = {
  version: { type: 'string' },
  commit: { anyOf: [{ type: 'string' }, { type: 'null' }] },
};

const SEARCH_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    results: {
      type: 'array',
      maxItems: MAX_GRAPH_RESULTS,
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          type: { type: 'string' },
          title: { type: 'string' },
          description: { type: 'string' },
          tags: { type: 'array', items: { type: 'string' } },
          uri: { type: 'string' },
          relevance_score: { type: 'number', minimum: 0, maximum: 1 },
          snippet: { type: 'string' },
        },
        required: ['id', 'type', 'title', 'uri'],
      },
    },
    count: { type: 'integer', minimum: 0 },
    total_records: { type: 'integer', minimum: 0 },
    query: { type: 'string' },
    type: { type: 'string' },
    tag: { type: 'string' },
    message: { type: 'string' },
    ...provenance,
  },
  required: ['results', 'count', 'total_records'],
};

const NEIGHBORS_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    type: { type: 'string' },
    title: { type: 'string' },
    uri: { type: 'string' },
    depth: { type: 'integer' },
    direction: { type: 'string', enum: ['out', 'in', 'both'] },
    nodes: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          type: { type: 'string' },
          title: { type: 'string' },
          distance: { type: 'integer', minimum: 1 },
          uri: { type: 'string' },
        },
        required: ['id', 'type', 'distance', 'uri'],
      },
    },
    edges: {
      type: 'array',
      items: {
        type: 'object',
        properties: { from: { type: 'string' }, to: { type: 'string' }, type: { type: 'string' } },
        required: ['from', 'to', 'type'],
      },
    },
    ...provenance,
  },
  required: ['id', 'uri', 'nodes', 'edges'],
};

// Checked by zod's translation, made when the Worker starts rather than in a new isolate's first request.
const SEARCH_OUTPUT = jsonOutputSchema(SEARCH_OUTPUT_SCHEMA);
const NEIGHBORS_OUTPUT = jsonOutputSchema(NEIGHBORS_OUTPUT_SCHEMA);
