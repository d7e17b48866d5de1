// The scheduled handler's work (wrangler.toml [triggers]): usage events older than
// PRAXIS_INSIGHTS_DAYS are deleted — whatever PRAXIS_INSIGHTS says, so turning insights off still
// lets what was stored age out — and so are the report's gap states no report checked in that time
// (their key is a question's terms: they age out with the questions).
import { retentionDays, type InsightsEnv } from './settings.ts';
import { DELETE_UNCHECKED_GAP_STATES } from './report-queries.ts';
import { deleteEventsBefore, epochMinute } from './usage-events.ts';

const MINUTES_PER_DAY = 24 * 60;

export async function deleteExpiredUsage(env: InsightsEnv, scheduledTime: number): Promise<void> {
  if (!env.INSIGHTS) return;
  const days = retentionDays(env);
  const before = epochMinute(scheduledTime) - days * MINUTES_PER_DAY;
  try {
    const deleted = await deleteEventsBefore(env.INSIGHTS, before);
    const states = await env.INSIGHTS.prepare(DELETE_UNCHECKED_GAP_STATES).bind(before).run();
    console.log(
      JSON.stringify({
        event: 'insights_retention',
        days,
        before,
        deleted,
        gapStates: states.meta.changes ?? 0,
      }),
    );
  } catch (error) {
    console.error(
      JSON.stringify({
        event: 'insights_retention_failed',
        reason: error instanceof Error ? error.message : String(error),
      }),
    );
  }
}
