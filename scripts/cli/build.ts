import { resolve } from 'node:path';
import { printWarning } from '../compile/build.ts';
import { formatBuildError, type BuildError } from '../compile/errors.ts';
import { buildToDirectory } from '../compile/stream/build.ts';
import { githubAnnotation } from '../publish/github-annotation.ts';
import { parseOptions, UsageError } from './command.ts';

export const usage = `Usage: praxis build [--content DIR] [--out DIR] [--format text|github]

Compiles DIR (default: content/) — kind folders processes/, checklists/ — into a versioned,
content-addressed bundle and validates every document. Prints file:line: message for each
invalid document and exits 1 if there is any; warns (file:line: warning: …) about stale
documents, taking today from PRAXIS_BUILD_NOW (YYYY-MM-DD) when set.

Options:
  --content DIR   content folder (default: content)
  --out DIR       write the bundle here (default: .praxis/bundle)
  --format FMT    text (default): file:line: message; github: also ::error and ::warning annotations for GitHub Actions
  -h, --help      show this help`;

export async function run(argv: string[]): Promise<number> {
  const { values } = parseOptions(argv, {
    content: { type: 'string', default: 'content' },
    out: { type: 'string', default: '.praxis/bundle' },
    format: { type: 'string', default: 'text' },
  });
  if (values.format !== 'text' && values.format !== 'github')
    throw new UsageError(`--format must be text or github, not '${values.format}'`);
  const started = performance.now();
  // Warnings (stale documents, a shallow checkout, flagged text) never fail a build; with --format
  // github each is also a ::warning annotation on its file and line.
  const onWarning = (warning: BuildError): void => {
    printWarning(warning);
    if (values.format === 'github') console.log(githubAnnotation(warning, undefined, 'warning'));
  };
  // Written to --out as it is built: memory stays flat however large the corpus.
  const result = await buildToDirectory(values.content!, values.out!, onWarning);
  if (!result.ok) {
    for (const error of result.errors) console.error(formatBuildError(error));
    if (values.format === 'github')
      for (const error of result.errors) console.log(githubAnnotation(error));
    console.error(
      `\nbuild failed: ${result.errors.length} error${result.errors.length === 1 ? '' : 's'}`,
    );
    return 1;
  }
  const { pointer, objects, bytes } = result;
  console.log(
    `built version ${pointer.version}: ${pointer.documentCount} documents, ${objects} objects, ${bytes} bytes in ${(performance.now() - started).toFixed(0)} ms → ${resolve(values.out!)}`,
  );
  return 0;
}
