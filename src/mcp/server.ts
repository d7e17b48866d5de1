// The MCP server factory: a fresh McpServer per request, closed over the bundle and the principal.
import { McpServer } from '@modelcontextprotocol/server';
import type { Principal } from '../auth/principal.ts';
import { documentKinds } from '../content/kinds.ts';
import type { LoadedBundle } from '../content/store.ts';
import { registerDocumentTools } from './document-tools.ts';
import { registerKnowledge } from './knowledge.ts';
import { knowledgeView } from './knowledge-view.ts';
import { jsonSchemaValidator } from './json-schema.ts';

export const SERVER_NAME = 'praxis';
export const SERVER_VERSION = '0.1.0';

export interface ServerContext {
  bundle: LoadedBundle;
  principal: Principal;
}

export function createPraxisServer({ bundle, principal }: ServerContext): McpServer {
  const server = new McpServer(
    // Build metadata carries the bundle version, so a client sees which content answered.
    { name: SERVER_NAME, title: 'Praxis', version: `${SERVER_VERSION}+${bundle.pointer.version}` },
    {
      instructions: serverInstructions(bundle),
      jsonSchemaValidator,
      // A server lives for one request, so lists never change under a client (spec 004's capabilities).
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false } },
    },
  );
  const view = knowledgeView(bundle, principal.groups);
  for (const kind of documentKinds) registerDocumentTools(server, kind, view);
  registerKnowledge(server, view);
  return server;
}

function serverInstructions(bundle: LoadedBundle): string {
  const counts = documentKinds.map((kind) => `${bundle.documents(kind).length} ${kind}`).join(', ');
  return `Praxis serves this team's engineering knowledge (${counts}; content version ${bundle.pointer.version}). `
    + 'Search before you act: search_processes / search_checklists find the right document, get_process / get_checklist return it in full.';
}
