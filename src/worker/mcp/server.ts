// The MCP server factory: a fresh McpServer per request (the SDK serves each request with its own
// instance), closed over the bundle and the principal.
import { McpServer } from '@modelcontextprotocol/server';
import type { Principal } from '../auth/principal.ts';
import { documentKinds, documentToolName, documentToolNamed } from '../../bundle/kinds.ts';
import type { LoadedBundle } from '../content/store.ts';
import { registerDocumentTools } from './document-tools.ts';
import { registerKnowledge } from './knowledge.ts';
import { knowledgeView, type KnowledgeView } from './knowledge-view.ts';
import { jsonSchemaValidator } from './json-schema.ts';

export const SERVER_NAME = 'praxis';
export const SERVER_VERSION = '0.1.0';

export interface ServerContext {
  bundle: LoadedBundle;
  principal: Principal;
  /**
   * The tool the request calls, when it is one tools/call: a server that answers that call alone
   * needs only that tool's kind registered. Registering every tool, resource and prompt was a
   * fifth of a millisecond of every search and get.
   */
  calledTool?: string;
}

export function createPraxisServer({ bundle, principal, calledTool }: ServerContext): McpServer {
  const view = knowledgeView(bundle, principal.groups);
  const server = new McpServer(
    // Build metadata carries the bundle version, so a client sees which content answered.
    { name: SERVER_NAME, title: 'Praxis', version: `${SERVER_VERSION}+${bundle.pointer.version}` },
    {
      instructions: serverInstructions(view),
      jsonSchemaValidator,
      // A server lives for one request, so lists never change under a client (the VitaeContext contract's capabilities).
      capabilities: {
        tools: { listChanged: false },
        resources: { listChanged: false },
        prompts: { listChanged: false },
      },
    },
  );
  const calledKind = calledTool === undefined ? undefined : documentToolNamed(calledTool)?.kind;
  if (calledKind) {
    registerDocumentTools(server, calledKind, view);
    return server;
  }
  for (const kind of documentKinds) registerDocumentTools(server, kind, view);
  registerKnowledge(server, view);
  return server;
}

/** The counts are of what this caller may see: restricted documents are not there for others to count. */
function serverInstructions(view: KnowledgeView): string {
  const counts = documentKinds.map((kind) => `${view.visibleCount(kind)} ${kind}`).join(', ');
  return (
    `Praxis serves this team's engineering knowledge (${counts}; content version ${view.bundle.pointer.version}). ` +
    SEARCH_FIRST
  );
}

const SEARCH_FIRST =
  `Search before you act: ${documentKinds.map((kind) => documentToolName(kind, 'search')).join(' / ')} find the right document, ` +
  `${documentKinds.map((kind) => documentToolName(kind, 'get')).join(' / ')} return it in full.`;
