// A caller's query (or a name a get asked for) as a usage event stores it: token-like strings
// replaced by [redacted] first, then whitespace collapsed, lowercased and cut to 200 characters. A
// pasted credential never reaches the database: JWT-shaped strings (the development tokens of
// `praxis token` included, which are HS256 JWTs beginning eyJ), runs of 32 or more base64 or hex
// characters (API keys, secrets), the user:grant:secret tokens auth mode oauth issues, and anything
// after "Bearer". A feedback report's problem text is scrubbed by the same patterns
// (withTokensRedacted, feedback-text.ts), keeping its case and lines.
export const MAX_QUERY_CHARS = 200;
/** Only this much of what the caller sent is read: enough for any stored query, and bounded work. */
const MAX_SCANNED_CHARS = 1000;
export const REDACTED = '[redacted]';

// Each starts only where a run starts (the lookbehinds), so every scan is linear in the text.
const TOKEN_LIKE = [
  /\bbearer\s+\S+/gi,
  /(?<![\w-])eyJ[\w.-]*/g,
  /(?<![\w-])[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/g,
  /(?<![\w:-])[\w-]+:[\w-]{8,}:[\w-]{16,}/g,
  /(?<![\w+/=-])[\w+/=-]{32,}/g,
];

/** `text` with every token-like string replaced by [redacted]; nothing else changed. */
export function withTokensRedacted(text: string): string {
  for (const pattern of TOKEN_LIKE) text = text.replace(pattern, REDACTED);
  return text;
}

export function storedQuery(asked: string): string {
  return withTokensRedacted(asked.slice(0, MAX_SCANNED_CHARS))
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .slice(0, MAX_QUERY_CHARS)
    .trimEnd();
}
