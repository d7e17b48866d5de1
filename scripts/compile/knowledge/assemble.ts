// Compiled knowledge → manifest sections; every body and index becomes a content-addressed object.
import { buildGraphIndex } from '../../../src/bundle/graph/index-types.ts';
import { buildSearchIndex } from '../../../src/bundle/search/index.ts';
import type { KnowledgeSections } from '../../../src/bundle/sections.ts';
import type { CompiledKnowledge } from './compile.ts';

const utf8Bytes = (text: string): number => new TextEncoder().encode(text).byteLength;

type GraphRecordEntry = NonNullable<KnowledgeSections['graph']>['records'][number];

/** A graph record's entry in the manifest, its text stored as `body`. */
export function graphRecordEntry(
  { id, type, title, description, tags, path, access }: Omit<GraphRecordEntry, 'body'>,
  body: string,
): GraphRecordEntry {
  return {
    id,
    type,
    title,
    description,
    tags,
    path: `graph/${path}`,
    body,
    ...(access ? { access } : {}),
  };
}

/** `graph`, when given, is the graph section already stored (by the streaming build); else it is made from `knowledge.records`. */
export function assembleKnowledge(
  knowledge: CompiledKnowledge,
  put: (text: string) => string,
  graph?: KnowledgeSections['graph'],
): KnowledgeSections {
  const { templates, frameworks, records, context, wiki, prompts } = knowledge;
  return {
    templates: templates.map(({ name, path, content, saveAs, storeAs, references }) => ({
      name,
      path: `templates/${path}`,
      body: put(content),
      saveAs,
      storeAs,
      references,
    })),
    frameworks: frameworks.map(({ content, path, ...framework }) => ({
      ...framework,
      path: `frameworks/${path}`,
      body: put(content),
      bytes: utf8Bytes(content),
    })),
    graph:
      graph !== undefined
        ? graph
        : records.length
          ? {
              records: records.map((record) => graphRecordEntry(record, put(record.source))),
              index: put(JSON.stringify(buildGraphIndex(records))),
              search: put(
                JSON.stringify(
                  buildSearchIndex(
                    records.map(({ id, title, description, tags, body, access }) => ({
                      name: id,
                      title,
                      description: [description, ...tags].join(' '),
                      body,
                      ...(access ? { access } : {}),
                    })),
                  ),
                ),
              ),
            }
          : null,
    context: context
      ? { ...omitContent(context), path: `context/${context.path}`, body: put(context.content) }
      : null,
    wiki: wiki.map(({ content, path, ...module }) => ({
      ...module,
      path: `wiki/${path}`,
      body: put(content),
    })),
    prompts: prompts.map(({ content, path, ...prompt }) => ({
      ...prompt,
      path: `prompts/${path}`,
      body: put(content),
    })),
  };
}

function omitContent<T extends { content: string }>(value: T): Omit<T, 'content'> {
  const { content: _content, ...rest } = value;
  return rest;
}
