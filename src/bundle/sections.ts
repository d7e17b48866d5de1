// Manifest sections for the kinds beyond processes and checklists: POWER templates,
// framework docs, the knowledge graph, the career-context document, wiki modules and prompts.
// Like documents, every body and index is a separate content-addressed object loaded on demand.
import { documentKinds, type DocumentKind } from './kinds.ts';

/** A POWER template (the POWER template contract). Entries are in dependency order: a template follows those it references. */
export interface TemplateEntry {
  /** File stem, lowercase alphanumeric: the `template_name` value. */
  name: string;
  path: string;
  /** Object hash of the template text exactly as served (LF line ends). */
  body: string;
  saveAs: string;
  storeAs: string;
  /** `store_as` names of other templates this one references as `{{…}}` placeholders. */
  references: string[];
}

/** A framework document (the POWER template contract); entries sorted by file name in code-point order. */
export interface FrameworkEntry {
  /** File stem, e.g. `POWER`. */
  name: string;
  /** File name as listed, e.g. `POWER.md`. */
  file: string;
  title: string;
  description: string;
  path: string;
  body: string;
  /** UTF-8 byte size of the served content (list_frameworks shows it). */
  bytes: number;
  access?: string[];
}

/** One knowledge-graph record; entries sorted by id. */
export interface RecordEntry {
  id: string;
  type: string;
  title: string;
  description: string;
  tags: string[];
  path: string;
  /** Object hash of the record's Markdown source (front matter included: it is the record). */
  body: string;
  access?: string[];
}

/** The graph's indexes; its record entries are chunked in the manifest (`Manifest.records`). */
export interface GraphSection {
  /** Object hash of the deterministic graph index (`GraphIndex`). */
  index: string;
  /** Object hash of the records' search index (its document numbers are positions in the records' id order). */
  search: string;
}

/** The career-context document: at most one per bundle. */
export interface ContextEntry {
  title: string;
  path: string;
  body: string;
  /** `updated` from front matter (YYYY-MM-DD), when the author gave one. */
  updated?: string;
  access?: string[];
}

export interface WikiEntry {
  module: string;
  title: string;
  description: string;
  path: string;
  body: string;
  access?: string[];
}

/** Where completion values for a prompt argument come from: a document kind, or one of the knowledge sections. */
export const COMPLETION_SOURCES = [
  ...documentKinds,
  'templates',
  'frameworks',
  'records',
  'wiki',
] as const;
export type CompletionSource = DocumentKind | 'templates' | 'frameworks' | 'records' | 'wiki';

export interface PromptArgumentEntry {
  name: string;
  description: string;
  required: boolean;
  complete?: CompletionSource;
  values?: string[];
}

export interface PromptEntry {
  name: string;
  title: string;
  description: string;
  arguments: PromptArgumentEntry[];
  /** Resources and documents appended to the prompt, e.g. `career-context://current`, `checklist:{{checklist}}`. */
  embed: string[];
  path: string;
  /** Object hash of the prompt body (front matter removed). */
  body: string;
  access?: string[];
}

export interface KnowledgeSections {
  templates: TemplateEntry[];
  frameworks: FrameworkEntry[];
  graph: GraphSection | null;
  context: ContextEntry | null;
  wiki: WikiEntry[];
  prompts: PromptEntry[];
}

export const EMPTY_KNOWLEDGE: KnowledgeSections = {
  templates: [],
  frameworks: [],
  graph: null,
  context: null,
  wiki: [],
  prompts: [],
};
