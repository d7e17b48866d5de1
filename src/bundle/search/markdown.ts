// Just enough Markdown structure for ranking and snippets: headings, prose, code fences, and the
// link/HTML noise that would otherwise flood the vocabulary with URL fragments. Every pattern here
// runs in linear time (test/suites/content/linear-time-regexes.test.ts, linear-time-parsers.test.ts).
import { ANY_HEADING, atxHeadingText } from '../markdown/atx-heading.ts';
import {
  inlineLinksAsLabels,
  referenceLinksAsLabels,
  tagsAsSpaces,
  withoutReferenceDefinition,
} from '../markdown/inline-syntax.ts';

export interface MarkdownLine {
  text: string;
  kind: 'heading' | 'code' | 'prose' | 'blank';
}

const FENCE = /^\s{0,3}(```|~~~)/;

/** The body's lines, classified; fenced code is tracked so `# comment` lines in code are not headings. */
export function classifyLines(body: string): MarkdownLine[] {
  const lines: MarkdownLine[] = [];
  let fence: string | null = null;
  // Splitting on a plain `\n` is several times faster than on a pattern; only CRLF text needs one.
  for (const raw of body.includes('\r') ? body.split(/\r?\n/) : body.split('\n')) {
    const opener = FENCE.exec(raw)?.[1];
    if (fence !== null) {
      if (opener === fence) fence = null;
      lines.push({ text: opener === undefined ? raw : '', kind: 'code' });
      continue;
    }
    if (opener !== undefined) {
      fence = opener;
      lines.push({ text: '', kind: 'code' });
      continue;
    }
    const heading = atxHeadingText(raw, ANY_HEADING);
    if (heading !== undefined) lines.push({ text: heading, kind: 'heading' });
    else lines.push({ text: raw, kind: raw.trim() === '' ? 'blank' : 'prose' });
  }
  return lines;
}

/** Text none of stripInline's patterns can match: a link, tag, URL, emphasis, table or list marker. */
const MAY_HOLD_INLINE_SYNTAX = /[[<*_`~|]|https?:\/\/|^\s*(?:[-+>]|\d+[.)])\s/;

/**
 * Markdown inline syntax removed: link targets, images' URLs, bare URLs, HTML tags, emphasis.
 * Most lines hold none of it; they skip the nine rewrites (snippets run this on every result).
 */
export function plainInline(text: string): string {
  return MAY_HOLD_INLINE_SYNTAX.test(text) ? stripInline(text) : text.replace(/\s+/g, ' ').trim();
}

/** plainInline without its shortcut (exported for the test that the two agree). */
export function stripInline(text: string): string {
  const links = referenceLinksAsLabels(inlineLinksAsLabels(text, { imageMark: true }));
  // The URL and table-bar rewrites are skipped where their text cannot occur: snippets run this on
  // every line of every result body, and a regex pass costs even where it matches nothing.
  let plain = tagsAsSpaces(withoutReferenceDefinition(links));
  if (plain.includes('http')) plain = plain.replace(/\bhttps?:\/\/\S+/g, ' ');
  plain = plain.replace(/[*_`~]+/g, '').replace(/^\s*(?:[-+*>|]|\d+[.)])\s+/g, '');
  // A match starts only where a whitespace run starts (or at a bare `|`): `\s*\|\s*` tried
  // every position of a long whitespace run.
  if (plain.includes('|')) plain = plain.replace(/(?<!\s)\s*\|\s*|\|\s*/g, ' ');
  return plain.replace(/\s+/g, ' ').trim();
}

/** The texts of the body's `#` headings, in order. */
export function headingsOf(body: string): string[] {
  return classifyLines(body)
    .filter((line) => line.kind === 'heading')
    .map((line) => plainInline(line.text));
}

/** The body without its headings (they are a field of their own), as plain text. */
export function bodyTextOf(body: string): string {
  return classifyLines(body)
    .filter((line) => line.kind === 'prose' || line.kind === 'code')
    .map((line) => plainInline(line.text))
    .join('\n');
}
