// How report_problem stores a report for the caller: the caller's pseudonymous id, then one
// conditional insert that keeps them under the hourly cap (feedback-rows.ts). Unlike usage events the
// answer depends on the write, so it happens before the answer; a D1 failure is one log line and an
// outcome the tool words for the agent, never an exception that would reach the client.
import type { Principal } from '../auth/principal.ts';
import type { RecordFeedback } from '../mcp/report-problem-tool.ts';
import { callerId } from './caller-id.ts';
import { insertFeedbackUnderCap } from './feedback-rows.ts';
import { storedDocument, storedProblem } from './feedback-text.ts';
import { usageEventStore, type InsightsEnv } from './settings.ts';
import { epochMinute } from './usage-events.ts';

/**
 * The caller's way to report a problem, or undefined when they have none: auth mode off's
 * anonymous developer is not a person, and with insights off or not configured nothing about use
 * is stored — feedback included, so the tool is not offered.
 */
export function feedbackRecorder(
  env: InsightsEnv,
  principal: Principal,
  version: string,
): RecordFeedback | undefined {
  if (principal.via === 'off') return undefined;
  const store = usageEventStore(env);
  if (!store.ok) return undefined;
  return async (report) => {
    try {
      const inserted = await insertFeedbackUnderCap(store.db, {
        minute: epochMinute(Date.now()),
        caller: await callerId(store.key, principal.subject),
        category: report.category,
        document: storedDocument(report.document),
        problem: storedProblem(report.problem),
        version,
      });
      return inserted ? 'recorded' : 'limited';
    } catch (error) {
      console.error(
        JSON.stringify({
          event: 'feedback_write_failed',
          reason: error instanceof Error ? error.message : String(error),
        }),
      );
      return 'failed';
    }
  };
}
