// `[[id]]` and `[[id|label]]` as the text a reader sees, in one pass: the regex this replaces
// (`\[\[([^\]|]*)(?:\|([^\]]*))?\]\]`) looked for the closing `]]` afresh from every `[[`.
import { nextStopFinder } from '../../../src/bundle/markdown/next-stop.ts';

/** Each wiki link replaced by its label, or its id when it has none; everything else as it was. */
export function wikiLinksAsText(text: string): string {
  const idEnd = nextStopFinder(text, ']|');
  const labelEnd = nextStopFinder(text, ']');
  let result = '';
  let copied = 0;
  let at = 0;
  while (at < text.length) {
    if (text[at] === '[' && text[at + 1] === '[') {
      const end = idEnd(at + 2);
      const last = text[end] === '|' ? labelEnd(end + 1) : end;
      if (last < text.length && text[last] === ']' && text[last + 1] === ']') {
        result +=
          text.slice(copied, at) +
          (last === end ? text.slice(at + 2, end) : text.slice(end + 1, last));
        at = copied = last + 2;
        continue;
      }
    }
    at++;
  }
  return result + text.slice(copied);
}
