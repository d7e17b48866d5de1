// Compiled knowledge → manifest sections; every body and index becomes a content-addressed object.
import { buildGraphIndex } from '../../../src/bundle/graph/index-types.ts';
import { buildSearchIndex } from '../../../src/bundle/search/index.ts';
import type { RecordsSection } from '../../../src/bundle/bundle.ts';
import { recordsSectionOf } from '../../../src/bundle/record-chunks.ts';
import type { KnowledgeSections, RecordEntry } from '../../../src/bundle/sections.ts';
import type { CompiledKnowledge } from './compile.ts';

const utf8Bytes = (text: string): number => new TextEncoder().encode(text).byteLength;

/** A graph record's entry in the records' chunks, its text stored as `body`. */
export function graphRecordEntry(
  { id, type, title, description, tags, path, access }: Omit<RecordEntry, 'body'>,
  body: string,
): RecordEntry {
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

/** The knowledge sections and the graph's records section (for the manifest), as stored. */
export interface AssembledKnowledge {
  sections: KnowledgeSections;
  records: RecordsSection | undefined;
}

/**
 * `graph`, when given, is the graph already stored (by the streaming build); else it is made from
 * `knowledge.records`: the records' chunks first, then the graph index and its search index.
 */
export function assembleKnowledge(
  knowledge: CompiledKnowledge,
  put: (text: string) => string,
  graph?: { section: KnowledgeSections['graph']; records: RecordsSection | undefined },
): AssembledKnowledge {
  const { templates, frameworks, records, context, wiki, prompts } = knowledge;
  const stored = graph ?? storedGraph(records, put);
  const sections: KnowledgeSections = {
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
    graph: stored.section,
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
  return { sections, records: stored.records };
}

function storedGraph(
  records: CompiledKnowledge['records'],
  put: (text: string) => string,
): { section: KnowledgeSections['graph']; records: RecordsSection | undefined } {
  if (!records.length) return { section: null, records: undefined };
  const section = recordsSectionOf(
    records.map((record) => graphRecordEntry(record, put(record.source))),
    put,
  );
  return {
    section: {
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
    },
    records: section,
  };
}

function omitContent<T extends { content: string }>(value: T): Omit<T, 'content'> {
  const { content: _content, ...rest } = value;
  return rest;
}
