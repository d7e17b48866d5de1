// One Markdown file → one compiled document, or the reasons it cannot be one.
import { DOCUMENT_KINDS, type DocumentKind } from '../../src/bundle/kinds.ts';
import { nameFromPath, normalizeName } from '../../src/bundle/names.ts';
import { firstAtxHeading, TITLE_HEADING } from '../../src/bundle/markdown/atx-heading.ts';
import { inlineLinksAsLabels } from '../../src/bundle/markdown/inline-syntax.ts';
import { readAccess } from './access-field.ts';
import type { BuildError } from './errors.ts';
import { readFreshnessFields, type FreshnessFields } from './freshness-fields.ts';
import { splitFrontMatter } from './front-matter.ts';
import { unknownKeyErrors, type KnownKey } from './front-matter-keys.ts';
import { binaryContentError, contentWarnings, type ContentFlag } from './text-checks.ts';

export const MAX_DOCUMENT_BYTES = 1024 * 1024;
const DESCRIPTION_FALLBACK_CHARS = 200;

export interface CompiledDocument {
  kind: DocumentKind;
  name: string;
  title: string;
  description: string;
  /** Relative to the kind folder, e.g. `code-reviews/README.md`. */
  path: string;
  /** Markdown without front matter. */
  content: string;
  tags: string[];
  access?: string[];
  /** Line of the `name` field, or 1: where a duplicate-name error points. */
  nameLine: number;
  /** Who keeps it and when it was last reviewed, from front matter; lastChanged from git (`git-dates.ts`). */
  owner?: string;
  reviewed?: string;
  reviewDays?: number;
  lastChanged?: string;
  /** Where a stale warning points: the `reviewed` line, else the front matter's first line (or 1 without one). */
  freshnessLine?: number;
  /** Build warnings about the body (active HTML, agent-directed text) and the flags they put in its metadata. */
  warnings: BuildError[];
  flags: ContentFlag[];
}

/**
 * What the streaming build keeps of a document once its body is stored: its entry's fields and what
 * freshness warnings read (flags only when there are some).
 */
export type KeptDocument = Pick<
  CompiledDocument,
  | 'kind'
  | 'name'
  | 'title'
  | 'description'
  | 'path'
  | 'access'
  | 'owner'
  | 'reviewed'
  | 'reviewDays'
  | 'lastChanged'
  | 'freshnessLine'
> &
  Partial<Pick<CompiledDocument, 'flags'>>;

export type ParseResult =
  { ok: true; document: CompiledDocument } | { ok: false; errors: BuildError[] };

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export function parseDocumentFile(
  kind: DocumentKind,
  path: string,
  bytes: Uint8Array,
  file: string,
): ParseResult {
  const fail = (line: number, message: string): ParseResult => ({
    ok: false,
    errors: [{ file, line, message }],
  });
  if (bytes.byteLength > MAX_DOCUMENT_BYTES) {
    return fail(
      1,
      `file is ${bytes.byteLength} bytes; the limit is ${MAX_DOCUMENT_BYTES} (1 MiB): split it into smaller documents`,
    );
  }
  let text: string;
  try {
    text = utf8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return fail(firstInvalidUtf8Line(bytes), 'file is not valid UTF-8: save it as UTF-8');
  }
  const binary = binaryContentError(text, file);
  if (binary) return { ok: false, errors: [binary] };
  const split = splitFrontMatter(text);
  if (!split.ok) return fail(split.line, split.message);
  const { data, keyLines, body, bodyLine } = split.value;
  const fields = readFields(kind, data, keyLines, file);
  if (!fields.ok) return fields;
  const { rawName, title, description, tags, access, freshness } = fields.value;
  const name = rawName === undefined ? nameFromPath(path) : normalizeName(rawName);
  if (!name) {
    const line = keyLines.get('name') ?? 1;
    return fail(
      line,
      rawName === undefined
        ? `file name '${path}' gives an empty name: add a front matter 'name' field`
        : `name '${rawName}' is empty after normalisation (letters, digits and hyphens only)`,
    );
  }
  return {
    ok: true,
    document: {
      kind,
      name,
      path,
      content: body,
      tags,
      access,
      nameLine: keyLines.get('name') ?? 1,
      ...freshness,
      freshnessLine: keyLines.get('reviewed') ?? 1,
      ...contentWarnings(body, file, bodyLine),
      title: title ?? firstHeading(body) ?? name,
      description: description ?? firstParagraph(body),
    },
  };
}

interface Fields {
  rawName?: string;
  title?: string;
  description?: string;
  tags: string[];
  access?: string[];
  freshness: FreshnessFields;
}

function readFields(
  kind: DocumentKind,
  data: Record<string, unknown>,
  keyLines: ReadonlyMap<string, number>,
  file: string,
): { ok: true; value: Fields } | { ok: false; errors: BuildError[] } {
  const errors: BuildError[] = unknownKeyErrors(kind, keyLines, file);
  type Key = KnownKey<DocumentKind>;
  const lineOf = (key: Key): number => keyLines.get(key) ?? 1;
  const valueOf = (key: Key): unknown => (Object.hasOwn(data, key) ? data[key] : undefined);
  const text = (key: Key): string | undefined => {
    const value = valueOf(key);
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string' || typeof value === 'number') return String(value).trim();
    errors.push({ file, line: lineOf(key), message: `'${key}' must be a string` });
    return undefined;
  };
  const list = (key: Key): string[] | undefined => {
    const value = valueOf(key);
    if (value === undefined || value === null) return undefined;
    const items = Array.isArray(value) ? value : [value];
    if (items.every((item) => typeof item === 'string' && item.trim()))
      return items.map((item) => item.trim());
    errors.push({
      file,
      line: lineOf(key),
      message: `'${key}' must be a list of non-empty strings`,
    });
    return undefined;
  };
  const rawName = text('name');
  if (rawName === '')
    errors.push({
      file,
      line: lineOf('name'),
      message: "'name' is empty: give the document a name or remove the field",
    });
  const type = text('type');
  const singular = DOCUMENT_KINDS[kind].singular;
  if (type !== undefined && type !== singular) {
    errors.push({
      file,
      line: lineOf('type'),
      message: `'type: ${type}' does not match the folder: documents in ${kind}/ are of type '${singular}' (move the file, or fix or delete the line)`,
    });
  }
  const access = readAccess(data, keyLines, file);
  if (!access.ok) errors.push(access.error);
  const freshness = readFreshnessFields(data, keyLines, file);
  if (!freshness.ok) errors.push(...freshness.errors);
  const fields: Fields = {
    rawName,
    title: text('title') || undefined,
    description: text('description'),
    tags: list('tags') ?? [],
    access: access.ok ? access.access : undefined,
    freshness: freshness.ok ? freshness.value : {},
  };
  return errors.length ? { ok: false, errors } : { ok: true, value: fields };
}

function firstHeading(body: string): string | undefined {
  return firstAtxHeading(body, TITLE_HEADING);
}

/** The first prose paragraph, flattened, cut on a word boundary. */
function firstParagraph(body: string): string {
  const paragraph = body
    .split(/\r?\n\s*\r?\n/)
    .map((block) => block.trim())
    .find((block) => block && !/^(#|```|~~~|[-*+>|]|\d+\.|<)/.test(block));
  const flat = inlineLinksAsLabels((paragraph ?? '').replace(/\s+/g, ' '), { imageMark: false });
  if (flat.length <= DESCRIPTION_FALLBACK_CHARS) return flat;
  const cut = flat.slice(0, DESCRIPTION_FALLBACK_CHARS);
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[,;:]$/, '')}…`;
}

/** Line of the first replacement character a lenient decode produces: where the bad bytes are. */
function firstInvalidUtf8Line(bytes: Uint8Array): number {
  const lenient = new TextDecoder('utf-8').decode(bytes);
  return lenient.slice(0, Math.max(0, lenient.indexOf('\uFFFD'))).split('\n').length;
}
