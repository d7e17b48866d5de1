// `#` headings read in one pass over the line. The regexes these replace (`^#\s+(.+?)\s*#*\s*$` and
// kin) took cubic time on a line with a long run of spaces; this gives the same text in linear time.

/** Which `#` lines count as headings, and whether the heading text may be empty. */
export interface AtxHeadingRule {
  /** Whitespace allowed before the first `#`. */
  maxIndent: number;
  minLevel: number;
  maxLevel: number;
  /** A heading needs at least one character of text (`(.+?)` rather than `(.*?)`). */
  textRequired: boolean;
}

/** `## Experience`: exactly two `#`, no indent (career-context sections). */
export const SECTION_HEADING: AtxHeadingRule = {
  maxIndent: 0,
  minLevel: 2,
  maxLevel: 2,
  textRequired: true,
};
/** `# Title`: exactly one `#`, no indent (a document's title). */
export const TITLE_HEADING: AtxHeadingRule = {
  maxIndent: 0,
  minLevel: 1,
  maxLevel: 1,
  textRequired: true,
};
/** Any level 1–6, up to three spaces of indent, text may be empty (search fields). */
export const ANY_HEADING: AtxHeadingRule = {
  maxIndent: 3,
  minLevel: 1,
  maxLevel: 6,
  textRequired: false,
};

// JavaScript's `\s` and the characters `.` does not match: the same sets the regexes used.
const WHITESPACE = /\s/;
const LINE_TERMINATORS = '\n\r\u2028\u2029';
/** Every line terminator `^`/`$` see in multiline mode: a heading never spans two lines. */
const LINE_BREAK = /[\n\r\u2028\u2029]/;

const isSpace = (text: string, at: number): boolean => WHITESPACE.test(text[at]!);

/**
 * The heading text of `line` under `rule`, or undefined when it is no heading: the `#` run, then
 * whitespace, then the text without trailing whitespace and without a closing `#` run.
 */
export function atxHeadingText(line: string, rule: AtxHeadingRule): string | undefined {
  let hashesStart = 0;
  while (hashesStart < line.length && isSpace(line, hashesStart)) hashesStart++;
  if (hashesStart > rule.maxIndent) return undefined;
  let hashesEnd = hashesStart;
  while (hashesEnd < line.length && line[hashesEnd] === '#') hashesEnd++;
  const level = hashesEnd - hashesStart;
  if (level < rule.minLevel || level > rule.maxLevel) return undefined;
  let textStart = hashesEnd;
  while (textStart < line.length && isSpace(line, textStart)) textStart++;
  if (textStart === hashesEnd) return undefined;
  if (textStart === line.length)
    return rule.textRequired ? lastCharacterOfSpaceRun(line, hashesEnd + 1) : '';
  const textEnd = Math.max(
    closingSequenceStart(line, textStart),
    rule.textRequired ? textStart + 1 : textStart,
  );
  const text = line.slice(textStart, textEnd);
  return [...LINE_TERMINATORS].some((terminator) => text.includes(terminator)) ? undefined : text;
}

/**
 * Where the line's trailing whitespace, closing `#` run and the whitespace before that run start
 * (no earlier than `from`).
 */
function closingSequenceStart(line: string, from: number): number {
  let end = line.length;
  while (end > from && isSpace(line, end - 1)) end--;
  while (end > from && line[end - 1] === '#') end--;
  while (end > from && isSpace(line, end - 1)) end--;
  return end;
}

/**
 * A heading of whitespace only (`## ` followed by more spaces): the regex's `\s+` gave back one
 * character to the text, the last one that is not a line terminator, and needed one before it.
 */
function lastCharacterOfSpaceRun(line: string, from: number): string | undefined {
  for (let at = line.length - 1; at >= from; at--) {
    if (!LINE_TERMINATORS.includes(line[at]!)) return line[at];
  }
  return undefined;
}

/** The headings of every line of `markdown` under `rule`, in order. */
export function atxHeadingsOf(markdown: string, rule: AtxHeadingRule): string[] {
  const headings: string[] = [];
  for (const line of markdown.split(LINE_BREAK)) {
    const text = atxHeadingText(line, rule);
    if (text !== undefined) headings.push(text);
  }
  return headings;
}

/** The first heading of `markdown` under `rule`, if any. */
export function firstAtxHeading(markdown: string, rule: AtxHeadingRule): string | undefined {
  for (const line of markdown.split(LINE_BREAK)) {
    const text = atxHeadingText(line, rule);
    if (text !== undefined) return text;
  }
  return undefined;
}
