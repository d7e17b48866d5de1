// GET /insights/report?since=7d&cursor=…: the insights report (report.ts) as JSON, for
// `praxis insights` and CI. Authors only, refused like POST /insights/forget: anonymous 401, anyone
// else 403, a bad period or cursor 400, no database or key 503 — and nothing is computed for a
// refused caller. Never cached.
import type { Context } from 'hono';
import { authenticate } from '../auth/authenticate.ts';
import { refusalResponse } from '../auth/challenge.ts';
import { readAuthConfig, type AuthEnv } from '../auth/config.ts';
import type { OAuthStateEnv } from '../auth/oauth/authorization-server.ts';
import { ContentUnavailableError } from '../content/kv-read.ts';
import { currentBundle, type ContentEnv } from '../content/store.ts';
import { misconfiguredResponse } from '../http/misconfigured.ts';
import { knowledgeView } from '../mcp/knowledge-view.ts';
import { isAuthor } from './authors.ts';
import { InvalidReportCursor, insightsReport } from './report.ts';
import { reportPeriod } from './report-period.ts';
import { authorsGroup, insightsStore, type InsightsEnv } from './settings.ts';

export const REPORT_PATH = '/insights/report';

type ReportEnv = AuthEnv & InsightsEnv & ContentEnv & Partial<OAuthStateEnv>;

const NO_STORE = { 'Cache-Control': 'no-store' };

const refused = (status: number, error: string, message: string): Response =>
  Response.json({ error, message }, { status, headers: NO_STORE });

export async function reportResponse(c: Context<{ Bindings: ReportEnv }>): Promise<Response> {
  const settings = readAuthConfig(c.env);
  if (!settings.ok) return misconfiguredResponse(c, settings.message);
  const outcome = await authenticate(c.req.raw, settings.config, c.env);
  if (!outcome.ok) return refusalResponse(outcome, settings.config);
  const { principal } = outcome;
  if (principal.via === 'off' || !isAuthor(principal, c.env))
    return refused(
      403,
      'FORBIDDEN',
      `The insights report is for members of the authors group (${authorsGroup(c.env)}).`,
    );
  const period = reportPeriod(c.req.query('since'), Date.now());
  if (!period.ok) return refused(400, 'INVALID_REQUEST', period.message);
  const store = insightsStore(c.env);
  if (!store.ok) {
    console.error(JSON.stringify({ event: 'insights_unavailable', reason: store.reason }));
    return refused(503, 'INSIGHTS_UNAVAILABLE', 'Insights are not configured on this endpoint.');
  }
  let bundle;
  try {
    bundle = await currentBundle(c.env);
  } catch (error) {
    if (!(error instanceof ContentUnavailableError)) throw error;
    return refused(503, 'CONTENT_UNAVAILABLE', error.message);
  }
  if (!bundle)
    return refused(503, 'NO_CONTENT', 'No content has been published to this Praxis endpoint yet.');
  try {
    const report = await insightsReport({
      db: store.db,
      view: knowledgeView(bundle, principal.groups),
      principal,
      ...period,
      cursor: c.req.query('cursor'),
    });
    return Response.json(report, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof InvalidReportCursor) return refused(400, 'INVALID_CURSOR', error.message);
    throw error;
  }
}
