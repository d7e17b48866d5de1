// content/context/*.md → the one career-context document (or none: the Worker then serves a notice).
import { join } from 'node:path';
import type { BuildError } from '../errors.ts';
import { firstHeading, readSourceFiles } from './files.ts';
import { readFrontMatter } from './front.ts';

export interface CompiledContext {
  title: string;
  path: string;
  content: string;
  updated?: string;
  access?: string[];
}

export async function compileContext(
  contentDir: string,
  errors: BuildError[],
): Promise<CompiledContext | null> {
  const dir = join(contentDir, 'context');
  const files = await readSourceFiles(
    dir,
    '.md',
    { root: contentDir, recursive: false, maxBytes: 1024 * 1024 },
    errors,
  );
  if (files.length > 1) {
    for (const source of files.slice(1)) {
      errors.push({
        file: source.file,
        line: 1,
        message: `only one career-context document is served, and ${files[0]!.path} is already one: merge them or move this file out of content/context/`,
      });
    }
    return null;
  }
  const source = files[0];
  if (!source) return null;
  const fields = readFrontMatter('context', source, errors);
  if (!fields) return null;
  const updated = fields.text('updated');
  if (updated !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(updated)) {
    errors.push({
      file: source.file,
      line: fields.line('updated'),
      message: `'updated' must be a date like 2025-06-30, not '${updated}'`,
    });
  }
  const access = fields.access;
  const content = fields.matter.body;
  return {
    title: fields.text('title') ?? firstHeading(content) ?? 'Career context',
    path: source.path,
    content,
    ...(updated ? { updated } : {}),
    ...(access ? { access } : {}),
  };
}
