// The documents an author's view may see, in kind and entry order: what every part of the insights
// report filters stored names against, so a document outside the author's groups is never named,
// counted or ranked. Listed once per view (a view lives for one request) however many parts ask.
import { documentKinds } from '../../bundle/kinds.ts';
import type { KnowledgeView } from '../mcp/knowledge-view.ts';
import type { DocumentRef } from './insights-report.ts';

const listed = new WeakMap<KnowledgeView, readonly DocumentRef[]>();

/** Every document `view` may see. Needs every kind's names loaded. */
export function visibleDocumentRefs(view: KnowledgeView): readonly DocumentRef[] {
  let refs = listed.get(view);
  if (!refs) {
    refs = documentKinds.flatMap((kind) =>
      view.bundle
        .documents(kind)
        .filter((ref) => view.canSee(ref))
        .map((ref) => ({ kind, name: ref.name, title: ref.title })),
    );
    listed.set(view, refs);
  }
  return refs;
}
