// Compiled documents → a content-addressed bundle: objects keyed by SHA-256, a manifest, a pointer.
import { createHash } from 'node:crypto';
import { BUNDLE_SCHEMA, type DocumentEntry, type KindSection, type Manifest, type Pointer } from '../../src/content/bundle.ts';
import { chunkEntries, namesOf } from '../../src/content/document-chunks.ts';
import { documentKinds } from '../../src/content/kinds.ts';
import { buildSearchIndex, storeSearchIndex } from '../../src/content/search/index.ts';
import type { CompiledDocument } from './parse-document.ts';
import { assembleKnowledge } from './knowledge/assemble.ts';
import type { CompiledKnowledge } from './knowledge/compile.ts';

export interface Bundle {
  pointer: Pointer;
  /** hash → exact stored text. */
  objects: Map<string, string>;
}

export interface Provenance {
  commit: string | null;
  /** Built from a content folder with uncommitted changes. */
  dirty?: boolean;
  builtAt: string;
}

export function assembleBundle(documents: CompiledDocument[], provenance: Provenance, knowledge?: CompiledKnowledge): Bundle {
  const objects = new Map<string, string>();
  const put = (text: string): string => {
    const hash = sha256(text);
    objects.set(hash, text);
    return hash;
  };
  const kinds = {} as Manifest['kinds'];
  for (const kind of documentKinds) {
    const ofKind = documents.filter((document) => document.kind === kind).sort((a, b) => a.name.localeCompare(b.name));
    kinds[kind] = kindSection(kind, ofKind, put);
  }
  const manifest: Manifest = { schema: BUNDLE_SCHEMA, kinds, ...(knowledge ? { knowledge: put(JSON.stringify(assembleKnowledge(knowledge, put))) } : {}) };
  const manifestHash = put(JSON.stringify(manifest));
  const pointer: Pointer = {
    schema: BUNDLE_SCHEMA,
    version: manifestHash.slice(0, 12),
    manifest: manifestHash,
    commit: provenance.commit,
    ...(provenance.dirty ? { dirty: true as const } : {}),
    builtAt: provenance.builtAt,
    documentCount: documents.length,
  };
  return { pointer, objects };
}

function kindSection(kind: string, documents: CompiledDocument[], put: (text: string) => string): KindSection {
  const entries: DocumentEntry[] = documents.map((document) => ({
    name: document.name,
    title: document.title,
    description: document.description,
    path: `${kind}/${document.path}`,
    body: put(document.content),
    ...(document.access ? { access: document.access } : {}),
    ...(document.flags?.length ? { flags: document.flags } : {}),
  }));
  const index = buildSearchIndex(documents.map(({ name, title, description, content, access }) => ({ name, title, description, body: content, ...(access ? { access } : {}) })));
  return {
    count: entries.length,
    names: put(JSON.stringify(namesOf(entries))),
    chunks: chunkEntries(entries).map((chunk) => ({ count: chunk.length, hash: put(JSON.stringify(chunk)) })),
    index: storeSearchIndex(index, put),
  };
}

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
