-- Usage events (docs/insights.md): one row per MCP tool call, written by the Worker after the answer.
-- No token, no answer body, no subject: `caller` is HMAC-SHA-256(subject) with the Worker's
-- PRAXIS_INSIGHTS_KEY, so distinct callers can be counted and one person's rows deleted.
CREATE TABLE usage_events (
  id INTEGER PRIMARY KEY,
  -- Minutes since 1970-01-01T00:00Z (UTC): the only time stored.
  minute INTEGER NOT NULL,
  -- 64 hex characters: HMAC-SHA-256 of the caller's subject.
  caller TEXT NOT NULL,
  tool TEXT NOT NULL,
  -- search | get | list | other (from the tool's name).
  kind TEXT NOT NULL,
  -- A search's query, or the name a get asked for: normalised, token-like strings scrubbed, capped.
  query TEXT,
  -- How many results the call returned (a get: 1 found, 0 not found); NULL when the tool does not say.
  result_count INTEGER,
  -- The first result's relevance score (0..1), when the tool ranks.
  top_score REAL,
  -- JSON array of the names (or ids) returned or read, at most 10.
  names TEXT NOT NULL DEFAULT '[]',
  -- 1 when the tool answered with an error result (not found, invalid cursor…).
  is_error INTEGER NOT NULL DEFAULT 0,
  -- The content version that answered.
  version TEXT
);

-- The per-caller-per-minute cap counts rows here; forgetting a person deletes by caller.
CREATE INDEX usage_events_caller_minute ON usage_events (caller, minute);
-- Retention deletes by minute.
CREATE INDEX usage_events_minute ON usage_events (minute);
