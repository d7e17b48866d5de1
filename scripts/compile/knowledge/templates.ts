// content/templates/*.txt → POWER templates (the POWER template contract), in dependency order.
import { join } from 'node:path';
import type { BuildError } from '../errors.ts';
import { readSourceFiles } from './files.ts';
import { MAX_TEMPLATE_BYTES, parsePowerTemplate, TEMPLATE_FILE_NAME } from './power-format.ts';

export interface CompiledTemplate {
  name: string;
  path: string;
  content: string;
  saveAs: string;
  storeAs: string;
  references: string[];
}

export async function compileTemplates(
  contentDir: string,
  errors: BuildError[],
): Promise<CompiledTemplate[]> {
  const dir = join(contentDir, 'templates');
  // The template contract limits templates to < 50 KB; reading up to 1 MiB lets the size rule report the exact size.
  const files = await readSourceFiles(
    dir,
    '.txt',
    { root: contentDir, recursive: false, maxBytes: 1024 * 1024 },
    errors,
  );
  const parsed: Array<CompiledTemplate & { file: string; placeholders: Map<string, number> }> = [];
  for (const source of files) {
    const fail = (line: number, message: string) =>
      errors.push({ file: source.file, line, message });
    if (!TEMPLATE_FILE_NAME.test(source.path)) {
      fail(
        1,
        `template file names are lowercase letters and digits plus '.txt' (like readme.txt), not '${source.path}'`,
      );
      continue;
    }
    if (source.bytes >= MAX_TEMPLATE_BYTES) {
      fail(
        1,
        `template is ${source.bytes} bytes; templates must be under 50 KB (${MAX_TEMPLATE_BYTES} bytes)`,
      );
      continue;
    }
    const { template, errors: lineErrors } = parsePowerTemplate(source.text);
    for (const error of lineErrors) fail(error.line, error.message);
    if (!template) continue;
    parsed.push({
      name: source.path.replace(/\.txt$/, ''),
      path: source.path,
      file: source.file,
      content: source.text,
      saveAs: template.values.save_as,
      storeAs: template.values.store_as,
      references: [],
      placeholders: template.placeholders,
    });
  }
  resolveReferences(parsed, errors);
  return dependencyOrder(parsed, errors);
}

function resolveReferences(
  templates: Array<CompiledTemplate & { file: string; placeholders: Map<string, number> }>,
  errors: BuildError[],
): void {
  const byStoreAs = new Map<string, string>();
  for (const template of templates) {
    const other = byStoreAs.get(template.storeAs);
    if (other)
      errors.push({
        file: template.file,
        line: 1,
        message: `store_as '${template.storeAs}' is also used by ${other}.txt: each template stores under its own name`,
      });
    else byStoreAs.set(template.storeAs, template.name);
  }
  for (const template of templates) {
    for (const [key, line] of template.placeholders) {
      if (key === template.storeAs)
        errors.push({
          file: template.file,
          line,
          message: `'{{${key}}}' refers to this template's own store_as`,
        });
      else if (!byStoreAs.has(key))
        errors.push({
          file: template.file,
          line,
          message: `'{{${key}}}' names no template's store_as (known: ${[...byStoreAs.keys()].sort().join(', ') || 'none'})`,
        });
      else template.references.push(key);
    }
    template.references.sort();
  }
}

/** Kahn's algorithm, ties broken alphabetically: readme, architecture, api, components, schema. */
function dependencyOrder(
  templates: Array<CompiledTemplate & { file: string }>,
  errors: BuildError[],
): CompiledTemplate[] {
  const nameOf = new Map(templates.map((template) => [template.storeAs, template.name]));
  const pending = new Map(
    templates.map((template) => [
      template.name,
      new Set(template.references.map((key) => nameOf.get(key)!)),
    ]),
  );
  const ordered: CompiledTemplate[] = [];
  while (pending.size) {
    const ready = [...pending]
      .filter(([, deps]) => [...deps].every((dep) => !pending.has(dep)))
      .map(([name]) => name)
      .sort();
    if (!ready.length) {
      for (const name of pending.keys()) {
        const template = templates.find((candidate) => candidate.name === name)!;
        errors.push({
          file: template.file,
          line: 1,
          message: `cross-references form a cycle among: ${[...pending.keys()].sort().join(', ')}`,
        });
      }
      break;
    }
    const next = ready[0]!;
    pending.delete(next);
    const {
      file: _file,
      placeholders: _placeholders,
      ...template
    } = templates.find((candidate) => candidate.name === next)! as CompiledTemplate & {
      file: string;
      placeholders?: unknown;
    };
    ordered.push(template);
  }
  return ordered;
}
