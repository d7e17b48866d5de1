// Markdown inline syntax rewritten in one pass each. The regexes these replace looked for the
// closing `]`, `)` or `>` afresh from every opening `[` or `<`: quadratic on a line of `[[[[…` or
// `<<<<…`. Each function gives exactly what its regex (named in its comment) gave.
import { nextStopFinder } from './next-stop.ts';

const WHITESPACE = /\s/;
const LINE_TERMINATORS = '\n\r\u2028\u2029';

/**
 * `[label](target)` → `label`; with `imageMark`, `![alt](url)` → `alt` too. As
 * `text.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')` (without `!?` when `imageMark` is false).
 */
export function inlineLinksAsLabels(text: string, { imageMark }: { imageMark: boolean }): string {
  return linksAsLabels(text, imageMark, '(', ')');
}

/** `[label][ref]` and `![alt][ref]` → the label: `text.replace(/!?\[([^\]]*)\]\[[^\]]*\]/g, '$1')`. */
export function referenceLinksAsLabels(text: string): string {
  return linksAsLabels(text, true, '[', ']');
}

function linksAsLabels(text: string, imageMark: boolean, open: string, close: string): string {
  const labelEnd = nextStopFinder(text, ']');
  const targetEnd = nextStopFinder(text, close);
  let result = '';
  let copied = 0;
  let at = 0;
  for (let bracket = text.indexOf('['); bracket >= 0; bracket = text.indexOf('[', at)) {
    // An image's `!` just before the bracket (and after what was already consumed) goes with it.
    const start = imageMark && bracket > at && text[bracket - 1] === '!' ? bracket - 1 : bracket;
    at = bracket + 1;
    const end = labelEnd(bracket + 1);
    if (end < text.length && text[end + 1] === open) {
      const last = targetEnd(end + 2);
      if (last < text.length) {
        result += text.slice(copied, start) + text.slice(bracket + 1, end);
        at = copied = last + 1;
      }
    }
  }
  return result + text.slice(copied);
}

/**
 * '' when the whole text is a link reference definition (`[id]: url …`), else the text: as
 * `text.replace(/^\s*\[[^\]]+\]:\s*\S+.*$/g, '')`.
 */
export function withoutReferenceDefinition(text: string): string {
  let at = 0;
  while (at < text.length && WHITESPACE.test(text[at]!)) at++;
  if (text[at] !== '[') return text;
  const close = text.indexOf(']', at + 1);
  if (close <= at + 1 || text[close + 1] !== ':') return text;
  let target = close + 2;
  while (target < text.length && WHITESPACE.test(text[target]!)) target++;
  if (target === text.length) return text;
  for (let rest = target; rest < text.length; rest++)
    if (LINE_TERMINATORS.includes(text[rest]!)) return text;
  return '';
}

/** Every HTML tag on one line (`<…>`) → one space: `text.replace(/<[^>\n]+>/g, ' ')`. */
export function tagsAsSpaces(text: string): string {
  const tagEnd = nextStopFinder(text, '>\n');
  let result = '';
  let copied = 0;
  let at = 0;
  for (let open = text.indexOf('<'); open >= 0; open = text.indexOf('<', at)) {
    at = open + 1;
    const end = tagEnd(open + 1);
    if (end > open + 1 && text[end] === '>') {
      result += `${text.slice(copied, open)} `;
      at = copied = end + 1;
    }
  }
  return result + text.slice(copied);
}
