// A feedback report as it is stored: the problem text with token-like strings scrubbed (the usage
// events' patterns, query-text.ts), line breaks made \n, control characters dropped and the whole
// capped; the document as a normalised name, never looked up (the answer must not depend on it).
import { normalizeName } from '../../bundle/names.ts';
import { withTokensRedacted } from './query-text.ts';

/** The longest problem text a report takes and stores. */
export const MAX_PROBLEM_CHARS = 2000;
/** The longest document name a report takes. */
export const MAX_DOCUMENT_NAME_CHARS = 200;

/** C0 controls but tab and newline, DEL and C1 controls: never meant as text. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

export function storedProblem(problem: string): string {
  const text = problem.slice(0, MAX_PROBLEM_CHARS).replace(/\r\n?/g, '\n').replace(CONTROL, '');
  return withTokensRedacted(text).trim().slice(0, MAX_PROBLEM_CHARS).trimEnd();
}

/** The normalised name (`Code Review` → `code-review`); null when none was given or nothing of it is a name. */
export function storedDocument(document: string | undefined): string | null {
  if (document === undefined) return null;
  return normalizeName(document.slice(0, MAX_DOCUMENT_NAME_CHARS)) || null;
}
