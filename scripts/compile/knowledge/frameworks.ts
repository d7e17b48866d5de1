// content/frameworks/*.md → framework documentation (the POWER template contract's list_frameworks, plus get_framework).
import { join } from 'node:path';
import { codePointOrder } from '../../../src/bundle/templates/text-formats.ts';
import type { BuildError } from '../errors.ts';
import { firstHeading, firstParagraph, readSourceFiles } from './files.ts';
import { readFrontMatter } from './front.ts';

export interface CompiledFramework {
  name: string;
  file: string;
  title: string;
  description: string;
  path: string;
  content: string;
  access?: string[];
}

const FRAMEWORK_FILE = /^[A-Za-z0-9]+\.md$/;

export async function compileFrameworks(
  contentDir: string,
  errors: BuildError[],
): Promise<CompiledFramework[]> {
  const dir = join(contentDir, 'frameworks');
  const files = await readSourceFiles(
    dir,
    '.md',
    { root: contentDir, recursive: false, maxBytes: 1024 * 1024 },
    errors,
  );
  const frameworks: CompiledFramework[] = [];
  const lowerNames = new Map<string, string>();
  for (const source of files) {
    if (!FRAMEWORK_FILE.test(source.path)) {
      errors.push({
        file: source.file,
        line: 1,
        message: `framework file names are letters and digits plus '.md' (like POWER.md or FiveS.md), not '${source.path}'`,
      });
      continue;
    }
    const name = source.path.replace(/\.md$/, '');
    const clash = lowerNames.get(name.toLowerCase());
    if (clash)
      errors.push({
        file: source.file,
        line: 1,
        message: `'${source.path}' differs from '${clash}.md' only in case: get_framework matches names case-insensitively`,
      });
    lowerNames.set(name.toLowerCase(), name);
    const fields = readFrontMatter('frameworks', source, errors);
    if (!fields) continue;
    const content = fields.matter.body;
    frameworks.push({
      name,
      file: source.path,
      path: source.path,
      content,
      title: fields.text('title') ?? firstHeading(content) ?? name,
      description: fields.text('description') ?? firstParagraph(content),
      ...(fields.access ? { access: fields.access } : {}),
    });
  }
  return frameworks.sort((a, b) => codePointOrder(a.file, b.file));
}
