// Times as the insights report states them: ISO 8601, UTC. Events keep whole minutes only, so their
// times are written to the minute ("2026-12-03T15:31Z"); the period's ends in full.
export const minuteIso = (minute: number): string =>
  `${new Date(minute * 60_000).toISOString().slice(0, 16)}Z`;

export const instantIso = (ms: number): string => new Date(ms).toISOString();
