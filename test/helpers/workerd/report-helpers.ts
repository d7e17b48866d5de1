// Shared by the insights report tests in workerd: the report as an author with these groups sees it
// over the version now published, searches and gets as a caller, and a clean slate of events and
// gap states.
import { issueLocalToken } from '../../../src/shared/auth/local-token.ts';
import { currentBundle } from '../../../src/worker/content/store.ts';
import type { InsightsReport } from '../../../src/worker/insights/insights-report.ts';
import { insightsReport } from '../../../src/worker/insights/report.ts';
import { knowledgeView } from '../../../src/worker/mcp/knowledge-view.ts';
import { callWorker, mcpRequest, rpcMessage, settleBackgroundWork, testEnv } from './helpers.ts';
import { clearEvents, insightsDb, toolCall } from './insights-helpers.ts';

export const AUTHORS = ['praxis-authors'];
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The report an author holding `groups` gets now for the last week (or the page `cursor` names). */
export async function reportAs(
  groups: string[] = AUTHORS,
  cursor?: string,
): Promise<InsightsReport> {
  const bundle = await currentBundle(testEnv);
  if (!bundle) throw new Error('nothing is published');
  const now = Date.now();
  return insightsReport({
    db: insightsDb(),
    view: knowledgeView(bundle, groups),
    principal: { subject: 'the-author', groups, scopes: [], via: 'local' },
    since: now - WEEK_MS,
    until: now,
    cursor,
  });
}

/** One tool call as `subject` (holding `groups`), its usage event written before this returns. */
export async function callAs(
  subject: string,
  name: string,
  args: Record<string, unknown>,
  groups: string[] = [],
): Promise<any> {
  const bearer = await issueLocalToken(testEnv.PRAXIS_LOCAL_SECRET!, subject, groups);
  const message = await rpcMessage(await callWorker(mcpRequest(toolCall(name, args), { bearer })));
  await settleBackgroundWork();
  return message;
}

export const searchAs = (subject: string, query: string, groups: string[] = []) =>
  callAs(subject, 'search_processes', { query }, groups);

/** No usage events and no remembered gap states. */
export async function clearInsights(): Promise<void> {
  await clearEvents();
  await insightsDb().prepare('DELETE FROM gap_answers').run();
}
