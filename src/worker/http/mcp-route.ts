// The last step of /mcp, for a known caller whose body is planned and within its limits: the current
// content version (only what the plan needs of it), then a per-request MCP server over it. What came
// before — guards, authentication, body and plan, rate limit, the audit line — is the pipeline
// src/worker/index.ts lists.
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { Context } from 'hono';
import { ContentUnavailableError } from '../content/kv-read.ts';
import type { LoadedBundle } from '../content/loaded-bundle.ts';
import { currentBundle } from '../content/store.ts';
import { createPraxisServer } from '../mcp/server.ts';
import { feedbackRecorder } from '../insights/record-feedback.ts';
import { collectsUsage } from '../insights/record-usage.ts';
import { authorInsightsDb } from '../insights/author-insights.ts';
import type { ToolCallOutcome } from '../mcp/tool-call-outcome.ts';
import { watchedUntilSent } from './answer-sent.ts';
import { noteForAudit } from './audit.ts';
import { rewriteEntryErrors, withErrorsMapped, type ErrorMessage } from './error-rewrite.ts';
import { MAX_REQUEST_BYTES } from './guards.ts';
import { jsonRpcErrorResponse, ProtocolErrorCode } from './jsonrpc-error-response.ts';
import { documentedError } from './jsonrpc-errors.ts';
import type { McpPipeline } from './mcp-context.ts';
import { restoreResourceNotFound, wantsLegacyResourceNotFound } from './resource-not-found-code.ts';

export async function mcpResponse(c: Context<McpPipeline>): Promise<Response> {
  const { calledTool, operation, needs, callsTools } = c.get('plan');
  const principal = c.get('principal');
  let bundle: LoadedBundle | null;
  try {
    bundle = await currentBundle(c.env, Date.now(), needs);
  } catch (error) {
    if (!(error instanceof ContentUnavailableError)) throw error;
    noteForAudit(c, { outcome: 'content_store_unavailable' });
    return jsonRpcErrorResponse(c, ProtocolErrorCode.InternalError, error.message, 503, {
      'Retry-After': '5',
    });
  }
  if (!bundle) {
    noteForAudit(c, { outcome: 'no_content_published' });
    return jsonRpcErrorResponse(
      c,
      ProtocolErrorCode.InternalError,
      'No content has been published to this Praxis endpoint yet.',
      503,
      { 'Retry-After': '5' },
    );
  }
  const documented = (message: ErrorMessage) => documentedError(message, principal);
  // Usage events (src/worker/insights/): what each tool call finds, collected beside its answer.
  const toolCalls: ToolCallOutcome[] | undefined = collectsUsage(c.env, principal, callsTools)
    ? []
    : undefined;
  // Agent feedback (report_problem): offered to a person when insights are on and configured.
  const recordFeedback = feedbackRecorder(c.env, principal, bundle.pointer.version);
  const handler = createMcpHandler(
    ({ era }) => {
      const legacyResourceErrors = wantsLegacyResourceNotFound(era, operation);
      const server = createPraxisServer({
        bundle,
        principal,
        calledTool,
        listsToolsOnly: operation === 'tools/list',
        searches: needs.searches,
        onToolCall: toolCalls && ((outcome) => toolCalls.push(outcome)),
        recordFeedback,
        authorInsights: authorInsightsDb(c.env, principal),
      });
      return withErrorsMapped(
        server,
        legacyResourceErrors
          ? (message) => restoreResourceNotFound(documented(message))
          : documented,
      );
    },
    {
      maxRequestBodySize: MAX_REQUEST_BYTES,
      onerror: (error) =>
        console.error(
          JSON.stringify({ event: 'mcp_error', subject: principal.subject, error: error.message }),
        ),
    },
  );
  // The SDK would read and parse the body again; a body that is not JSON is left to it, so its
  // parse error is the one the client gets.
  const body = c.get('body');
  const response = await rewriteEntryErrors(
    await handler.fetch(c.get('request'), body ? { parsedBody: body.value } : undefined),
    documented,
  );
  noteForAudit(c, { outcome: 'served', version: bundle.pointer.version });
  if (!toolCalls) return response;
  // An answer streamed over SSE is returned before its tools have answered.
  const watched = watchedUntilSent(response);
  c.set('usage', { toolCalls, sent: watched.sent });
  return watched.response;
}
