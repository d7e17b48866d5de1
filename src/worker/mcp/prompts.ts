// Prompts are content: each visible `content/prompts/*.md` becomes a prompt whose arguments complete
// from the bundle, whose body is rendered from the arguments, and whose embeds are appended as
// embedded resources (the VitaeContext contract's URIs) or as the text of a process, checklist, template or framework.
import {
  completable,
  ProtocolError,
  ProtocolErrorCode,
  type GetPromptResult,
  type McpServer,
  type PromptMessage,
} from '@modelcontextprotocol/server';
import * as z from 'zod';
import { rankCompletions } from '../content/completion.ts';
import { recordUri } from '../../bundle/graph/ids.ts';
import { documentKindOfSingular, isDocumentSingular } from '../../bundle/kinds.ts';
import { parseEmbed, type Embed } from '../../bundle/prompts/embeds.ts';
import { parsePromptBody, renderPrompt } from '../../bundle/prompts/render.ts';
import type { PromptArgumentEntry, PromptEntry } from '../../bundle/sections.ts';
import { templateText, frameworkText } from '../../bundle/templates/text-formats.ts';
import { derived, type KnowledgeView } from './knowledge-view.ts';
import { CONTEXT_URI, INDEX_URI, readResource, wikiUri } from './resource-catalogue.ts';

export function registerPrompts(server: McpServer, view: KnowledgeView): void {
  const schemas = derived(argumentSchemas, view, buildArgumentSchemas);
  for (const prompt of view.prompts) {
    server.registerPrompt(
      prompt.name,
      {
        title: prompt.title,
        description: prompt.description,
        argsSchema: schemas.get(prompt.name)!,
      },
      (args) => getPrompt(view, prompt, args as Record<string, string | undefined>),
    );
  }
}

// Argument schemas complete from what the view can see: built once per view, not per request.
const argumentSchemas = new WeakMap<KnowledgeView, ReturnType<typeof buildArgumentSchemas>>();

const buildArgumentSchemas = (view: KnowledgeView) =>
  new Map(
    view.prompts.map((prompt) => [
      prompt.name,
      z.object(
        Object.fromEntries(prompt.arguments.map((arg) => [arg.name, argumentSchema(arg, view)])),
      ),
    ]),
  );

function argumentSchema(arg: PromptArgumentEntry, view: KnowledgeView) {
  const base = z.string().describe(arg.description);
  const candidates = (): string[] =>
    arg.values ?? (arg.complete ? view.namesFor(arg.complete) : []);
  const field =
    arg.values || arg.complete
      ? completable(base, (value) => rankCompletions(candidates(), value ?? ''))
      : base;
  return arg.required ? field : field.optional();
}

async function getPrompt(
  view: KnowledgeView,
  prompt: PromptEntry,
  args: Record<string, string | undefined>,
): Promise<GetPromptResult> {
  const parsed = parsePromptBody(await view.bundle.text(prompt.body));
  // The build refuses a body that does not parse; this guards a bundle written by something else.
  if (!parsed.ok)
    throw new ProtocolError(
      ProtocolErrorCode.InternalError,
      `prompt ${prompt.name} has a malformed body (${prompt.path}:${parsed.line})`,
    );
  const messages: PromptMessage[] = [
    { role: 'user', content: { type: 'text', text: renderPrompt(parsed.template, args) } },
  ];
  for (const text of prompt.embed) {
    const embed = parseEmbed(text);
    if (!embed) continue;
    const given =
      embed.argument !== undefined && Object.hasOwn(args, embed.argument)
        ? args[embed.argument]
        : undefined;
    const target = embed.argument
      ? typeof given === 'string'
        ? given.trim()
        : undefined
      : embed.target;
    if (embed.argument && !target) continue;
    messages.push(await embedMessage(view, embed, target));
  }
  return { description: prompt.description, messages };
}

async function embedMessage(
  view: KnowledgeView,
  embed: Embed,
  target: string | undefined,
): Promise<PromptMessage> {
  const resource = async (uri: string): Promise<PromptMessage> => {
    const { contents } = await readResource(view, uri);
    const first = contents[0] as { uri: string; mimeType?: string; text: string };
    return {
      role: 'user',
      content: {
        type: 'resource',
        resource: { uri: first.uri, mimeType: first.mimeType, text: first.text },
      },
    };
  };
  const textMessage = (text: string): PromptMessage => ({
    role: 'user',
    content: { type: 'text', text },
  });
  if (isDocumentSingular(embed.kind)) {
    const documentKind = documentKindOfSingular(embed.kind)!;
    const entry = view.bundle
      .documents(documentKind)
      .find(
        (candidate) =>
          candidate.name === target && view.documentNames(documentKind).includes(candidate.name),
      );
    if (!entry) throw unknownName(embed.kind, target!, view.documentNames(documentKind));
    return textMessage(
      `# ${entry.title} (${embed.kind} '${entry.name}')\n\n${await view.bundle.body(entry)}`,
    );
  }
  switch (embed.kind) {
    case 'context':
      return resource(CONTEXT_URI);
    case 'index':
      return resource(INDEX_URI);
    case 'record':
      if (!view.recordsById.has(target!))
        throw unknownName('record', target!, view.namesFor('records'));
      return resource(recordUri(target!));
    case 'wiki':
      if (!view.wiki.some((module) => module.module === target))
        throw unknownName('wiki module', target!, view.namesFor('wiki'));
      return resource(wikiUri(target!));
    case 'template': {
      const entry = view.templates.find((candidate) => candidate.name === target);
      if (!entry) throw unknownName('template', target!, view.namesFor('templates'));
      return textMessage(templateText(entry.name, await view.bundle.text(entry.body)));
    }
    case 'framework': {
      const entry = view.frameworks.find(
        (candidate) => candidate.name.toLowerCase() === target!.toLowerCase(),
      );
      if (!entry) throw unknownName('framework', target!, view.namesFor('frameworks'));
      return textMessage(frameworkText(entry.name, await view.bundle.text(entry.body)));
    }
  }
}

const unknownName = (what: string, name: string, available: string[]): ProtocolError =>
  new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `Unknown ${what} '${name}'. Available: ${available.join(', ') || 'none'}`,
  );
