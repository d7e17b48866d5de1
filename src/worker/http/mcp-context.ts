// What the /mcp pipeline's steps hand each other on Hono's context, in the order they set it:
// the auth settings, the caller, the parsed body and its plan, what the audit line will say, and
// what the tool calls found.
import type { Principal } from '../auth/principal.ts';
import type { AuthConfig, AuthEnv } from '../auth/config.ts';
import type { OAuthStateEnv } from '../auth/oauth/authorization-server.ts';
import type { ContentEnv } from '../content/store.ts';
import type { InsightsEnv } from '../insights/settings.ts';
import type { ToolCallOutcome } from '../mcp/tool-call-outcome.ts';
import type { AuditNote } from './audit.ts';
import type { JsonBody } from './json-body.ts';
import type { RequestPlan } from './plan/request-plan.ts';
import type { RateLimitEnv } from './rate-limit.ts';

export interface McpPipeline {
  Bindings: ContentEnv & AuthEnv & RateLimitEnv & Partial<OAuthStateEnv> & InsightsEnv;
  Variables: {
    audit: AuditNote;
    auth: AuthConfig;
    principal: Principal;
    body: JsonBody;
    /** The request to hand the MCP handler: the original, or a copy with the bytes already read. */
    request: Request;
    plan: RequestPlan;
    /**
     * What each tool call of the request asked and found, for its usage events (audit.ts): filled
     * in as the tools answer, complete once the answer is `sent`. Absent when none are collected.
     */
    usage: { toolCalls: ToolCallOutcome[]; sent: Promise<void> };
  };
}
