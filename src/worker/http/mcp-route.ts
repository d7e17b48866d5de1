// POST /mcp (and the SDK's answers to other methods): auth → body (bounded shape, then parsed) →
// per-request caps → rate limit → current bundle → per-request MCP server. Nothing of the body is
// read before the caller is known, so an anonymous request costs its 401 and no parse.
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { Context } from 'hono';
import { authenticate } from '../auth/authenticate.ts';
import { refusalResponse } from '../auth/challenge.ts';
import type { AuthConfig } from '../auth/config.ts';
import type { OAuthStateEnv } from '../auth/oauth/authorization-server.ts';
import { ContentUnavailableError } from '../content/kv-read.ts';
import { currentBundle, type ContentEnv } from '../content/store.ts';
import { createPraxisServer } from '../mcp/server.ts';
import { audit, requestedOperation } from './audit.ts';
import { readJsonBody } from './json-body.ts';
import { capRefusal } from './request-caps.ts';
import { MAX_REQUEST_BYTES } from './guards.ts';
import { rewriteEntryErrors, withErrorsMapped, type ErrorMessage } from './error-rewrite.ts';
import { jsonRpcErrorResponse, ProtocolErrorCode } from './jsonrpc-error-response.ts';
import { documentedError } from './jsonrpc-errors.ts';
import { callsIn, rateLimitRefusal, type RateLimitEnv } from './rate-limit.ts';
import { toolCalledBy } from './called-tool.ts';
import { contentNeedsOf } from './content-needs.ts';
import { restoreResourceNotFound, wantsLegacyResourceNotFound } from './resource-not-found-code.ts';

export async function mcpResponse(c: Context<{ Bindings: ContentEnv & RateLimitEnv }>, auth: AuthConfig): Promise<Response> {
  const started = Date.now();
  const outcome = await authenticate(c.req.raw, auth, c.env as Partial<OAuthStateEnv>);
  if (!outcome.ok) {
    // The body is never read for a refused caller, so this line names no tool.
    audit({ subject: outcome.subject ?? null, tool: null, outcome: outcome.oauthError ?? (outcome.status === 503 ? 'identity_provider_unavailable' : outcome.code), status: outcome.status, ms: Date.now() - started });
    return refusalResponse(outcome, auth);
  }
  const read = await readJsonBody(c.req.raw);
  if ('refused' in read) {
    audit({ subject: outcome.principal.subject, via: outcome.principal.via, tool: null, outcome: 'body_shape_refused', status: 400, ms: Date.now() - started });
    return jsonRpcErrorResponse(c, ProtocolErrorCode.InvalidRequest, `Invalid Request: ${read.refused}.`, 400);
  }
  const { body, request } = read;
  const tool = requestedOperation(body);
  const capped = capRefusal(body);
  if (capped) {
    audit({ subject: outcome.principal.subject, via: outcome.principal.via, tool, outcome: 'over_request_cap', status: 400, ms: Date.now() - started });
    return c.json(capped.answer, 400);
  }
  const limited = await rateLimitRefusal(c.env, outcome.principal, callsIn(body));
  if (limited) {
    audit({ subject: outcome.principal.subject, via: outcome.principal.via, tool, outcome: 'rate_limited', status: 429, ms: Date.now() - started });
    return limited;
  }
  const calledTool = toolCalledBy(body);
  const bundle = await currentBundle(c.env, Date.now(), contentNeedsOf(body, calledTool)).catch((error: unknown) => {
    if (error instanceof ContentUnavailableError) return error;
    throw error;
  });
  if (bundle instanceof ContentUnavailableError) {
    audit({ subject: outcome.principal.subject, via: outcome.principal.via, tool, outcome: 'content_store_unavailable', status: 503, ms: Date.now() - started });
    return jsonRpcErrorResponse(c, ProtocolErrorCode.InternalError, bundle.message, 503, { 'Retry-After': '5' });
  }
  if (!bundle) {
    return jsonRpcErrorResponse(c, ProtocolErrorCode.InternalError, 'No content has been published to this Praxis endpoint yet.', 503, { 'Retry-After': '5' });
  }
  const documented = (message: ErrorMessage) => documentedError(message, outcome.principal);
  const handler = createMcpHandler(({ era }) => {
    const legacyResourceErrors = wantsLegacyResourceNotFound(era, tool);
    const server = createPraxisServer({ bundle, principal: outcome.principal, calledTool });
    return withErrorsMapped(server, legacyResourceErrors ? (message) => restoreResourceNotFound(documented(message)) : documented);
  }, {
    maxRequestBodySize: MAX_REQUEST_BYTES,
    onerror: (error) => console.error(JSON.stringify({ event: 'mcp_error', subject: outcome.principal.subject, error: error.message })),
  });
  // The SDK would read and parse the body again; a body that is not JSON is left to it, so its
  // parse error is the one the client gets.
  const response = await rewriteEntryErrors(await handler.fetch(request, body ? { parsedBody: body.value } : undefined), documented);
  audit({ subject: outcome.principal.subject, via: outcome.principal.via, tool, outcome: 'served', status: response.status, version: bundle.pointer.version, ms: Date.now() - started });
  return response;
}
