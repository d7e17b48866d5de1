// One audit line per /mcp request, whatever its outcome — written here, once, after every step has
// answered: who, which JSON-RPC method or tool, what happened, never the token. Each step notes what
// it knows (noteForAudit); the status is the response's. The tool is read from the parsed body, which
// exists only once the caller is known: a refusal before that (401, 403, 413) names none.
// The request's usage events leave at the same exit, from what the tools found (mcp-route.ts
// collects it), written in the background once the answer is sent (src/worker/insights/record-usage.ts).
import type { Context, MiddlewareHandler } from 'hono';
import { recordUsage } from '../insights/record-usage.ts';
import type { McpPipeline } from './mcp-context.ts';

export interface AuditNote {
  subject?: string | null;
  via?: string;
  tool?: string | null;
  outcome?: string;
  version?: string;
}

/** Adds what a step knows to the request's audit line. */
export function noteForAudit(c: Context<McpPipeline>, note: AuditNote): void {
  c.set('audit', { ...c.get('audit'), ...note });
}

export const auditEveryRequest: MiddlewareHandler<McpPipeline> = async (c, next) => {
  const started = Date.now();
  await next();
  const { subject = null, via, tool = null, outcome, version } = c.get('audit') ?? {};
  const status = c.res.status;
  console.log(
    JSON.stringify({
      event: 'mcp_request',
      subject,
      via,
      tool,
      outcome: outcome ?? unnotedOutcome(c.req.method, status),
      status,
      version,
      ms: Date.now() - started,
    }),
  );
  const usage = c.get('usage');
  if (usage)
    c.executionCtx.waitUntil(
      recordUsage(c.env, { ...usage, principal: c.get('principal'), version, at: started }),
    );
};

/** Answers no step noted: a CORS preflight, or an error the Worker's error handler answered. */
function unnotedOutcome(method: string, status: number): string {
  if (method === 'OPTIONS') return 'cors_preflight';
  return status >= 500 ? 'internal_error' : `http_${status}`;
}
