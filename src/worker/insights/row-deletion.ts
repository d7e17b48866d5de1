// Deleting stored rows in one round trip and one transaction (db.batch): a person's usage events and
// feedback when they are forgotten, or everything older than the retention when the cron fires (the
// report's gap states no report checked since included). Either every table loses its rows or, when
// D1 fails, none does.
import { callerFeedbackDeletion, feedbackDeletionBefore } from './feedback-rows.ts';
import { DELETE_UNCHECKED_GAP_STATES } from './report-queries.ts';
import { callerEventsDeletion, eventsDeletionBefore } from './usage-events.ts';

/** How many rows went from each table. */
export interface DeletedRows {
  events: number;
  feedback: number;
}

const changes = (result: D1Result | undefined): number => result?.meta.changes ?? 0;

/** Deletes every usage event and feedback report of one caller. */
export async function deleteCallerRows(db: D1Database, caller: string): Promise<DeletedRows> {
  const [events, feedback] = await db.batch([
    callerEventsDeletion(db, caller),
    callerFeedbackDeletion(db, caller),
  ]);
  return { events: changes(events), feedback: changes(feedback) };
}

/** Deletes every usage event, feedback report and unchecked gap state older than `beforeMinute`. */
export async function deleteRowsBefore(
  db: D1Database,
  beforeMinute: number,
): Promise<DeletedRows & { gapStates: number }> {
  const [events, feedback, gapStates] = await db.batch([
    eventsDeletionBefore(db, beforeMinute),
    feedbackDeletionBefore(db, beforeMinute),
    db.prepare(DELETE_UNCHECKED_GAP_STATES).bind(beforeMinute),
  ]);
  return { events: changes(events), feedback: changes(feedback), gapStates: changes(gapStates) };
}
