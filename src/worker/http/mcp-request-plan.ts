// The body of a known caller's request, read once: its shape bounded before JSON.parse sees it
// (json-body-shape.ts), the per-request caps checked (request-caps.ts), and its plan made
// (plan/request-plan.ts) for the steps after — the rate limit, the content load, the MCP server.
import type { MiddlewareHandler } from 'hono';
import { noteForAudit } from './audit.ts';
import { readJsonBody } from './json-body.ts';
import { jsonRpcErrorResponse, ProtocolErrorCode } from './jsonrpc-error-response.ts';
import type { McpPipeline } from './mcp-context.ts';
import { requestPlan } from './plan/request-plan.ts';
import { capRefusal } from './request-caps.ts';

export const mcpRequestPlan: MiddlewareHandler<McpPipeline> = async (c, next) => {
  const read = await readJsonBody(c.req.raw);
  if ('refused' in read) {
    noteForAudit(c, { outcome: 'body_shape_refused' });
    return jsonRpcErrorResponse(
      c,
      ProtocolErrorCode.InvalidRequest,
      `Invalid Request: ${read.refused}.`,
      400,
    );
  }
  const plan = requestPlan(read.body);
  noteForAudit(c, { tool: plan.operation });
  const capped = capRefusal(read.body);
  if (capped) {
    noteForAudit(c, { outcome: 'over_request_cap' });
    return c.json(capped.answer, 400);
  }
  c.set('body', read.body);
  c.set('request', read.request);
  c.set('plan', plan);
  await next();
};
