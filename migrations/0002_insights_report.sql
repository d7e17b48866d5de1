-- The insights report (docs/insights.md#gaps): near-duplicate questions merged by their analysed
-- terms, the indexes the report's queries read by, and when a question first found an answer.

-- A search's analysed terms, sorted, distinct, joined by single spaces ("back deploi roll"): two
-- wordings with the same terms are one question. NULL for other tools, and for rows written before.
ALTER TABLE usage_events ADD COLUMN terms TEXT;

-- Gap candidates: a kind's rows in a period, grouped by terms.
CREATE INDEX usage_events_kind_terms_minute ON usage_events (kind, terms, minute);
-- Reads and searched-into counts: a kind's rows in a period.
CREATE INDEX usage_events_kind_minute ON usage_events (kind, minute);

-- Whether a question (its terms) was answered under one access: `access` is the SHA-256 (hex) of an
-- author's sorted groups, so authors with the same groups share what they were shown and nothing
-- else. A report that finds the question unanswered notes it; a later report that finds it answered
-- records the content version that answered it, once.
CREATE TABLE gap_answers (
  access TEXT NOT NULL,
  terms TEXT NOT NULL,
  -- The last minute a report re-ran the question (retention deletes states not checked in time).
  checked_minute INTEGER NOT NULL,
  -- 1 once a report found it unanswered under this access.
  was_unanswered INTEGER NOT NULL DEFAULT 0,
  -- The first content version whose search answered it after it was unanswered; never overwritten.
  answered_version TEXT,
  PRIMARY KEY (access, terms)
) WITHOUT ROWID;
