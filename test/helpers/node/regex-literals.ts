// Every regular expression written in the TypeScript sources, found with the TypeScript compiler's
// parser (not a regex over source text): literals, `new RegExp(…)` / `RegExp(…)`, and the string a
// `match`/`matchAll`/`search` call turns into one.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface RegexInSource {
  /** `path:line`, relative to the root given. */
  where: string;
  source: string;
  flags: string;
  /** Why the pattern could not be read from the source (a pattern built from a variable). */
  unreadable?: string;
}

export const UNREADABLE = 'the pattern or flags are not written in the source';

/** What a `${…}` in a `new RegExp(`…`)` template stands for: escaped text, checked as one letter. */
const SUBSTITUTION = 'x';
const STRING_TO_REGEX_METHODS = new Set(['match', 'matchAll', 'search']);

function sourceFilesUnder(root: string, folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter(
      (entry) =>
        entry.isFile() && /\.[cm]?[jt]s$/.test(entry.name) && !entry.name.endsWith('.d.ts'),
    )
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** The text of a string literal or template (its `${…}` parts as SUBSTITUTION), or undefined. */
function staticText(node: ts.Expression | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return (
      node.head.text + node.templateSpans.map((span) => SUBSTITUTION + span.literal.text).join('')
    );
  }
  return undefined;
}

export function regexesIn(
  fileName: string,
  text: string,
  where: (line: number) => string,
): RegexInSource[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: RegexInSource[] = [];
  const at = (node: ts.Node): string =>
    where(file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1);
  const visit = (node: ts.Node): void => {
    if (ts.isRegularExpressionLiteral(node)) {
      const slash = node.text.lastIndexOf('/');
      found.push({
        where: at(node),
        source: node.text.slice(1, slash),
        flags: node.text.slice(slash + 1),
      });
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const [patternArgument, flagsArgument] = node.arguments ?? [];
      const source = staticText(patternArgument);
      const flags = flagsArgument === undefined ? '' : staticText(flagsArgument);
      if (source !== undefined && flags !== undefined)
        found.push({ where: at(node), source, flags });
      else if (!(patternArgument && ts.isRegularExpressionLiteral(patternArgument))) {
        found.push({
          where: at(node),
          source: node.getText(file),
          flags: '',
          unreadable: UNREADABLE,
        });
      }
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      STRING_TO_REGEX_METHODS.has(node.expression.name.text) &&
      node.arguments.length === 1
    ) {
      const source = ts.isStringLiteral(node.arguments[0]!) ? node.arguments[0].text : undefined;
      if (source !== undefined) found.push({ where: at(node), source, flags: '' });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Every regex in the source files under `folders` of `root`. */
export function regexesUnder(root: string, folders: readonly string[]): RegexInSource[] {
  return folders.flatMap((folder) =>
    sourceFilesUnder(root, folder)
      .map((file) => {
        const name = relative(root, file);
        return regexesIn(file, readFileSync(file, 'utf8'), (line) => `${name}:${line}`);
      })
      .flat(),
  );
}
