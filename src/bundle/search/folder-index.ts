// A folder's README is the folder's index page, not a competitor of its pages. Its name is the
// folder's (`code-reviews`), its pages' names extend it (`code-reviews-faq`), and its body sums up
// each page — so for a page's own topic the README would otherwise match nearly as well as the page
// named for it. An index page keeps its evidence for its own words (its name and title: the folder's
// topic) but, for the words that name one of its pages, it can prove no more than a body mention.
import { FIELDS, type FieldTerms } from './fields.ts';
import { countTerms } from './evidence.ts';

/** The field whose cap an index page's evidence for its pages' topics is held to. */
export const MENTION_CAP = (FIELDS.find((field) => field.key === 'body') as { cap: number }).cap;

const NAMING_FIELDS = FIELDS.flatMap((field, f) =>
  field.key === 'name' || field.key === 'title' ? [f] : [],
);

/** The terms (and pairs) of a document's name and title. */
export function namingTerms(fields: readonly FieldTerms[]): Set<string> {
  const terms = new Set<string>();
  for (const f of NAMING_FIELDS) {
    for (const term of countTerms(fields[f] as FieldTerms, true).keys()) terms.add(term);
  }
  return terms;
}

/**
 * For each document that is a folder index among `names` (another document's name extends its name
 * with "-"), the terms naming its pages that its own name and title lack; absent for other
 * documents. Only documents `counts` admits are pages of a folder: pass the documents every caller
 * sees, so a restricted page changes no one else's index page.
 */
export function pageTopicsOfIndexes(
  names: readonly string[],
  fields: readonly FieldTerms[][],
  counts: (position: number) => boolean,
): Map<number, Set<string>> {
  // Sorted names put a folder's pages right after its index: a scan finds each one's pages.
  const sorted = names
    .map((name, position) => ({ name, position }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.position - b.position));
  const topics = new Map<number, Set<string>>();
  sorted.forEach(({ name, position }, at) => {
    const prefix = `${name}-`;
    let own: Set<string> | null = null;
    let pageTerms: Set<string> | null = null;
    for (let next = at + 1; next < sorted.length; next++) {
      const page = sorted[next] as { name: string; position: number };
      if (!page.name.startsWith(name)) break;
      if (!page.name.startsWith(prefix) || !counts(page.position)) continue;
      own ??= namingTerms(fields[position] ?? []);
      pageTerms ??= new Set();
      for (const term of namingTerms(fields[page.position] ?? [])) {
        if (!own.has(term)) pageTerms.add(term);
      }
    }
    if (pageTerms !== null && pageTerms.size > 0) topics.set(position, pageTerms);
  });
  return topics;
}

/** `evidence` with each of `topics` held to what a body mention can prove. */
export function asIndexPage(
  evidence: Map<string, number>,
  topics: ReadonlySet<string> | undefined,
): Map<string, number> {
  if (topics === undefined) return evidence;
  for (const [term, value] of evidence) {
    if (value > MENTION_CAP && topics.has(term)) evidence.set(term, MENTION_CAP);
  }
  return evidence;
}
