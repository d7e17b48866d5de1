-- Agent feedback (docs/insights.md): one row per report_problem call a person's agent made, shown to
-- authors beside the gaps. Written before the tool answers, at most MAX_FEEDBACK_PER_CALLER_HOUR per
-- caller (src/worker/insights/feedback-rows.ts). No token, no subject: `caller` is the same
-- HMAC-SHA-256(subject) as usage_events.caller, so forgetting a person deletes both.
CREATE TABLE feedback (
  id INTEGER PRIMARY KEY,
  -- Minutes since 1970-01-01T00:00Z (UTC): the only time stored.
  minute INTEGER NOT NULL,
  -- 64 hex characters: HMAC-SHA-256 of the caller's subject with PRAXIS_INSIGHTS_KEY.
  caller TEXT NOT NULL,
  -- wrong | outdated | missing | unclear | other.
  category TEXT NOT NULL,
  -- The document the report is about, as a normalised name (never looked up when written); NULL when none was named.
  document TEXT,
  -- What the agent wrote: untrusted text, token-like strings scrubbed, capped. Shown to authors quoted.
  problem TEXT NOT NULL,
  -- The content version the caller was served when reporting.
  version TEXT
);

-- The per-caller hourly cap counts rows here; forgetting a person deletes by caller.
CREATE INDEX feedback_caller_minute ON feedback (caller, minute);
-- Retention deletes by minute, and the authors' listing reads the newest of a period first.
CREATE INDEX feedback_minute ON feedback (minute);
