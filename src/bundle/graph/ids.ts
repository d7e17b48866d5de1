// Record ids are opaque keys: lowercase words joined by hyphens or underscores. No slashes, dots
// or percent signs, so an id can never be read as a path or escape to other content.
import { nextStopFinder } from '../markdown/next-stop.ts';

export const RECORD_ID = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;
export const MAX_RECORD_ID_LENGTH = 80;
export const RECORD_TYPE = /^[a-z]+(?:-[a-z]+)*$/;

export const isRecordId = (value: string): boolean =>
  value.length <= MAX_RECORD_ID_LENGTH && RECORD_ID.test(value);

export const recordUri = (id: string): string => `vitaegraph://record/${id}`;

/**
 * `[[id]]` and `[[id|label]]` links in Markdown, with the 1-based line of each. `[[1]](#refs)` is an
 * ordinary Markdown link whose text is "[1]" (a citation), not a record link.
 */
export function wikiLinks(markdown: string): Array<{ id: string; line: number }> {
  const links: Array<{ id: string; line: number }> = [];
  markdown.split('\n').forEach((text, index) => {
    for (const id of wikiLinkIdsOn(text)) links.push({ id, line: index + 1 });
  });
  return links;
}

/**
 * The trimmed ids of one line's wiki links, in one pass: what `/\[\[([^\]|\n]+)(?:\|[^\]\n]*)?\]\](?!\()/g`
 * found, without looking for the closing `]]` afresh from every `[[` (quadratic on `[[[[…`).
 */
function wikiLinkIdsOn(line: string): string[] {
  const idEnd = nextStopFinder(line, ']|\n');
  const labelEnd = nextStopFinder(line, ']\n');
  const ids: string[] = [];
  let at = 0;
  while (at < line.length) {
    if (line[at] === '[' && line[at + 1] === '[') {
      const end = idEnd(at + 2);
      const last = line[end] === '|' ? labelEnd(end + 1) : end;
      if (end > at + 2 && line[last] === ']' && line[last + 1] === ']' && line[last + 2] !== '(') {
        ids.push(line.slice(at + 2, end).trim());
        at = last + 2;
        continue;
      }
    }
    at++;
  }
  return ids;
}
