// The knowledge kinds in one pass: templates, frameworks, graph, context, wiki, then prompts (which
// may embed any of them, or processes and checklists).
import type { CompiledDocument } from '../parse-document.ts';
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

export async function compileKnowledge(contentDir: string, documents: readonly CompiledDocument[]): Promise<{ knowledge: CompiledKnowledge; errors: BuildError[] }> {
  const errors: BuildError[] = [];
  const [templates, frameworks, records, context, wiki] = await Promise.all([
    compileTemplates(contentDir, errors),
    compileFrameworks(contentDir, errors),
    compileGraph(contentDir, errors),
    compileContext(contentDir, errors),
    compileWiki(contentDir, errors),
  ]);
  const names = (kind: string) => new Set(documents.filter((document) => document.kind === kind).map((document) => document.name));
  const prompts = await compilePrompts(contentDir, {
    record: new Set(records.map((record) => record.id)),
    wiki: new Set(wiki.map((module) => module.module)),
    process: names('processes'),
    checklist: names('checklists'),
    template: new Set(templates.map((template) => template.name)),
    framework: new Set(frameworks.map((framework) => framework.name)),
  }, errors);
  return { knowledge: { templates, frameworks, records, context, wiki, prompts }, errors };
}
