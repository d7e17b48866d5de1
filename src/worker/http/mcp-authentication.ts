// Who is asking, before anything of the body is read: the auth settings (a misconfigured endpoint
// answers 500 to everyone), then the bearer token. A refused caller gets its 401, 403 or 503 and
// costs no parse; a known one is put on the context for the steps after (hono's bearer-auth pattern).
import type { MiddlewareHandler } from 'hono';
import { authenticate } from '../auth/authenticate.ts';
import { refusalResponse } from '../auth/challenge.ts';
import { readAuthConfig } from '../auth/config.ts';
import { noteForAudit } from './audit.ts';
import type { McpPipeline } from './mcp-context.ts';
import { misconfiguredResponse } from './misconfigured.ts';

export const mcpAuthentication: MiddlewareHandler<McpPipeline> = async (c, next) => {
  const settings = readAuthConfig(c.env);
  if (!settings.ok) {
    noteForAudit(c, { outcome: 'misconfigured' });
    return misconfiguredResponse(c, settings.message);
  }
  const outcome = await authenticate(c.req.raw, settings.config, c.env);
  if (!outcome.ok) {
    noteForAudit(c, {
      subject: outcome.subject ?? null,
      outcome:
        outcome.oauthError ??
        (outcome.status === 503 ? 'identity_provider_unavailable' : outcome.code),
    });
    return refusalResponse(outcome, settings.config);
  }
  noteForAudit(c, { subject: outcome.principal.subject, via: outcome.principal.via });
  c.set('auth', settings.config);
  c.set('principal', outcome.principal);
  await next();
};
