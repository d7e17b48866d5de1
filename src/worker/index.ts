// The Praxis Worker: middleware order and routes only.
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { readAuthConfig, type AuthEnv } from './auth/config.ts';
import {
  AUTHORIZE_PATH,
  REGISTER_PATH,
  TOKEN_PATH,
  type OAuthStateEnv,
} from './auth/oauth/authorization-server.ts';
import { oauthFormBodyLimit } from './auth/oauth/form-body-limit.ts';
import { registrationBodyLimit } from './auth/oauth/registration-limits.ts';
import { OAUTH_ROUTE_PATTERNS, oauthEndpointResponse } from './auth/oauth/routes.ts';
import type { ContentEnv } from './content/store.ts';
import { allowedHosts, type HttpEnv } from './http/allowed-hosts.ts';
import { hostAndOriginGuard, requestSizeLimit } from './http/guards.ts';
import { healthResponse } from './http/health.ts';
import { internalErrorResponse } from './http/internal-error.ts';
import { auditEveryRequest } from './http/audit.ts';
import { mcpAuthentication } from './http/mcp-authentication.ts';
import { mcpRequestPlan } from './http/mcp-request-plan.ts';
import { mcpResponse } from './http/mcp-route.ts';
import { misconfiguredResponse } from './http/misconfigured.ts';
import { protectedResourceMetadataResponse } from './http/protected-resource-metadata.ts';
import { rateLimitPerCaller, type RateLimitEnv } from './http/rate-limit.ts';
import { AUTH_MODES } from './auth/modes.ts';
import { FORGET_PATH, forgetBodyLimit, forgetResponse } from './insights/forget-route.ts';
import { INSIGHTS_CALLBACK_PATH, INSIGHTS_PAGE_PATH } from './insights/page/page-cookies.ts';
import { insightsCallbackRoute, insightsPageRoute } from './insights/page/route.ts';
import { REPORT_PATH, reportResponse } from './insights/report-route.ts';
import { deleteExpiredUsage } from './insights/retention.ts';
import type { InsightsEnv } from './insights/settings.ts';
import { warmUpRanking } from './content/search/ranking-warm-up.ts';

export type Env = ContentEnv &
  AuthEnv &
  HttpEnv &
  RateLimitEnv &
  Partial<OAuthStateEnv> &
  InsightsEnv;

const app = new Hono<{ Bindings: Env }>();

app.onError(internalErrorResponse);

app.get('/healthz', healthResponse);

// /mcp, step by step: the audit line (written last, for every outcome), cheap refusals (Host and
// Origin, CORS, body size), who is asking, the body read once into a plan, the caller's rate limit,
// then the content and the MCP server.
/** Host and Origin held to this deployment's, for every route that acts for a signed-in caller. */
const sameSiteOnly = hostAndOriginGuard((env) => {
  const auth = readAuthConfig(env as Env);
  return allowedHosts(
    env as Env,
    !auth.ok || AUTH_MODES[auth.config.mode].hostChecked(auth.config),
  );
});

app.use('/mcp', auditEveryRequest);
app.use('/mcp', sameSiteOnly);
app.use(
  '/mcp',
  cors({
    origin: (origin) => origin,
    allowHeaders: [
      'Authorization',
      'Content-Type',
      'Mcp-Protocol-Version',
      'Mcp-Session-Id',
      'Last-Event-ID',
    ],
    exposeHeaders: ['WWW-Authenticate', 'Mcp-Session-Id', 'Mcp-Protocol-Version'],
    allowMethods: ['POST', 'GET', 'DELETE', 'OPTIONS'],
  }),
);
app.use('/mcp', requestSizeLimit);
app.use('/mcp', mcpAuthentication);
app.use('/mcp', mcpRequestPlan);
app.use('/mcp', rateLimitPerCaller);
app.all('/mcp', mcpResponse);

// RFC 9728 discovery for OAuth-capable clients: the root document and the path-inserted one for /mcp.
for (const path of [
  '/.well-known/oauth-protected-resource',
  '/.well-known/oauth-protected-resource/*',
]) {
  app.all(path, (c) => {
    const auth = readAuthConfig(c.env);
    return auth.ok
      ? protectedResourceMetadataResponse(c, auth.config)
      : misconfiguredResponse(c, auth.message);
  });
}

// Auth mode oauth: this Worker is also the OAuth 2.1 authorization server (metadata, registration,
// consent and federated sign-in, token, revocation). Other modes answer these paths 404.
// Client registration is open to anyone: its body is refused over 8 KiB before anything parses it;
// the token endpoint's and the consent form's over 16 KiB.
app.use(REGISTER_PATH, registrationBodyLimit);
app.use(TOKEN_PATH, oauthFormBodyLimit);
app.use(AUTHORIZE_PATH, oauthFormBodyLimit);
for (const path of OAUTH_ROUTE_PATTERNS) {
  app.all(path, (c) => {
    const auth = readAuthConfig(c.env);
    if (!auth.ok) return misconfiguredResponse(c, auth.message);
    if (!auth.config.oauth) return c.notFound();
    return oauthEndpointResponse(
      c.req.raw,
      auth.config.oauth,
      c.env as OAuthStateEnv,
      c.executionCtx as ExecutionContext,
    );
  });
}

// Insights (docs/insights.md): an author deletes one person's usage events.
app.use(FORGET_PATH, sameSiteOnly);
app.use(FORGET_PATH, forgetBodyLimit);
app.post(FORGET_PATH, forgetResponse);
// An author reads the insights report (gaps, reads) as JSON.
app.use(REPORT_PATH, sameSiteOnly);
app.get(REPORT_PATH, reportResponse);

// Insights: the page for authors, behind the company sign-in of auth mode oauth (docs/insights.md#the-page).
app.use(INSIGHTS_PAGE_PATH, sameSiteOnly);
app.use(INSIGHTS_CALLBACK_PATH, sameSiteOnly);
app.get(INSIGHTS_PAGE_PATH, insightsPageRoute);
app.get(INSIGHTS_CALLBACK_PATH, insightsCallbackRoute);

app.notFound((c) =>
  c.json(
    {
      error: 'NOT_FOUND',
      message: `No route ${c.req.method} ${new URL(c.req.url).pathname}. MCP is served at /mcp, health at /healthz.`,
    },
    404,
  ),
);

// At start-up, not in a request: a new isolate's first search then runs optimised ranking code.
// Its made-up index is the same every time, and the tests rank it, so it cannot fail here alone.
warmUpRanking();

export default {
  fetch: app.fetch,
  // The cron trigger in wrangler.toml: usage events older than PRAXIS_INSIGHTS_DAYS are deleted.
  scheduled(controller, env, context) {
    context.waitUntil(deleteExpiredUsage(env, controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
