// Deleting stored rows in one round trip and one transaction (db.batch): a person's usage events and
// feedback when they are forgotten, or everything older than the retention when the cron fires.
// Either both tables lose the rows or, when D1 fails, neither does.
import { callerFeedbackDeletion, feedbackDeletionBefore } from './feedback-rows.ts';
import { callerEventsDeletion, eventsDeletionBefore } from './usage-events.ts';

/** How many rows went from each table. */
export interface DeletedRows {
  events: number;
  feedback: number;
}

async function deleted(
  db: D1Database,
  statements: [D1PreparedStatement, D1PreparedStatement],
): Promise<DeletedRows> {
  const [events, feedback] = await db.batch(statements);
  return { events: events?.meta.changes ?? 0, feedback: feedback?.meta.changes ?? 0 };
}

/** Deletes every usage event and feedback report of one caller. */
export const deleteCallerRows = (db: D1Database, caller: string): Promise<DeletedRows> =>
  deleted(db, [callerEventsDeletion(db, caller), callerFeedbackDeletion(db, caller)]);

/** Deletes every usage event and feedback report older than `beforeMinute`. */
export const deleteRowsBefore = (db: D1Database, beforeMinute: number): Promise<DeletedRows> =>
  deleted(db, [eventsDeletionBefore(db, beforeMinute), feedbackDeletionBefore(db, beforeMinute)]);
