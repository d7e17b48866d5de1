// Front matter reading for the knowledge kinds: typed field getters that record `file:line` errors.
// Getters take only the keys FRONT_MATTER_KEYS lists for the kind; any other key in the file is an
// error at its line, and `access` is read fail-closed (readAccess).
import { readAccess } from '../access-field.ts';
import type { BuildError } from '../errors.ts';
import { splitFrontMatter, type FrontMatter } from '../front-matter.ts';
import type { DocumentKind } from '../../../src/bundle/kinds.ts';
import { unknownKeyErrors, type FrontMatterKind, type KnownKey } from '../front-matter-keys.ts';
import type { SourceFile } from './files.ts';

export interface Fields<Key extends string = string> {
  matter: FrontMatter;
  /** The raw value of a key, only if the file itself has it (never an inherited property). */
  value(key: Key): unknown;
  text(key: Key): string | undefined;
  list(key: Key): string[] | undefined;
  line(key: Key): number;
  /** The `access` groups, absent when the key is; an empty or malformed `access` is already an error. */
  access: string[] | undefined;
}

export function readFrontMatter<
  Kind extends Exclude<FrontMatterKind, DocumentKind | 'prompt arguments'>,
>(kind: Kind, source: SourceFile, errors: BuildError[]): Fields<KnownKey<Kind>> | undefined {
  const split = splitFrontMatter(source.text);
  if (!split.ok) {
    errors.push({ file: source.file, line: split.line, message: split.message });
    return undefined;
  }
  const matter = split.value;
  const unknown = unknownKeyErrors(kind, matter.keyLines, source.file);
  const access = readAccess(matter.data, matter.keyLines, source.file);
  if (!access.ok) unknown.push(access.error);
  if (unknown.length) {
    errors.push(...unknown);
    return undefined;
  }
  const line = (key: string): number => matter.keyLines.get(key) ?? 1;
  const value = (key: string): unknown =>
    Object.hasOwn(matter.data, key) ? matter.data[key] : undefined;
  const fail = (key: string, message: string): undefined => {
    errors.push({ file: source.file, line: line(key), message });
    return undefined;
  };
  return {
    matter,
    line,
    value,
    access: access.ok ? access.access : undefined,
    text(key) {
      const found = value(key);
      if (found === undefined || found === null) return undefined;
      if (typeof found === 'string' || typeof found === 'number')
        return String(found).trim() || fail(key, `'${key}' is empty`);
      return fail(key, `'${key}' must be a string`);
    },
    list(key) {
      const found = value(key);
      if (found === undefined || found === null) return undefined;
      const items = Array.isArray(found) ? found : [found];
      if (items.every((item) => typeof item === 'string' && item.trim()))
        return items.map((item: string) => item.trim());
      return fail(key, `'${key}' must be a list of non-empty strings`);
    },
  };
}
