// Everything beyond the document kinds that the server offers for one request: templates and frameworks (the POWER template contract),
// the career context, the knowledge graph and wiki (the VitaeContext contract), prompts and completions.
import type { McpServer } from '@modelcontextprotocol/server';
import { registerCareerTools } from './career-tools.ts';
import { registerGraphTools } from './graph-tools.ts';
import type { KnowledgeView } from './knowledge-view.ts';
import { registerPrompts } from './prompts.ts';
import { registerResources } from './resources.ts';
import { registerTemplateTools } from './template-tools.ts';

export function registerKnowledge(server: McpServer, view: KnowledgeView): void {
  registerTemplateTools(server, view);
  registerCareerTools(server, view);
  registerGraphTools(server, view);
  registerResources(server, view);
  registerPrompts(server, view);
}
