// The scheduled handler's work (wrangler.toml [triggers]): usage events and feedback reports older
// than PRAXIS_INSIGHTS_DAYS are deleted — whatever PRAXIS_INSIGHTS says, so turning insights off still
// lets what was stored age out — and so are the report's gap states no report checked in that time
// (their key is a question's terms: they age out with the questions).
import { retentionDays, type InsightsEnv } from './settings.ts';
import { deleteRowsBefore } from './row-deletion.ts';
import { epochMinute } from './usage-events.ts';

const MINUTES_PER_DAY = 24 * 60;

export async function deleteExpiredUsage(env: InsightsEnv, scheduledTime: number): Promise<void> {
  if (!env.INSIGHTS) return;
  const days = retentionDays(env);
  const before = epochMinute(scheduledTime) - days * MINUTES_PER_DAY;
  try {
    const { events, feedback, gapStates } = await deleteRowsBefore(env.INSIGHTS, before);
    console.log(
      JSON.stringify({
        event: 'insights_retention',
        days,
        before,
        deleted: events,
        deletedFeedback: feedback,
        gapStates,
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
