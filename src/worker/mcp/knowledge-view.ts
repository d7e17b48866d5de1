// What one principal may see of the knowledge sections: every surface (tools, resources, prompts,
// completions) reads through this view, so an `access:`-restricted entry leaves no trace anywhere.
// A view is built once per bundle and group set, not per request: filtering thousands of graph
// records on every call was the largest part of a request's fixed cost.
import { isVisible } from '../content/access.ts';
import { visibleRecordTypes } from '../../bundle/record-chunks.ts';
import { DOCUMENT_KINDS, isDocumentKind, type DocumentKind } from '../../bundle/kinds.ts';
import {
  EMPTY_KNOWLEDGE,
  type CompletionSource,
  type ContextEntry,
  type FrameworkEntry,
  type PromptEntry,
  type RecordEntry,
  type TemplateEntry,
  type WikiEntry,
} from '../../bundle/sections.ts';
import type { LoadedBundle } from '../content/loaded-bundle.ts';
import { provenanceOf, type Provenance } from './document-results.ts';

export interface KnowledgeView {
  bundle: LoadedBundle;
  provenance: Provenance;
  templates: TemplateEntry[];
  frameworks: FrameworkEntry[];
  /** The graph records this caller may see; only for requests that loaded the records (`BundleNeeds.records`). */
  records: RecordEntry[];
  recordsById: ReadonlyMap<string, RecordEntry>;
  /** The record with this id if this caller may see it: one chunk read, without loading the records. */
  recordWithId(id: string): Promise<RecordEntry | undefined>;
  /** The record types this caller may see, sorted: from the manifest, without loading any record. */
  recordTypes: string[];
  context: ContextEntry | null;
  wiki: WikiEntry[];
  prompts: PromptEntry[];
  /** Whether this caller may see an entry with these `access` groups (documents, records, prompts…). */
  canSee(entry: { access?: readonly string[] }): boolean;
  /** Visible names of documents of a kind (processes, checklists). */
  documentNames(kind: DocumentKind): string[];
  /** How many documents of a kind this view can see (a search and the server instructions report it), from the manifest's per-access counts. */
  visibleCount(kind: DocumentKind): number;
  /** Candidate values for a completion source. */
  namesFor(source: CompletionSource): string[];
}

/** Distinct group sets kept per bundle; callers beyond it rebuild their view (correct, only slower). */
const MAX_VIEWS_PER_BUNDLE = 256;
const views = new WeakMap<LoadedBundle, Map<string, KnowledgeView>>();

export function knowledgeView(bundle: LoadedBundle, groups: readonly string[]): KnowledgeView {
  let byGroups = views.get(bundle);
  if (!byGroups) views.set(bundle, (byGroups = new Map()));
  // JSON, not a join: no group name, whatever it contains, can make two group sets share a key.
  const key = JSON.stringify([...groups].sort());
  let view = byGroups.get(key);
  if (!view) {
    if (byGroups.size >= MAX_VIEWS_PER_BUNDLE) byGroups.delete(byGroups.keys().next().value!);
    byGroups.set(key, (view = buildView(bundle, groups)));
  }
  return view;
}

/** Something derived from a view (tool definitions, schemas), computed on first use and kept as long as the view. */
export function derived<T>(
  cache: WeakMap<KnowledgeView, T>,
  view: KnowledgeView,
  build: (view: KnowledgeView) => T,
): T {
  let found = cache.get(view);
  if (found === undefined) cache.set(view, (found = build(view)));
  return found;
}

function buildView(bundle: LoadedBundle, groups: readonly string[]): KnowledgeView {
  const canSee = (entry: { access?: readonly string[] }): boolean => isVisible(entry, groups);
  const visible = <T extends { access?: string[] }>(entries: readonly T[]): T[] =>
    entries.filter(canSee);
  // The knowledge sections and the records are filtered on first use: a document tool's request
  // never loads either, initialize and tools/list never load the records.
  let sections:
    Pick<KnowledgeView, 'templates' | 'frameworks' | 'context' | 'wiki' | 'prompts'> | undefined;
  const knowledge = () => {
    if (sections) return sections;
    const loaded = bundle.knowledge ?? EMPTY_KNOWLEDGE;
    sections = {
      templates: loaded.templates,
      frameworks: visible(loaded.frameworks),
      context: loaded.context && canSee(loaded.context) ? loaded.context : null,
      wiki: visible(loaded.wiki),
      prompts: visible(loaded.prompts),
    };
    return sections;
  };
  let records: Pick<KnowledgeView, 'records' | 'recordsById'> | undefined;
  const visibleRecords = () => {
    if (records) return records;
    const list = visible(bundle.records);
    records = { records: list, recordsById: new Map(list.map((record) => [record.id, record])) };
    return records;
  };
  let recordTypes: string[] | undefined;
  const documentNames = new Map<DocumentKind, string[]>();
  const view: KnowledgeView = {
    bundle,
    provenance: provenanceOf(bundle.pointer),
    get templates() {
      return knowledge().templates;
    },
    get frameworks() {
      return knowledge().frameworks;
    },
    get records() {
      return visibleRecords().records;
    },
    get recordsById() {
      return visibleRecords().recordsById;
    },
    async recordWithId(id) {
      const record = await bundle.record(id);
      return record && canSee(record) ? record : undefined;
    },
    get recordTypes() {
      return (recordTypes ??= visibleRecordTypes(bundle.manifest.records, canSee));
    },
    get context() {
      return knowledge().context;
    },
    get wiki() {
      return knowledge().wiki;
    },
    get prompts() {
      return knowledge().prompts;
    },
    canSee,
    documentNames(kind) {
      if (!DOCUMENT_KINDS[kind]) return [];
      let names = documentNames.get(kind);
      if (!names)
        documentNames.set(
          kind,
          (names = bundle
            .documents(kind)
            .filter(canSee)
            .map((entry) => entry.name)),
        );
      return names;
    },
    visibleCount: (kind) => (DOCUMENT_KINDS[kind] ? bundle.visibleCount(kind, canSee) : 0),
    namesFor(source) {
      if (isDocumentKind(source)) return view.documentNames(source);
      switch (source) {
        case 'templates':
          return view.templates.map((template) => template.name);
        case 'frameworks':
          return view.frameworks.map((framework) => framework.name);
        case 'records':
          return view.records.map((record) => record.id);
        case 'wiki':
          return view.wiki.map((module) => module.module);
      }
    },
  };
  return view;
}
