// The layers import only what they may. src/worker/ is what runs in the Worker: the command line,
// build and publish (scripts/, bin/) and the local shim (src/shim/) never load it. What both sides
// share lives in src/bundle/ (formats the build writes and the Worker reads) or src/shared/ and
// src/text/ (code both use that is no bundle format), and those import neither side. The Worker
// imports nothing of the command line or the shim.
//
// Every static import, `export … from`, `import type`, `import()` (a string, or a
// `new URL('…', import.meta.url)`), `import x = require(…)` and `require(…)` is read with the
// TypeScript parser and its relative specifier resolved against the importing file.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../scripts/dev/paths.ts';

interface Import {
  /** The specifier as written. */
  specifier: string;
  /** What it names, relative to the project root (undefined for a package). */
  target: string | undefined;
}

const SOURCE = /\.(?:ts|mts|cts|mjs|js|cjs)$/;

function sourceFilesUnder(folder: string): string[] {
  const root = join(PROJECT_ROOT, folder);
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) => relative(PROJECT_ROOT, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((file) => !file.split('/').includes('node_modules'))
    .sort();
}

const literalText = (node: ts.Node | undefined): string | undefined =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    ? node.text
    : undefined;

/** `new URL('<literal>', import.meta.url)`: a file named relative to the module. */
function moduleRelativeUrl(node: ts.Node): string | undefined {
  if (!ts.isNewExpression(node) || !ts.isIdentifier(node.expression)) return undefined;
  if (node.expression.text !== 'URL' || node.arguments?.length !== 2) return undefined;
  const [first, base] = node.arguments;
  if (!base || !ts.isPropertyAccessExpression(base) || base.name.text !== 'url') return undefined;
  if (!ts.isMetaProperty(base.expression)) return undefined;
  return literalText(first);
}

/** Every module specifier in `text`, or throws naming a dynamic import it cannot read. */
function specifiersIn(text: string, file: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier !== undefined
    ) {
      found.push(literalText(node.moduleSpecifier)!);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference)
    ) {
      found.push(literalText(node.moduleReference.expression)!);
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument)) found.push(literalText(argument.literal)!);
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
    ) {
      const argument = node.arguments[0];
      const literal = literalText(argument);
      if (literal !== undefined) found.push(literal);
      else {
        // `import(a ? new URL('x', import.meta.url).href : new URL('y', import.meta.url).href)`:
        // each URL it can name is checked; anything else cannot be, and is refused.
        const urls: string[] = [];
        const collect = (inner: ts.Node): void => {
          const url = moduleRelativeUrl(inner);
          if (url !== undefined) urls.push(url);
          else ts.forEachChild(inner, collect);
        };
        if (argument) collect(argument);
        if (urls.length === 0) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
          throw new Error(
            `${file}:${line + 1}: a dynamic import of a computed specifier cannot be checked: name the module with a string or new URL('…', import.meta.url)`,
          );
        }
        found.push(...urls);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function importsOf(file: string): Import[] {
  const text = readFileSync(join(PROJECT_ROOT, file), 'utf8');
  return specifiersIn(text, file).map((specifier) => {
    const path = specifier.startsWith('file://') ? new URL(specifier).pathname : specifier;
    const local = path.startsWith('./') || path.startsWith('../') || path.startsWith('/');
    const target = local
      ? relative(PROJECT_ROOT, resolve(dirname(join(PROJECT_ROOT, file)), path))
          .split(sep)
          .join('/')
      : undefined;
    return { specifier, target };
  });
}

const within = (target: string, folder: string): boolean =>
  target === folder || target.startsWith(`${folder}/`);

/** `file imports 'specifier' (target)` for each import of a file in `folders` that names one of `forbidden`. */
function crossings(folders: readonly string[], forbidden: readonly string[]): string[] {
  return folders.flatMap((folder) =>
    sourceFilesUnder(folder).flatMap((file) =>
      importsOf(file)
        .filter(
          ({ target }) => target !== undefined && forbidden.some((layer) => within(target, layer)),
        )
        .map(({ specifier, target }) => `${file} imports '${specifier}' (${target})`),
    ),
  );
}

describe('import boundaries', () => {
  it('the command line, build, publish and shim load no Worker code', () => {
    expect(sourceFilesUnder('scripts').length).toBeGreaterThan(50);
    expect(sourceFilesUnder('src/shim').length).toBeGreaterThan(20);
    expect(crossings(['scripts', 'bin', 'src/shim'], ['src/worker'])).toEqual([]);
  });

  it('the shared formats and code (src/bundle, src/shared, src/text) import neither side', () => {
    expect(sourceFilesUnder('src/bundle').length).toBeGreaterThan(20);
    expect(
      crossings(
        ['src/bundle', 'src/shared', 'src/text'],
        ['src/worker', 'src/shim', 'scripts', 'bin'],
      ),
    ).toEqual([]);
  });

  it('the Worker imports nothing of the command line or the shim', () => {
    expect(sourceFilesUnder('src/worker').length).toBeGreaterThan(50);
    expect(crossings(['src/worker'], ['scripts', 'bin', 'src/shim'])).toEqual([]);
  });

  it('every kind of import is read, dynamic ones included', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      "export { c } from './c.ts';",
      "export * from './d.ts';",
      "import './e.ts';",
      "const f = await import('./f.ts');",
      'const g = await import(`./g.ts`);',
      "type H = typeof import('./h.ts');",
      "const i = await import(flag ? new URL('./i.ts', import.meta.url).href : new URL('./j.ts', import.meta.url).href);",
      "import k = require('./k.ts');",
      "function later() { return import('../../src/worker/index.ts'); }",
      'const notAnImport = \'import("./nope.ts")\';',
    ].join('\n');
    expect(specifiersIn(text, 'example.ts')).toEqual([
      './a.ts',
      '../b.ts',
      './c.ts',
      './d.ts',
      './e.ts',
      './f.ts',
      './g.ts',
      './h.ts',
      './i.ts',
      './j.ts',
      './k.ts',
      '../../src/worker/index.ts',
    ]);
    expect(() => specifiersIn('await import(name);', 'computed.ts')).toThrow(
      /computed\.ts:1: a dynamic import of a computed specifier cannot be checked/,
    );
  });
});
