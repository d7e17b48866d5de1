// Every SQL statement the insights report runs, in one place, so each can be read, benchmarked and
// EXPLAINed on its own (docs/insights.md). All take bound parameters; ?1 and ?2 are always the
// period, in whole minutes since the epoch, both ends included. The indexes they read by are in
// migrations/0002_insights_report.sql.

/**
 * One page of distinct questions asked in the period (searches, merged by their terms key), most
 * distinct callers first, then most asked, then by key — a total order, so pages never overlap —
 * with the most recent wording of each. ?3 page size (one more than shown, to know whether another
 * page exists), ?4 offset. Reads usage_events_kind_terms_minute.
 */
export const GAP_CANDIDATES = `WITH page AS (
  SELECT terms, COUNT(*) AS count, COUNT(DISTINCT caller) AS callers,
         MIN(minute) AS first_minute, MAX(minute) AS last_minute
  FROM usage_events
  WHERE kind = 'search' AND terms IS NOT NULL AND minute BETWEEN ?1 AND ?2
  GROUP BY terms
  ORDER BY callers DESC, count DESC, terms
  LIMIT ?3 OFFSET ?4
)
SELECT page.*,
  (SELECT latest.query FROM usage_events AS latest
   WHERE latest.kind = 'search' AND latest.terms = page.terms AND latest.minute BETWEEN ?1 AND ?2
   ORDER BY latest.minute DESC, latest.id DESC LIMIT 1) AS query
FROM page
ORDER BY callers DESC, count DESC, terms`;

/**
 * Reads in the period per document a get returned: the get tool and the name, how many reads, how
 * many distinct readers. Documents the author may not see are dropped by the caller of this query,
 * never counted into anything. Reads usage_events_kind_minute.
 */
export const DOCUMENT_READS = `SELECT e.tool AS tool, n.value AS name,
  COUNT(*) AS reads, COUNT(DISTINCT e.caller) AS readers
FROM usage_events AS e, json_each(e.names) AS n
WHERE e.kind = 'get' AND e.is_error = 0 AND e.minute BETWEEN ?1 AND ?2
GROUP BY e.tool, n.value`;

/**
 * Per document a search returned in the period: the search tool and the name, how many searches
 * returned it, and how many of those the same caller followed by reading it — a get of that name by
 * the kind's get tool (?4: JSON object search tool → get tool), written after the search and at
 * most ?3 minutes later (a search-to-read conversion). The follow-up is found through
 * usage_events_caller_minute.
 */
export const DOCUMENT_SEARCHES = `SELECT s.tool AS tool, n.value AS name, COUNT(*) AS searched,
  SUM(EXISTS (
    SELECT 1 FROM usage_events AS g, json_each(g.names) AS r
    WHERE g.caller = s.caller AND g.minute BETWEEN s.minute AND s.minute + ?3 AND g.id > s.id
      AND g.kind = 'get' AND g.is_error = 0
      AND g.tool = json_extract(?4, '$.' || s.tool) AND r.value = n.value
  )) AS conversions
FROM usage_events AS s, json_each(s.names) AS n
WHERE s.kind = 'search' AND s.minute BETWEEN ?1 AND ?2
GROUP BY s.tool, n.value`;

/**
 * A report found the question (?2, a terms key) unanswered under the access ?1 at minute ?3: noted,
 * so a later answer can be dated. An answered_version already recorded stays.
 */
export const NOTE_UNANSWERED = `INSERT INTO gap_answers (access, terms, checked_minute, was_unanswered)
VALUES (?1, ?2, ?3, 1)
ON CONFLICT (access, terms) DO UPDATE SET checked_minute = excluded.checked_minute, was_unanswered = 1
RETURNING answered_version`;

/**
 * A report found the question answered under the access ?1 at minute ?3 by version ?4: when it was
 * noted unanswered before and no version is recorded yet, ?4 is recorded — once, never overwritten.
 * Returns the recorded version (NULL: never seen unanswered under this access).
 */
export const NOTE_ANSWERED = `INSERT INTO gap_answers (access, terms, checked_minute, was_unanswered)
VALUES (?1, ?2, ?3, 0)
ON CONFLICT (access, terms) DO UPDATE SET checked_minute = excluded.checked_minute,
  answered_version = CASE WHEN was_unanswered = 1 AND answered_version IS NULL
                          THEN ?4 ELSE answered_version END
RETURNING answered_version`;

/** Retention: states no report checked since minute ?1. */
export const DELETE_UNCHECKED_GAP_STATES = `DELETE FROM gap_answers WHERE checked_minute < ?1`;
