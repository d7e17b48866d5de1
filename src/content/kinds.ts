// The document kinds the server knows, and how each names itself in tool names and results.
export const DOCUMENT_KINDS = {
  processes: { singular: 'process', plural: 'processes', notFound: 'PROCESS_NOT_FOUND', label: 'development process', pluralLabel: 'development processes' },
  checklists: { singular: 'checklist', plural: 'checklists', notFound: 'CHECKLIST_NOT_FOUND', label: 'checklist', pluralLabel: 'checklists' },
} as const;

export type DocumentKind = keyof typeof DOCUMENT_KINDS;

export const documentKinds = Object.keys(DOCUMENT_KINDS) as DocumentKind[];
