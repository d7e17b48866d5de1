// Output schemas of the document tools: the process-query contract's, word for word, generalised over kinds
// (process → checklist), plus the provenance fields the spec's open objects allow and, on get and
// search, the freshness fields (owner, last_changed, stale), all optional.
import { DOCUMENT_KINDS, type DocumentKind } from '../../bundle/kinds.ts';

const provenance = {
  version: { type: 'string', description: 'Bundle version that answered (provenance)' },
  commit: {
    anyOf: [{ type: 'string' }, { type: 'null' }],
    description: 'Git commit the bundle was built from, when known',
  },
} as const;

const path = {
  type: 'string',
  description: 'Source file, relative to the content folder (provenance)',
} as const;

/** Added to the contract's fields of get and search: how old the document is (src/worker/content/freshness.ts). */
const freshness = {
  owner: {
    type: 'string',
    description: "Who keeps the document (its front matter 'owner'), when set",
  },
  last_changed: {
    type: 'string',
    description: 'Date (YYYY-MM-DD, UTC) the document last changed in git, when known',
  },
  stale: {
    type: 'boolean',
    description:
      'True when the document is past its review date (last reviewed, else last changed, plus its review period): caveat what it says',
  },
} as const;

export function getOutputSchema(kind: DocumentKind) {
  const { singular, notFound } = DOCUMENT_KINDS[kind];
  const Singular = capitalise(singular);
  return {
    oneOf: [
      {
        type: 'object',
        description: `Success response with ${singular} content`,
        properties: {
          name: { type: 'string', description: `${Singular} name` },
          description: { type: 'string', description: `Brief ${singular} description` },
          content: { type: 'string', description: `Full markdown content of the ${singular}` },
          title: { type: 'string', description: `${Singular} title` },
          path,
          ...freshness,
          ...provenance,
        },
        required: ['name', 'content'],
      },
      {
        type: 'object',
        description: `Error response when ${singular} not found`,
        properties: {
          error: { type: 'string', enum: [notFound] },
          message: { type: 'string', description: 'Error message' },
          available: {
            type: 'array',
            items: { type: 'string' },
            description: `List of available ${singular} names`,
          },
          ...provenance,
        },
        required: ['error', 'message', 'available'],
      },
    ],
  };
}

export function listOutputSchema(kind: DocumentKind) {
  const { singular, plural } = DOCUMENT_KINDS[kind];
  return {
    type: 'object',
    properties: {
      [plural]: {
        type: 'array',
        items: {
          type: 'object',
          properties: summaryProperties(kind),
          required: ['name'],
        },
        description: `Array of ${singular} metadata`,
      },
      count: { type: 'integer', description: `Number of ${plural} found`, minimum: 0 },
      message: { type: 'string', description: 'Optional message (e.g., when directory is empty)' },
      ...provenance,
    },
    required: [plural, 'count'],
  };
}

export function searchOutputSchema(kind: DocumentKind) {
  const { plural } = DOCUMENT_KINDS[kind];
  return {
    type: 'object',
    properties: {
      results: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            ...summaryProperties(kind),
            relevance_score: {
              type: 'number',
              description: 'Relevance score (0.0 to 1.0)',
              minimum: 0,
              maximum: 1,
            },
            snippet: { type: 'string', description: 'Content excerpt showing match context' },
            ...freshness,
          },
          required: ['name', 'relevance_score'],
        },
        maxItems: 50,
        description: 'Array of search results, sorted by relevance',
      },
      query: { type: 'string', description: 'The search query that was executed' },
      count: {
        type: 'integer',
        description: 'Number of results returned',
        minimum: 0,
        maximum: 50,
      },
      [`total_${plural}`]: {
        type: 'integer',
        description: `Total number of ${plural} searched`,
        minimum: 0,
      },
      message: { type: 'string', description: 'Optional message (e.g., when no matches found)' },
      next_cursor: {
        type: 'string',
        description:
          "Present when more results exist: pass it as 'cursor' with the same query for the next page",
      },
      ...provenance,
    },
    required: ['results', 'query', 'count', `total_${plural}`],
  };
}

/** What list and search items say about a document (the process-query contract's fields, then provenance). */
function summaryProperties(kind: DocumentKind) {
  const { singular } = DOCUMENT_KINDS[kind];
  const Singular = capitalise(singular);
  return {
    name: { type: 'string', description: `${Singular} name` },
    description: { type: 'string', description: `Brief ${singular} description` },
    title: { type: 'string', description: `${Singular} title` },
    path,
  };
}

const capitalise = (word: string): string => word[0]!.toUpperCase() + word.slice(1);
