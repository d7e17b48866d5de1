// The POWER template contract's tools with its exact text outputs (list_templates, get_template, list_frameworks),
// plus get_framework and fill_template. Enumerations come from the bundle, never from code.
import * as z from 'zod';
import {
  fillPlaceholders,
  frameworkListText,
  frameworkNotFoundText,
  frameworkText,
  templateListText,
  templateNotFoundText,
  templateText,
} from '../../bundle/templates/text-formats.ts';
import { derived, type KnowledgeView } from './knowledge-view.ts';
import { convertedOnce, jsonOutputSchema } from './json-schema.ts';
import { READ_ONLY } from '../../shared/mcp/tool-annotations.ts';
import { tool, type Tool, type ToolAnswer } from './tool.ts';

const text = (value: string, isError = false): ToolAnswer => ({
  text: value,
  ...(isError ? { isError } : {}),
});
const emptyInput = convertedOnce(z.object({}).strict());

/** "readme, architecture, api, components, or schema" */
const spokenList = (names: readonly string[]): string =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')}, or ${names.at(-1)}`;

export function templateTools(view: KnowledgeView): Tool[] {
  const {
    templateNames: names,
    frameworkNames,
    tools,
  } = derived(definitions, view, buildDefinitions);
  const listTemplates = tool('list_templates', tools.listTemplates, () =>
    text(templateListText(names)),
  );

  const getTemplate = tool('get_template', tools.getTemplate, async ({ template_name }) => {
    const entry = view.templates.find((template) => template.name === template_name);
    if (!entry) return text(templateNotFoundText(template_name, names), true);
    return text(templateText(entry.name, await view.bundle.text(entry.body)));
  });

  const fillTemplate = tool(
    'fill_template',
    tools.fillTemplate,
    async ({ template_name, values }) => {
      const entry = view.templates.find((template) => template.name === template_name);
      if (!entry) return text(templateNotFoundText(template_name, names), true);
      const filled = fillPlaceholders(await view.bundle.text(entry.body), values);
      const structured = {
        template: entry.name,
        content: filled.text,
        resolved: filled.resolved,
        unresolved: filled.unresolved,
        references: entry.references,
        save_as: entry.saveAs,
        store_as: entry.storeAs,
        ...view.provenance,
      };
      return { text: templateText(entry.name, filled.text), structured };
    },
  );

  const listFrameworks = tool('list_frameworks', tools.listFrameworks, () =>
    text(frameworkListText(view.frameworks)),
  );

  const getFramework = tool('get_framework', tools.getFramework, async ({ name }) => {
    const wanted = name.trim().replace(/\.md$/i, '').toLowerCase();
    const entry = view.frameworks.find((framework) => framework.name.toLowerCase() === wanted);
    if (!entry) return text(frameworkNotFoundText(name, frameworkNames), true);
    return text(frameworkText(entry.name, await view.bundle.text(entry.body)));
  });

  return [listTemplates, getTemplate, fillTemplate, listFrameworks, getFramework];
}

// The names (and so the schemas) come from the bundle and what the caller may see: built once per view.
const definitions = new WeakMap<KnowledgeView, ReturnType<typeof buildDefinitions>>();

function buildDefinitions(view: KnowledgeView) {
  const templateNames = view.templates.map((template) => template.name);
  const frameworkNames = view.frameworks.map((framework) => framework.name);
  // The enum is advertised (from the bundle) but not enforced by the schema, so a name outside it
  // gets the POWER template contract's own "Template 'x' not found. Available: …" text rather than a generic error.
  const templateName = z
    .string()
    .meta({ description: `Name of template: ${spokenList(templateNames)}`, enum: templateNames });
  return {
    templateNames,
    frameworkNames,
    tools: {
      listTemplates: {
        title: 'List POWER templates',
        description: 'List all available POWER framework documentation templates',
        inputSchema: emptyInput,
        annotations: READ_ONLY,
      },
      getTemplate: {
        title: 'Get a POWER template',
        description: 'Get a specific POWER framework template',
        inputSchema: convertedOnce(z.object({ template_name: templateName }).strict()),
        annotations: READ_ONLY,
      },
      fillTemplate: {
        title: 'Fill a POWER template',
        description:
          'Get a POWER template with its {{…_summary}} cross-references replaced by the summaries you pass, e.g. {"readme_summary": "…"}. Reports which placeholders remain unresolved.',
        inputSchema: convertedOnce(
          z
            .object({
              template_name: templateName,
              values: z
                .record(z.string(), z.string())
                .default({})
                .describe(
                  'Summary text per placeholder name, e.g. readme_summary, architecture_summary',
                ),
            })
            .strict(),
        ),
        outputSchema: jsonOutputSchema(FILL_OUTPUT_SCHEMA),
        annotations: READ_ONLY,
      },
      listFrameworks: {
        title: 'List framework docs',
        description: 'List all available prompt engineering framework documentation',
        inputSchema: emptyInput,
        annotations: READ_ONLY,
      },
      getFramework: {
        title: 'Get a framework doc',
        description: `Get one prompt engineering framework document by name (case-insensitive, with or without .md): ${frameworkNames.join(', ') || 'none published'}.`,
        inputSchema: convertedOnce(
          z
            .object({
              name: z.string().min(1).meta({
                description: 'Framework name, e.g. POWER or POWER.md',
                enum: frameworkNames,
              }),
            })
            .strict(),
        ),
        annotations: READ_ONLY,
      },
    },
  };
}

const FILL_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    template: { type: 'string' },
    content: {
      type: 'string',
      description: 'The template text with the given placeholders replaced',
    },
    resolved: { type: 'array', items: { type: 'string' } },
    unresolved: {
      type: 'array',
      items: { type: 'string' },
      description: 'Placeholders still in the text: pass them in values',
    },
    references: {
      type: 'array',
      items: { type: 'string' },
      description: 'Every cross-reference the template declares',
    },
    save_as: { type: 'string' },
    store_as: { type: 'string' },
    version: { type: 'string' },
    commit: { anyOf: [{ type: 'string' }, { type: 'null' }] },
  },
  required: ['template', 'content', 'resolved', 'unresolved', 'references', 'save_as', 'store_as'],
} as const;
