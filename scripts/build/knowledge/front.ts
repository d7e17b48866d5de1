// Front matter reading for the knowledge kinds: typed field getters that record `file:line` errors.
import type { BuildError } from '../errors.ts';
import { splitFrontMatter, type FrontMatter } from '../front-matter.ts';
import type { SourceFile } from './files.ts';

export interface Fields {
  matter: FrontMatter;
  text(key: string): string | undefined;
  list(key: string): string[] | undefined;
  line(key: string): number;
}

export function readFrontMatter(source: SourceFile, errors: BuildError[]): Fields | undefined {
  const split = splitFrontMatter(source.text);
  if (!split.ok) { errors.push({ file: source.file, line: split.line, message: split.message }); return undefined; }
  const matter = split.value;
  const line = (key: string): number => matter.keyLines[key] ?? 1;
  const fail = (key: string, message: string): undefined => { errors.push({ file: source.file, line: line(key), message }); return undefined; };
  return {
    matter,
    line,
    text(key) {
      const value = matter.data[key];
      if (value === undefined || value === null) return undefined;
      if (typeof value === 'string' || typeof value === 'number') return String(value).trim() || fail(key, `'${key}' is empty`);
      return fail(key, `'${key}' must be a string`);
    },
    list(key) {
      const value = matter.data[key];
      if (value === undefined || value === null) return undefined;
      const items = Array.isArray(value) ? value : [value];
      if (items.every((item) => typeof item === 'string' && item.trim())) return items.map((item: string) => item.trim());
      return fail(key, `'${key}' must be a list of non-empty strings`);
    },
  };
}
