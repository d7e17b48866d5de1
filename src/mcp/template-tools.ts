// Spec 003's tools with its exact text outputs (list_templates, get_template, list_frameworks),
// plus get_framework and fill_template. Enumerations come from the bundle, never from code.
import { fromJsonSchema, type CallToolResult, type McpServer } from '@modelcontextprotocol/server';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/server/validators/cf-worker';
import * as z from 'zod';
import {
  fillPlaceholders, frameworkListText, frameworkNotFoundText, frameworkText, templateListText, templateNotFoundText, templateText,
} from '../content/templates/text-formats.ts';
import type { KnowledgeView } from './knowledge-view.ts';

const validator = new CfWorkerJsonSchemaValidator();
const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const text = (value: string, isError = false): CallToolResult => ({ content: [{ type: 'text', text: value }], ...(isError ? { isError: true } : {}) });
const emptyInput = z.object({}).strict();

/** "readme, architecture, api, components, or schema" */
const spokenList = (names: readonly string[]): string =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')}, or ${names.at(-1)}`;

export function registerTemplateTools(server: McpServer, view: KnowledgeView): void {
  const names = view.templates.map((template) => template.name);
  server.registerTool('list_templates', {
    title: 'List POWER templates',
    description: 'List all available POWER framework documentation templates',
    inputSchema: emptyInput,
    annotations: readOnly,
  }, () => text(templateListText(names)));

  // The enum is advertised (from the bundle) but not enforced by the schema, so a name outside it
  // gets spec 003's own "Template 'x' not found. Available: …" text rather than a generic error.
  const templateName = z.string().meta({ description: `Name of template: ${spokenList(names)}`, enum: names });
  server.registerTool('get_template', {
    title: 'Get a POWER template',
    description: 'Get a specific POWER framework template',
    inputSchema: z.object({ template_name: templateName }).strict(),
    annotations: readOnly,
  }, async ({ template_name }) => {
    const entry = view.templates.find((template) => template.name === template_name);
    if (!entry) return text(templateNotFoundText(template_name, names), true);
    return text(templateText(entry.name, await view.bundle.text(entry.body)));
  });

  server.registerTool('fill_template', {
    title: 'Fill a POWER template',
    description: 'Get a POWER template with its {{…_summary}} cross-references (spec 003) replaced by the summaries you pass, e.g. {"readme_summary": "…"}. Reports which placeholders remain unresolved.',
    inputSchema: z.object({
      template_name: templateName,
      values: z.record(z.string(), z.string()).default({}).describe('Summary text per placeholder name, e.g. readme_summary, architecture_summary'),
    }).strict(),
    outputSchema: fromJsonSchema(FILL_OUTPUT_SCHEMA, validator),
    annotations: readOnly,
  }, async ({ template_name, values }) => {
    const entry = view.templates.find((template) => template.name === template_name);
    if (!entry) return text(templateNotFoundText(template_name, names), true);
    const filled = fillPlaceholders(await view.bundle.text(entry.body), values);
    const structured = {
      template: entry.name, content: filled.text, resolved: filled.resolved, unresolved: filled.unresolved,
      references: entry.references, save_as: entry.saveAs, store_as: entry.storeAs, ...view.provenance,
    };
    return { content: [{ type: 'text', text: templateText(entry.name, filled.text) }], structuredContent: structured };
  });

  registerFrameworkTools(server, view);
}

function registerFrameworkTools(server: McpServer, view: KnowledgeView): void {
  const frameworks = view.frameworks;
  server.registerTool('list_frameworks', {
    title: 'List framework docs',
    description: 'List all available prompt engineering framework documentation',
    inputSchema: emptyInput,
    annotations: readOnly,
  }, () => text(frameworkListText(frameworks)));

  const names = frameworks.map((framework) => framework.name);
  server.registerTool('get_framework', {
    title: 'Get a framework doc',
    description: `Get one prompt engineering framework document by name (case-insensitive, with or without .md): ${names.join(', ') || 'none published'}.`,
    inputSchema: z.object({ name: z.string().min(1).meta({ description: 'Framework name, e.g. POWER or POWER.md', enum: names }) }).strict(),
    annotations: readOnly,
  }, async ({ name }) => {
    const wanted = name.trim().replace(/\.md$/i, '').toLowerCase();
    const entry = frameworks.find((framework) => framework.name.toLowerCase() === wanted);
    if (!entry) return text(frameworkNotFoundText(name, names), true);
    return text(frameworkText(entry.name, await view.bundle.text(entry.body)));
  });
}

const FILL_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    template: { type: 'string' },
    content: { type: 'string', description: 'The template text with the given placeholders replaced' },
    resolved: { type: 'array', items: { type: 'string' } },
    unresolved: { type: 'array', items: { type: 'string' }, description: 'Placeholders still in the text: pass them in values' },
    references: { type: 'array', items: { type: 'string' }, description: 'Every cross-reference the template declares' },
    save_as: { type: 'string' },
    store_as: { type: 'string' },
    version: { type: 'string' },
    commit: { type: ['string', 'null'] },
  },
  required: ['template', 'content', 'resolved', 'unresolved', 'references', 'save_as', 'store_as'],
} as const;
