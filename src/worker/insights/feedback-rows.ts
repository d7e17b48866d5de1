// Feedback reports in D1 (migrations/0003_feedback.sql). A report is inserted only while its caller
// has fewer than MAX_FEEDBACK_PER_CALLER_HOUR rows in the last FEEDBACK_WINDOW_MINUTES minutes: the
// count and the insert are one statement, so two reports racing cannot both pass the cap, and the
// write is one round trip whose answer says whether the row went in.

/** Reports one caller may make in any window of FEEDBACK_WINDOW_MINUTES: an agent reports a few problems, not a stream. */
export const MAX_FEEDBACK_PER_CALLER_HOUR = 5;
/** The sliding window the cap counts over: this minute and the 59 before it. */
export const FEEDBACK_WINDOW_MINUTES = 60;

export interface FeedbackRow {
  minute: number;
  caller: string;
  category: string;
  document: string | null;
  problem: string;
  version: string | null;
}

const INSERT_UNDER_CAP = `INSERT INTO feedback (minute, caller, category, document, problem, version)
SELECT ?1, ?2, ?3, ?4, ?5, ?6
WHERE (SELECT COUNT(*) FROM feedback WHERE caller = ?2 AND minute > ?1 - ?8) < ?7`;

/** Inserts `row` unless its caller is at the cap; whether it was inserted. */
export async function insertFeedbackUnderCap(db: D1Database, row: FeedbackRow): Promise<boolean> {
  const result = await db
    .prepare(INSERT_UNDER_CAP)
    .bind(
      row.minute,
      row.caller,
      row.category,
      row.document,
      row.problem,
      row.version,
      MAX_FEEDBACK_PER_CALLER_HOUR,
      FEEDBACK_WINDOW_MINUTES,
    )
    .run();
  return (result.meta.changes ?? 0) === 1;
}

/** The statement deleting every report of one caller (forgetting a person batches it with their usage events). */
export const callerFeedbackDeletion = (db: D1Database, caller: string): D1PreparedStatement =>
  db.prepare('DELETE FROM feedback WHERE caller = ?1').bind(caller);

/** The statement deleting every report older than `beforeMinute` (retention). */
export const feedbackDeletionBefore = (db: D1Database, beforeMinute: number): D1PreparedStatement =>
  db.prepare('DELETE FROM feedback WHERE minute < ?1').bind(beforeMinute);
