// content/wiki/<module>.md → wiki modules served as vitaecontext://wiki/{module}.
import { join } from 'node:path';
import type { BuildError } from '../errors.ts';
import { firstHeading, firstParagraph, readSourceFiles } from './files.ts';
import { readFrontMatter } from './front.ts';

export interface CompiledWiki {
  module: string;
  title: string;
  description: string;
  path: string;
  content: string;
  access?: string[];
}

export const WIKI_MODULE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export async function compileWiki(
  contentDir: string,
  errors: BuildError[],
): Promise<CompiledWiki[]> {
  const dir = join(contentDir, 'wiki');
  const files = await readSourceFiles(
    dir,
    '.md',
    { root: contentDir, recursive: false, maxBytes: 1024 * 1024 },
    errors,
  );
  const modules: CompiledWiki[] = [];
  for (const source of files) {
    const module = source.path.replace(/\.md$/, '');
    if (!WIKI_MODULE.test(module)) {
      errors.push({
        file: source.file,
        line: 1,
        message: `wiki module names are lowercase letters, digits and hyphens (the file name is the module), not '${module}'`,
      });
      continue;
    }
    const fields = readFrontMatter('wiki', source, errors);
    if (!fields) continue;
    const content = fields.matter.body;
    const access = fields.access;
    modules.push({
      module,
      path: source.path,
      content,
      title: fields.text('title') ?? firstHeading(content) ?? module,
      description: fields.text('description') ?? firstParagraph(content),
      ...(access ? { access } : {}),
    });
  }
  return modules;
}
