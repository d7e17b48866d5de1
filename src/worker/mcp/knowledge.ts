// The tools beyond the document kinds: templates and frameworks (the POWER template contract), the
// career context and the knowledge graph (the VitaeContext contract), in the order tools/list shows them.
import { careerTools } from './career-tools.ts';
import { graphTools } from './graph-tools.ts';
import type { KnowledgeView } from './knowledge-view.ts';
import { templateTools } from './template-tools.ts';
import type { Tool } from './tool.ts';

export const knowledgeTools = (view: KnowledgeView): Tool[] => [
  ...templateTools(view),
  ...careerTools(view),
  ...graphTools(view),
];
