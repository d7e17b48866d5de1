// The knowledge kinds in one pass: templates, frameworks, graph, context, wiki, then prompts (which
// may embed any of them, or processes and checklists).
import type { KeptDocument } from '../parse-document.ts';
import { DOCUMENT_KINDS, documentKinds, type DocumentKind } from '../../../src/bundle/kinds.ts';
import type { BuildError } from '../errors.ts';
import { compileContext, type CompiledContext } from './context.ts';
import { compileFrameworks, type CompiledFramework } from './frameworks.ts';
import { compileGraph, type CompiledRecord } from './graph.ts';
import { compilePrompts, type CompiledPrompt } from './prompts.ts';
import { compileTemplates, type CompiledTemplate } from './templates.ts';
import { compileWiki, type CompiledWiki } from './wiki.ts';

export interface CompiledKnowledge {
  templates: CompiledTemplate[];
  frameworks: CompiledFramework[];
  records: CompiledRecord[];
  context: CompiledContext | null;
  wiki: CompiledWiki[];
  prompts: CompiledPrompt[];
}

/**
 * `graph`, when given, is the graph already compiled elsewhere (the streaming build, which keeps
 * no record's text): its ids and access lists are what prompts check, and `records` comes back empty.
 */
export async function compileKnowledge(
  contentDir: string,
  documents: readonly KeptDocument[],
  graph?: ReadonlyArray<{ id: string; access?: string[] }>,
): Promise<{ knowledge: CompiledKnowledge; errors: BuildError[] }> {
  const errors: BuildError[] = [];
  const [templates, frameworks, records, context, wiki] = await Promise.all([
    compileTemplates(contentDir, errors),
    compileFrameworks(contentDir, errors),
    graph ? [] : compileGraph(contentDir, errors),
    compileContext(contentDir, errors),
    compileWiki(contentDir, errors),
  ]);
  const names = (kind: DocumentKind) =>
    new Map(
      documents
        .filter((document) => document.kind === kind)
        .map((document) => [document.name, document.access]),
    );
  const prompts = await compilePrompts(
    contentDir,
    {
      record: new Map((graph ?? records).map((record) => [record.id, record.access])),
      wiki: new Map(wiki.map((module) => [module.module, module.access])),
      ...Object.fromEntries(
        documentKinds.map((kind) => [DOCUMENT_KINDS[kind].singular, names(kind)]),
      ),
      template: new Map(templates.map((template) => [template.name, undefined])),
      framework: new Map(frameworks.map((framework) => [framework.name, framework.access])),
    },
    errors,
  );
  return { knowledge: { templates, frameworks, records, context, wiki, prompts }, errors };
}
