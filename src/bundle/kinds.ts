// The document kinds, one row each: a kind folder of Markdown documents served as get_/list_/search_
// tools. Everything else about a kind derives from its row — tool names, titles, descriptions and
// examples, the not-found code, the server instructions, the prompt embed `<singular>:<name>`, the
// completion source `<plural>`, the front matter keys the build accepts and the `type:` it checks —
// so adding a kind is one new row.
export const DOCUMENT_KINDS = {
  processes: {
    singular: 'process',
    plural: 'processes',
    notFound: 'PROCESS_NOT_FOUND',
    label: 'development process',
    pluralLabel: 'development processes',
    examples: "'code-review', 'deployment', 'incident-response'",
  },
  checklists: {
    singular: 'checklist',
    plural: 'checklists',
    notFound: 'CHECKLIST_NOT_FOUND',
    label: 'checklist',
    pluralLabel: 'checklists',
    examples: "'code-review', 'release'",
  },
} as const;

export type DocumentKind = keyof typeof DOCUMENT_KINDS;
/** A kind's singular, as prompt embeds name it (`process:deployment`). */
export type DocumentSingular = (typeof DOCUMENT_KINDS)[DocumentKind]['singular'];

export const documentKinds = Object.keys(DOCUMENT_KINDS) as DocumentKind[];

export const isDocumentKind = (name: string): name is DocumentKind =>
  Object.hasOwn(DOCUMENT_KINDS, name);

/** The kind whose singular this is (`process` → `processes`), if any. */
export const documentKindOfSingular = (singular: string): DocumentKind | undefined =>
  documentKinds.find((kind) => DOCUMENT_KINDS[kind].singular === singular);

/**
 * The front matter keys every document kind reads. `type` is optional and must name the folder's kind
 * (`type: process` in processes/): generated corpora carry it, and a document filed in the wrong
 * folder is then caught. `owner`, `reviewed` and `review_days` say who keeps the document and when
 * it goes stale (`freshness.ts`).
 */
export const DOCUMENT_FRONT_MATTER_KEYS = [
  'name',
  'title',
  'description',
  'tags',
  'access',
  'type',
  'owner',
  'reviewed',
  'review_days',
] as const;

export const isDocumentSingular = (name: string): name is DocumentSingular =>
  documentKindOfSingular(name) !== undefined;

/** What each kind's three tools do: get_<singular>, list_<plural>, search_<plural>. */
export type DocumentToolAction = 'get' | 'list' | 'search';

/** The name of a kind's tool. */
export function documentToolName(kind: DocumentKind, action: DocumentToolAction): string {
  const { singular, plural } = DOCUMENT_KINDS[kind];
  return action === 'get' ? `get_${singular}` : `${action}_${plural}`;
}

const DOCUMENT_TOOLS = new Map(
  documentKinds.flatMap((kind) =>
    (['get', 'list', 'search'] as const).map(
      (action) => [documentToolName(kind, action), { kind, action }] as const,
    ),
  ),
);

/** The kind and action of a document tool's name; undefined for any other name. */
export const documentToolNamed = (
  name: string,
): { kind: DocumentKind; action: DocumentToolAction } | undefined => DOCUMENT_TOOLS.get(name);
