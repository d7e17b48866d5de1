// The bundle format shared by the build (writer) and the Worker (reader).
//
// Everything but the pointer is content-addressed: an object's key is the SHA-256 of its bytes,
// so a publish only adds objects and flips the pointer last, and an isolate can cache any object
// forever. Document bodies are separate objects so a search never loads them all.
import type { DocumentKind } from './kinds.ts';
import type { SearchIndex } from './search/index.ts';

export const BUNDLE_SCHEMA = 1;
export const POINTER_KEY = 'praxis:pointer';
export const objectKey = (hash: string): string => `praxis:obj:${hash}`;

/** The one mutable key: which manifest is current, and where it came from. */
export interface Pointer {
  schema: typeof BUNDLE_SCHEMA;
  /** Short, human-friendly id of the version: derived from the manifest hash. */
  version: string;
  manifest: string;
  commit: string | null;
  builtAt: string;
  documentCount: number;
}

export interface DocumentEntry {
  name: string;
  title: string;
  description: string;
  /** Source file relative to the content folder, e.g. `processes/code-review.md`. */
  path: string;
  /** Object hash of the Markdown body. */
  body: string;
  /** Groups allowed to see the document; absent means everyone. */
  access?: string[];
}

export interface KindSection {
  documents: DocumentEntry[];
  /** Object hash of the kind's search index (built over `documents` in this order). */
  index: string;
}

export interface Manifest {
  schema: typeof BUNDLE_SCHEMA;
  kinds: Record<DocumentKind, KindSection>;
}

export type { SearchIndex };
