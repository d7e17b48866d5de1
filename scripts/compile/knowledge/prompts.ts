// content/prompts/*.md → prompts: front matter name, description, arguments, embed; a body with
// {{argument}} placeholders. Every placeholder and embed is checked against what the bundle holds.
import { join } from 'node:path';
import { audienceCovers, audienceText } from '../../../src/bundle/audience-covers.ts';
import {
  parseEmbed,
  EMBED_COMPLETION,
  EMBED_FORMS,
  type EmbedKind,
} from '../../../src/bundle/prompts/embeds.ts';
import { parsePromptBody } from '../../../src/bundle/prompts/render.ts';
import {
  COMPLETION_SOURCES,
  type CompletionSource,
  type PromptArgumentEntry,
  type PromptEntry,
} from '../../../src/bundle/sections.ts';
import type { BuildError } from '../errors.ts';
import { readSourceFiles, type SourceFile } from './files.ts';
import { unknownKeyErrors, type KnownKey } from '../front-matter-keys.ts';
import { readFrontMatter, type Fields } from './front.ts';

type PromptFields = Fields<KnownKey<'prompts'>>;

/** A prompt as the build holds it: the bundle's entry with its body text instead of the body's hash. */
export type CompiledPrompt = Omit<PromptEntry, 'body'> & { content: string };

/** Names that exist in the bundle, per embed kind, with who may see each (absent: everyone), so fixed embed targets can be checked. */
export type KnownNames = Partial<
  Record<EmbedKind, ReadonlyMap<string, readonly string[] | undefined>>
>;

const PROMPT_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;
const ARGUMENT_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

export async function compilePrompts(
  contentDir: string,
  known: KnownNames,
  errors: BuildError[],
): Promise<CompiledPrompt[]> {
  const files = await readSourceFiles(
    join(contentDir, 'prompts'),
    '.md',
    { root: contentDir, recursive: false, maxBytes: 256 * 1024 },
    errors,
  );
  const prompts: CompiledPrompt[] = [];
  const names = new Map<string, string>();
  for (const source of files) {
    const fields = readFrontMatter('prompts', source, errors);
    const prompt = fields && readPrompt(source, fields, known, errors);
    if (!prompt) continue;
    const other = names.get(prompt.name);
    if (other) {
      errors.push({
        file: source.file,
        line: fields.line('name'),
        message: `duplicate prompt name '${prompt.name}' (also ${other})`,
      });
      continue;
    }
    names.set(prompt.name, source.path);
    prompts.push(prompt);
  }
  return prompts.sort((a, b) => (a.name < b.name ? -1 : 1));
}

function readPrompt(
  source: SourceFile,
  fields: PromptFields,
  known: KnownNames,
  errors: BuildError[],
): CompiledPrompt | undefined {
  const before = errors.length;
  const fail = (line: number, message: string): void => {
    errors.push({ file: source.file, line, message });
  };
  const name = fields.text('name') ?? source.path.replace(/\.md$/, '');
  if (!PROMPT_NAME.test(name))
    fail(
      fields.line('name'),
      `prompt name '${name}' must start with a letter and use letters, digits, '_' or '-'`,
    );
  const description = fields.text('description');
  if (!description)
    fail(1, "a prompt needs a front matter 'description' (clients show it when listing prompts)");
  const args = readArguments(fields, fail);
  const embed = fields.list('embed') ?? [];
  const access = fields.access;
  checkEmbeds(embed, args, known, access, fields.line('embed'), fail);
  const body = fields.matter.body;
  const parsed = parsePromptBody(body);
  if (!parsed.ok) fail(fields.matter.bodyLine + parsed.line - 1, parsed.message);
  else {
    for (const used of parsed.template.names) {
      if (!args.some((arg) => arg.name === used))
        fail(
          fields.matter.bodyLine,
          `'{{${used}}}' is not a declared argument (declared: ${args.map((arg) => arg.name).join(', ') || 'none'})`,
        );
    }
  }
  if (errors.length > before) return undefined;
  return {
    name,
    description: description!,
    arguments: args,
    embed,
    path: source.path,
    content: body,
    title: fields.text('title') ?? name,
    ...(access ? { access } : {}),
  };
}

function readArguments(
  fields: PromptFields,
  fail: (line: number, message: string) => void,
): PromptArgumentEntry[] {
  const raw = fields.value('arguments');
  const line = fields.line('arguments');
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    fail(line, "'arguments' must be a list of { name, description, required }");
    return [];
  }
  const args: PromptArgumentEntry[] = [];
  for (const item of raw as Array<Record<string, unknown>>) {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      fail(line, "each 'arguments' item is a mapping { name, description, required }");
      continue;
    }
    const unknown = unknownKeyErrors(
      'prompt arguments',
      new Map(Object.keys(item).map((key) => [key, line])),
      '',
    );
    if (unknown.length) {
      for (const error of unknown) fail(line, error.message);
      continue;
    }
    const argName = typeof item.name === 'string' ? item.name : '';
    if (!ARGUMENT_NAME.test(argName)) {
      fail(
        line,
        `argument name '${argName}' must start with a letter and use letters, digits or '_'`,
      );
      continue;
    }
    if (args.some((arg) => arg.name === argName)) {
      fail(line, `argument '${argName}' is declared twice`);
      continue;
    }
    if (typeof item.description !== 'string' || !item.description.trim()) {
      fail(line, `argument '${argName}' needs a description`);
      continue;
    }
    if (item.required !== undefined && typeof item.required !== 'boolean') {
      fail(line, `argument '${argName}': 'required' is true or false`);
      continue;
    }
    const complete = item.complete;
    if (complete !== undefined && !(COMPLETION_SOURCES as readonly unknown[]).includes(complete)) {
      fail(line, `argument '${argName}': 'complete' is one of ${COMPLETION_SOURCES.join(', ')}`);
      continue;
    }
    const values = item.values;
    if (
      values !== undefined &&
      !(Array.isArray(values) && values.every((value) => typeof value === 'string' && value))
    ) {
      fail(line, `argument '${argName}': 'values' is a list of strings`);
      continue;
    }
    args.push({
      name: argName,
      description: item.description.trim(),
      required: item.required === true,
      ...(complete ? { complete: complete as CompletionSource } : {}),
      ...(values ? { values: values as string[] } : {}),
    });
  }
  return args;
}

function checkEmbeds(
  embeds: string[],
  args: PromptArgumentEntry[],
  known: KnownNames,
  access: string[] | undefined,
  line: number,
  fail: (line: number, message: string) => void,
): void {
  for (const text of embeds) {
    const embed = parseEmbed(text);
    if (!embed) {
      fail(line, `cannot embed '${text}': use one of ${EMBED_FORMS}`);
      continue;
    }
    if (embed.argument) {
      const arg = args.find((candidate) => candidate.name === embed.argument);
      if (!arg) {
        fail(line, `embed '${text}' uses undeclared argument '${embed.argument}'`);
        continue;
      }
      if (!arg.complete && !arg.values && EMBED_COMPLETION[embed.kind])
        arg.complete = EMBED_COMPLETION[embed.kind];
    } else if (
      embed.target !== undefined &&
      known[embed.kind] &&
      !known[embed.kind]!.has(embed.target)
    ) {
      fail(line, `embed '${text}': no ${embed.kind} named '${embed.target}' in this content`);
    } else if (
      embed.target !== undefined &&
      !audienceCovers(known[embed.kind]?.get(embed.target), access)
    ) {
      // Getting the prompt would name (or fail naming) the target to callers who may not see it.
      const target = known[embed.kind]!.get(embed.target);
      fail(
        line,
        `embed '${text}': only ${audienceText(target)} may see that ${embed.kind}, but ${audienceText(access)} may see this prompt. Give the prompt the same access, or drop the embed`,
      );
    }
  }
}
