// Build errors and warnings as GitHub Actions workflow commands, so a pull request shows each one on its line:
// `::error file=content/processes/a.md,line=3::message`. Escaping follows the runner's rules
// (data: % CR LF; properties additionally : and ,).
import { isAbsolute, relative } from 'node:path';
import type { BuildError } from '../compile/errors.ts';

const escapeData = (text: string): string =>
  text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string): string =>
  escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** One `::error` (or `::warning`) line; absolute paths are made relative to `root` (the checkout) so GitHub can place them. */
export function githubAnnotation(
  error: BuildError,
  root = process.cwd(),
  level: 'error' | 'warning' = 'error',
): string {
  const file = (isAbsolute(error.file) ? relative(root, error.file) : error.file)
    .split('\\')
    .join('/');
  return `::${level} file=${escapeProperty(file)},line=${error.line},title=praxis build::${escapeData(error.message)}`;
}
