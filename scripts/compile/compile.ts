// content/<kind>/**.md → validated documents. Collects every error instead of stopping at the first,
// so an author sees all problems in one run.
import { lstat, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { documentKinds, type DocumentKind } from '../../src/bundle/kinds.ts';
import type { BuildError } from './errors.ts';
import { listFolderFiles } from './folder-walk.ts';
import { MAX_DOCUMENT_BYTES, parseDocumentFile, type CompiledDocument } from './parse-document.ts';

export type { CompiledDocument };

export interface CompileResult {
  documents: CompiledDocument[];
  errors: BuildError[];
  warnings: BuildError[];
}

export async function compileContent(contentDir: string): Promise<CompileResult> {
  const documents: CompiledDocument[] = [];
  const errors: BuildError[] = [];
  const root = await stat(contentDir).catch(() => undefined);
  if (!root?.isDirectory()) {
    return {
      documents,
      errors: [
        {
          file: contentDir,
          line: 1,
          message: 'content folder does not exist (pass --content DIR)',
        },
      ],
      warnings: [],
    };
  }
  for (const kind of documentKinds) {
    const kindDir = join(contentDir, kind);
    const files = await listFolderFiles(
      kindDir,
      { root: contentDir, accepts: isMarkdown, subfolders: 'walk', hidden: 'folders' },
      errors,
    );
    const compiled = await mapBounded(files, OPEN_FILES_AT_ONCE, (path) =>
      compileFile(kind, kindDir, path),
    );
    const byName = new Map<string, CompiledDocument>();
    for (const result of compiled) {
      if (!result.ok) {
        errors.push(...result.errors);
        continue;
      }
      const existing = byName.get(result.document.name);
      if (existing) {
        errors.push(duplicateError(kindDir, result.document, existing));
        continue;
      }
      byName.set(result.document.name, result.document);
      documents.push(result.document);
    }
  }
  return { documents, errors, warnings: documents.flatMap((document) => document.warnings) };
}

export const isMarkdown = (name: string): boolean => name.toLowerCase().endsWith('.md');

// Reading every file at once runs out of file descriptors (EMFILE) at ~20 000 documents.
export const OPEN_FILES_AT_ONCE = 64;

/** `work` over `items` with at most `limit` in flight; results in input order. */
async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const at = next++;
      results[at] = await work(items[at] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** One file of a kind folder compiled: lstat, the size limit, then parseDocumentFile. */
export async function compileFile(kind: DocumentKind, kindDir: string, path: string) {
  const file = join(kindDir, path);
  const info = await lstat(file);
  if (!info.isFile())
    return {
      ok: false as const,
      errors: [
        {
          file,
          line: 1,
          message:
            'not a regular file (it changed while the build ran?): only plain files are read',
        },
      ],
    };
  if (info.size > MAX_DOCUMENT_BYTES) {
    return {
      ok: false as const,
      errors: [
        {
          file,
          line: 1,
          message: `file is ${info.size} bytes; the limit is ${MAX_DOCUMENT_BYTES} (1 MiB): split it into smaller documents`,
        },
      ],
    };
  }
  return parseDocumentFile(kind, path, new Uint8Array(await readFile(file)), file);
}

export function duplicateError(
  kindDir: string,
  document: Pick<CompiledDocument, 'name' | 'path' | 'nameLine'>,
  existing: Pick<CompiledDocument, 'path'>,
): BuildError {
  return {
    file: join(kindDir, document.path),
    line: document.nameLine,
    message: `duplicate name '${document.name}': ${join(kindDir, existing.path)} has the same normalised name (rename one, or set a distinct front matter 'name')`,
  };
}
