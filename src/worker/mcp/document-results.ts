// Pure builders for the document tools' answers (the process-query contract shapes + provenance).
import type { DocumentEntry, Pointer } from '../../bundle/bundle.ts';
import { DOCUMENT_KINDS, type DocumentKind } from '../../bundle/kinds.ts';
import type { ToolAnswer } from './tool.ts';

export interface Provenance {
  version: string;
  commit: string | null;
}

export const provenanceOf = (pointer: Pointer): Provenance => ({
  version: pointer.version,
  commit: pointer.commit,
});

export function documentFound(
  entry: DocumentEntry,
  content: string,
  provenance: Provenance,
): ToolAnswer {
  // Flagged content is still served, labelled, so an agent treats it as material, never as instructions.
  const structured = {
    name: entry.name,
    title: entry.title,
    description: entry.description,
    content,
    path: entry.path,
    ...(entry.flags?.length ? { content_warnings: entry.flags } : {}),
    ...provenance,
  };
  return { structured };
}

export function documentNotFound(
  kind: DocumentKind,
  requested: string,
  names: readonly string[],
  provenance: Provenance,
): ToolAnswer {
  const { singular, notFound } = DOCUMENT_KINDS[kind];
  const hint = names.length
    ? ` Use one of the names in 'available' (list_${kind} describes them).`
    : ` No ${kind} are published yet.`;
  const structured = {
    error: notFound,
    message: `${capitalise(singular)} '${requested}' not found.${hint}`,
    available: names,
    ...provenance,
  };
  return { structured, isError: true };
}

export function documentList(
  kind: DocumentKind,
  entries: DocumentEntry[],
  provenance: Provenance,
): ToolAnswer {
  const items = entries.map(({ name, title, description, path }) => ({
    name,
    title,
    description,
    path,
  }));
  const structured = {
    [kind]: items,
    count: items.length,
    ...(items.length
      ? {}
      : {
          message: `No ${kind} found. Authors add Markdown files under content/${kind}/ and publish them.`,
        }),
    ...provenance,
  };
  return { structured };
}

export interface RankedEntry {
  entry: DocumentEntry;
  score: number;
  snippet: string;
}

export function searchResults(
  kind: DocumentKind,
  query: string,
  ranked: RankedEntry[],
  total: number,
  provenance: Provenance,
  nextCursor?: string,
): ToolAnswer {
  const results = ranked.map(({ entry, score, snippet }) => ({
    name: entry.name,
    title: entry.title,
    description: entry.description,
    relevance_score: roundScore(score),
    snippet,
    path: entry.path,
  }));
  const structured = {
    results,
    query,
    count: results.length,
    [`total_${kind}`]: total,
    ...(results.length
      ? {}
      : {
          message: `No ${kind} matched '${query}'. Try fewer or different words, or list_${kind} to browse.`,
        }),
    ...(nextCursor === undefined ? {} : { next_cursor: nextCursor }),
    ...provenance,
  };
  return { structured };
}

/** A cursor the search tools cannot use: a tool error telling the agent what to do instead. */
export function invalidCursor(message: string, provenance: Provenance): ToolAnswer {
  return { structured: { error: 'INVALID_CURSOR', message, ...provenance }, isError: true };
}

/** Scores travel as 0..1 with 4 decimals: enough to order, short to read. */
export const roundScore = (score: number): number =>
  Math.min(1, Math.max(0, Math.round(score * 10000) / 10000));

const capitalise = (word: string): string => word[0]!.toUpperCase() + word.slice(1);
