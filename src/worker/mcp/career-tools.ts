// The VitaeContext contract's get_career_context and validate_career_context, input schemas word for word.
import {
  CHANNEL_GUIDES,
  CHANNELS,
  emphasisedSections,
  sectionHeadings,
  type Channel,
} from '../content/context/channels.ts';
import { NO_CONTEXT_NOTICE } from '../content/context/notice.ts';
import { validateContext } from '../content/context/validate.ts';
import type { KnowledgeView } from './knowledge-view.ts';
import { CONTEXT_URI } from './resource-catalogue.ts';
import { tool, type Tool } from './tool.ts';
import { jsonSchema, jsonOutputSchema } from './json-schema.ts';
import { READ_ONLY } from '../../shared/mcp/tool-annotations.ts';

export const GET_CAREER_CONTEXT_INPUT = {
  type: 'object',
  properties: { for: { type: 'string', enum: [...CHANNELS], default: 'general' } },
  additionalProperties: false,
} as const;
export const VALIDATE_CAREER_CONTEXT_INPUT = {
  type: 'object',
  properties: {},
  additionalProperties: false,
} as const;

export function careerTools(view: KnowledgeView): Tool[] {
  const getContext = tool(
    'get_career_context',
    {
      title: 'Get career context',
      description:
        'Return the career-context document whole, plus guidance for the channel named in `for` (cv, github, linkedin, portfolio, x, general) and which of its sections matter most there.',
      inputSchema: jsonSchema<{ for?: Channel }>(GET_CAREER_CONTEXT_INPUT),
      outputSchema: CONTEXT_OUTPUT,
      annotations: READ_ONLY,
    },
    async (args) => {
      const channel: Channel = args.for ?? 'general';
      const guide = CHANNEL_GUIDES[channel];
      const entry = view.context;
      const content = entry ? await view.bundle.text(entry.body) : NO_CONTEXT_NOTICE;
      const headings = entry ? sectionHeadings(content) : [];
      const structured = {
        for: channel,
        channel: guide.label,
        available: entry !== null,
        uri: CONTEXT_URI,
        ...(entry
          ? {
              title: entry.title,
              path: entry.path,
              ...(entry.updated ? { updated: entry.updated } : {}),
            }
          : {}),
        content,
        sections: headings,
        emphasis: emphasisedSections(headings, channel),
        guidance: guide.guidance,
        ...view.provenance,
      };
      return { structured };
    },
  );

  const validateContextTool = tool(
    'validate_career_context',
    {
      title: 'Validate career context',
      description:
        'Check the career-context document: required sections (Summary, Experience, Skills), references to knowledge-graph records ([[id]] or vitaegraph://record/id) that do not exist, and dates (valid year-months, ranges in order, nothing starting in the future, staleness).',
      inputSchema: jsonSchema(VALIDATE_CAREER_CONTEXT_INPUT),
      outputSchema: VALIDATION_OUTPUT,
      annotations: READ_ONLY,
    },
    async () => {
      const entry = view.context;
      if (!entry) {
        const structured = {
          valid: false,
          available: false,
          uri: CONTEXT_URI,
          errors: [
            {
              code: 'NO_CONTEXT',
              message:
                'No career-context document is published: add one Markdown file under content/context/ and publish.',
            },
          ],
          warnings: [],
          checked: { sections: [], references: 0, dates: 0 },
          ...view.provenance,
        };
        return { structured };
      }
      const report = validateContext({
        body: await view.bundle.text(entry.body),
        updated: entry.updated,
        recordIds: new Set(view.recordsById.keys()),
        today: new Date(),
      });
      return {
        structured: {
          ...report,
          available: true,
          uri: CONTEXT_URI,
          path: entry.path,
          ...view.provenance,
        },
      };
    },
  );

  return [getContext, validateContextTool];
}

const provenance = {
  version: { type: 'string' },
  commit: { anyOf: [{ type: 'string' }, { type: 'null' }] },
} as const;
const issue = {
  type: 'object',
  properties: {
    code: { type: 'string' },
    message: { type: 'string' },
    line: { type: 'integer', minimum: 1 },
  },
  required: ['code', 'message'],
} as const;

const CONTEXT_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    for: { type: 'string', enum: [...CHANNELS] },
    channel: { type: 'string' },
    available: {
      type: 'boolean',
      description: 'false when no document is published; content is then a notice',
    },
    uri: { type: 'string' },
    title: { type: 'string' },
    path: { type: 'string' },
    updated: { type: 'string' },
    content: {
      type: 'string',
      description: 'The document (Markdown), or the notice saying how to add one',
    },
    sections: { type: 'array', items: { type: 'string' } },
    emphasis: {
      type: 'array',
      items: { type: 'string' },
      description: 'Sections that matter most for this channel, most important first',
    },
    guidance: { type: 'array', items: { type: 'string' } },
    ...provenance,
  },
  required: ['for', 'available', 'uri', 'content', 'sections', 'emphasis', 'guidance'],
} as const;

const VALIDATION_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    valid: { type: 'boolean' },
    available: { type: 'boolean' },
    uri: { type: 'string' },
    path: { type: 'string' },
    errors: { type: 'array', items: issue },
    warnings: { type: 'array', items: issue },
    checked: {
      type: 'object',
      properties: {
        sections: { type: 'array', items: { type: 'string' } },
        references: { type: 'integer' },
        dates: { type: 'integer' },
      },
      required: ['sections', 'references', 'dates'],
    },
    ...provenance,
  },
  required: ['valid', 'available', 'errors', 'warnings', 'checked'],
} as const;

// Checked by zod's translation, made when the Worker starts rather than in a new isolate's first request.
const CONTEXT_OUTPUT = jsonOutputSchema(CONTEXT_OUTPUT_SCHEMA);
const VALIDATION_OUTPUT = jsonOutputSchema(VALIDATION_OUTPUT_SCHEMA);
