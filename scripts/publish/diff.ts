// Which documents a publish adds, changes or removes, read from two manifests. Generic: any manifest
// entry with a string `path` and a `body` hash is a document, whatever section a content kind puts it in.
// Document entries in chunks (bundle schema 2) are read through `chunkText` and seen as if inline.
import {
  chunkRefsOf,
  entriesFromObjects,
  type ChunkedSection,
} from '../../src/bundle/document-chunks.ts';

export interface DocumentDiff {
  added: string[];
  changed: string[];
  removed: string[];
}

interface DocumentSeen {
  label: string;
  fingerprint: string;
}

const HASH = /^[0-9a-f]{64}$/;

/** Object text by hash: the chunks both manifests list (either version's). */
export type ChunkText = (hash: string) => string | null | undefined;

export function diffManifests(
  previous: string | null,
  next: string,
  chunkText: ChunkText,
): DocumentDiff {
  const before =
    previous === null ? new Map<string, DocumentSeen>() : documentsOf(previous, chunkText);
  const after = documentsOf(next, chunkText);
  const diff: DocumentDiff = { added: [], changed: [], removed: [] };
  for (const [id, document] of after) {
    const old = before.get(id);
    if (!old) diff.added.push(document.label);
    else if (old.fingerprint !== document.fingerprint) diff.changed.push(document.label);
  }
  for (const [id, document] of before) if (!after.has(id)) diff.removed.push(document.label);
  for (const list of Object.values(diff)) list.sort();
  return diff;
}

export const isEmptyDiff = (diff: DocumentDiff): boolean =>
  !diff.added.length && !diff.changed.length && !diff.removed.length;

export function formatDiff(diff: DocumentDiff): string[] {
  return [
    ...diff.added.map((label) => `  + ${label}`),
    ...diff.changed.map((label) => `  ~ ${label}`),
    ...diff.removed.map((label) => `  - ${label}`),
  ];
}

/** Documents keyed by section and path; the fingerprint is the whole entry, so a title change counts as a change. */
function documentsOf(manifestText: string, chunkText: ChunkText): Map<string, DocumentSeen> {
  const documents = new Map<string, DocumentSeen>();
  const walk = (value: unknown, section: string[]) => {
    if (Array.isArray(value)) return value.forEach((item) => walk(item, section));
    if (!value || typeof value !== 'object') return;
    const entry = value as Record<string, unknown>;
    if (typeof entry.path === 'string' && typeof entry.body === 'string' && HASH.test(entry.body)) {
      documents.set(`${section.join('.')}\u0000${entry.path}`, {
        label: labelOf(section, entry.path),
        fingerprint: JSON.stringify(entry),
      });
      return;
    }
    for (const [key, child] of Object.entries(entry)) walk(child, [...section, key]);
  };
  walk(withEntriesInline(JSON.parse(manifestText) as Record<string, unknown>, chunkText), []);
  return documents;
}

/** Each chunked kind section as `{ documents: [...] }`, the shape schema 1 had. */
function withEntriesInline(
  manifest: Record<string, unknown>,
  chunkText: ChunkText,
): Record<string, unknown> {
  const kinds = (manifest.kinds ?? {}) as Record<string, ChunkedSection | undefined>;
  const inline = Object.fromEntries(
    Object.entries(kinds).map(([kind, section]) => [
      kind,
      section?.chunkList || section?.chunks
        ? {
            documents: entriesFromObjects(
              manifest as Parameters<typeof entriesFromObjects>[0],
              kind,
              chunkText,
            ),
          }
        : section,
    ]),
  );
  // The knowledge sections live in their own object: seen inline, like schema 1 had them.
  const knowledge =
    typeof manifest.knowledge === 'string' ? chunkText(manifest.knowledge) : undefined;
  if (typeof manifest.knowledge === 'string' && knowledge == null)
    throw new Error(`the knowledge object ${manifest.knowledge} is missing from the store`);
  // Graph records (chunked since schema 4) are seen where schema 3 had them: knowledge.graph.records.
  const recordsSection = manifest.records as ChunkedSection | undefined;
  const sections = knowledge ? (JSON.parse(knowledge) as Record<string, unknown>) : undefined;
  if (sections?.graph && recordsSection)
    sections.graph = {
      ...(sections.graph as object),
      records: chunkRefsOf(recordsSection, chunkText).flatMap((chunk) => {
        const text = chunkText(chunk.hash);
        if (text == null)
          throw new Error(`the graph records chunk ${chunk.hash} is missing from the store`);
        return JSON.parse(text) as unknown[];
      }),
    };
  const { records: _records, ...rest } = manifest;
  return {
    ...rest,
    kinds: inline,
    ...(sections ? { knowledge: sections } : {}),
  };
}

/** `processes/code-review.md` as is; a path without its kind folder gets it: `frameworks/POWER.md`. */
function labelOf(section: string[], path: string): string {
  // Sections are `kinds.<kind>.documents` or `knowledge.<kind>[.records]`: the kind is the second segment.
  const kind = section[1] ?? section[0] ?? '';
  return path.startsWith(`${kind}/`) ? path : `${kind}/${path}`;
}
