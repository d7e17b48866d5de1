// The MCP server factory: a fresh McpServer per request (the SDK serves each request with its own
// instance), closed over the bundle and the principal.
import { McpServer } from '@modelcontextprotocol/server';
import type { Principal } from '../auth/principal.ts';
import { documentKinds, documentToolName, documentToolNamed } from '../../bundle/kinds.ts';
import type { SearchAhead } from '../content/bundle-needs.ts';
import type { LoadedBundle } from '../content/loaded-bundle.ts';
import { analysedQueries, type AnalysedQueries } from './analysed-queries.ts';
import { documentTools } from './document-tools.ts';
import { insightsTools } from './insights-tools.ts';
import { knowledgeTools } from './knowledge.ts';
import { knowledgeView, type KnowledgeView } from './knowledge-view.ts';
import { jsonSchemaValidator } from './json-schema.ts';
import { registerPrompts } from './prompts.ts';
import { registerResources } from './resources.ts';
import { reportProblemTool, type RecordFeedback } from './report-problem-tool.ts';
import type { Tool } from './tool.ts';
import { toolCallOutcome, type ToolCallOutcome } from './tool-call-outcome.ts';
import { toolResult } from './tool-result.ts';
import { rememberToolList } from './tool-list-memo.ts';

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
  /** The request is tools/list alone: it is answered from the tools, so resources and prompts are not registered. */
  listsToolsOnly?: boolean;
  /** The searches the request's plan found, each with its query analysed. */
  searches?: readonly SearchAhead[];
  /** Told what each tool call asked and found, once its answer is made (usage events). */
  onToolCall?: (outcome: ToolCallOutcome) => void;
  /** Stores a report_problem call's report; without it (no person, insights off) the tool is not offered. */
  recordFeedback?: RecordFeedback;
  /** The insights database, given only for an author where insights are configured: the authors' tool. */
  authorInsights?: D1Database;
}

export function createPraxisServer({
  bundle,
  principal,
  calledTool,
  listsToolsOnly = false,
  searches = [],
  onToolCall,
  recordFeedback,
  authorInsights,
}: ServerContext): McpServer {
  const view = knowledgeView(bundle, principal.groups);
  const analysed = analysedQueries(searches);
  const server = new McpServer(
    // Build metadata carries the bundle version, so a client sees which content answered.
    { name: SERVER_NAME, title: 'Praxis', version: `${SERVER_VERSION}+${bundle.pointer.version}` },
    {
      instructions: serverInstructions(view),
      jsonSchemaValidator,
      // A server lives for one request, so lists never change under a client (the VitaeContext
      // contract's capabilities). Tools are declared below, once their list handler is wrapped.
      capabilities: {
        resources: { listChanged: false },
        prompts: { listChanged: false },
      },
    },
  );
  // A lone tools/call of a document tool needs only that kind's tools; anything else, everything.
  const calledKind = calledTool === undefined ? undefined : documentToolNamed(calledTool)?.kind;
  const kinds = calledKind ? [calledKind] : documentKinds;
  const toolNames: string[] = [];
  // The SDK installs its tools/list handler when the tools capability is given to its constructor,
  // or else at the first registerTool: so the capability is declared here, after the memo is in place
  // to wrap the handler at that first registration.
  rememberToolList(server, view, toolNames);
  server.server.registerCapabilities({ tools: { listChanged: false } });
  const tools = [
    ...kinds.flatMap((kind) => documentTools(kind, view, analysed)),
    ...(calledKind ? [] : knowledgeTools(view)),
    ...(calledKind || !recordFeedback ? [] : [reportProblemTool(recordFeedback)]),
  ];
  registerTools(server, tools, onToolCall, analysed);
  // The authors' tool is no usage anyone asked of the knowledge: its calls are not recorded.
  const authorTools =
    !calledKind && authorInsights ? insightsTools(view, principal, authorInsights) : [];
  registerTools(server, authorTools);
  toolNames.push(...[...tools, ...authorTools].map(({ name }) => name));
  if (calledKind || listsToolsOnly) return server;
  registerResources(server, view);
  registerPrompts(server, view);
  return server;
}

/**
 * Every tool is registered here, and every answer becomes an MCP result the same way. What the call
 * asked and found is read off the answer for `onToolCall` beside the result, never into it: a
 * failure there costs the usage event, not the answer.
 */
function registerTools(
  server: McpServer,
  tools: Tool[],
  onToolCall?: (outcome: ToolCallOutcome) => void,
  analysed?: AnalysedQueries,
): void {
  for (const { name, definition, answer } of tools) {
    server.registerTool(name, definition, async (args) => {
      const answered = await answer(args);
      if (onToolCall) {
        try {
          onToolCall(toolCallOutcome(name, args, answered, analysed));
        } catch (error) {
          console.error(
            JSON.stringify({ event: 'tool_call_outcome_failed', tool: name, error: String(error) }),
          );
        }
      }
      return toolResult(answered);
    });
  }
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
