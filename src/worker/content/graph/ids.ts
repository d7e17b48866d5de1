// Record ids are opaque keys: lowercase words joined by hyphens or underscores. No slashes, dots
// or percent signs, so an id can never be read as a path or escape to other content.
export const RECORD_ID = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;
export const MAX_RECORD_ID_LENGTH = 80;
export const RECORD_TYPE = /^[a-z]+(?:-[a-z]+)*$/;

export const isRecordId = (value: string): boolean => value.length <= MAX_RECORD_ID_LENGTH && RECORD_ID.test(value);

export const recordUri = (id: string): string => `vitaegraph://record/${id}`;

/**
 * `[[id]]` and `[[id|label]]` links in Markdown, with the 1-based line of each. `[[1]](#refs)` is an
 * ordinary Markdown link whose text is "[1]" (a citation), not a record link.
 */
export function wikiLinks(markdown: string): Array<{ id: string; line: number }> {
  const links: Array<{ id: string; line: number }> = [];
  markdown.split('\n').forEach((text, index) => {
    for (const match of text.matchAll(/\[\[([^\]|\n]+)(?:\|[^\]\n]*)?\]\](?!\()/g)) links.push({ id: match[1]!.trim(), line: index + 1 });
  });
  return links;
}
