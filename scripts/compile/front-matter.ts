// Splits a Markdown file into YAML front matter and body, with line numbers for errors.
import { isScalar, LineCounter, parseDocument, visit, type Document } from 'yaml';

export interface FrontMatter {
  data: Record<string, unknown>;
  /** 1-based line of each top-level key, for errors that point at a field (a Map: keys are author text). */
  keyLines: Map<string, number>;
  body: string;
  /** 1-based line where the body starts. */
  bodyLine: number;
}

export type FrontMatterResult =
  { ok: true; value: FrontMatter } | { ok: false; line: number; message: string };

const OPENING = /^---[ \t]*\r?\n/;
const CLOSING = /^---[ \t]*$/m;

export function splitFrontMatter(text: string): FrontMatterResult {
  if (!OPENING.test(text))
    return { ok: true, value: { data: {}, keyLines: new Map(), body: text, bodyLine: 1 } };
  const afterOpening = text.replace(OPENING, '');
  const closing = CLOSING.exec(afterOpening);
  if (!closing)
    return {
      ok: false,
      line: 1,
      message: 'front matter starts with --- but never ends (add a closing --- line)',
    };
  const yamlText = afterOpening.slice(0, closing.index);
  const rest = afterOpening.slice(closing.index + closing[0].length).replace(/^\r?\n/, '');
  const bodyLine = 2 + yamlText.split('\n').length;
  const parsed = parseYaml(yamlText);
  if (!parsed.ok) return parsed;
  return { ok: true, value: { ...parsed.value, body: rest, bodyLine } };
}

function parseYaml(
  yamlText: string,
): FrontMatterResult | { ok: true; value: Pick<FrontMatter, 'data' | 'keyLines'> } {
  const lineCounter = new LineCounter();
  // Aliases are never needed in front matter, and forbidding expansion stops alias bombs.
  const doc = parseDocument(yamlText, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const firstError = doc.errors[0];
  if (firstError) {
    // The YAML starts on the file's line 2 (after the opening ---); linePos is only filled with prettyErrors.
    const line = lineCounter.linePos(firstError.pos[0]).line + 1;
    return {
      ok: false,
      line,
      message: `invalid YAML front matter: ${firstError.message.split('\n')[0]}`,
    };
  }
  const collectionKey = firstCollectionKey(doc, yamlText, lineCounter);
  if (collectionKey)
    return {
      ok: false,
      line: collectionKey.line,
      message: `front matter key '${collectionKey.text}' must be a plain name, not a list or a mapping`,
    };
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 0 }) ?? {};
  } catch (error) {
    return {
      ok: false,
      line: 2,
      message: `invalid YAML front matter: ${(error as Error).message}`,
    };
  }
  if (typeof data !== 'object' || Array.isArray(data)) {
    return {
      ok: false,
      line: 2,
      message: 'front matter must be a mapping of fields (name: …, description: …)',
    };
  }
  const keyLines = new Map<string, number>();
  const contents = doc.contents as {
    items?: Array<{ key?: { value?: unknown; range?: [number, number, number] } | null }>;
  };
  for (const item of contents?.items ?? []) {
    // Keys that are lists or mappings were refused above; an empty key (`: value`) is named 'null'
    // here, so the unknown-key check names it instead of letting it through.
    const key = item.key && isScalar(item.key) ? String(item.key.value) : String(item.key);
    keyLines.set(key, item.key?.range ? lineCounter.linePos(item.key.range[0]).line + 1 : 2);
  }
  return { ok: true, value: { data: data as Record<string, unknown>, keyLines } };
}

/**
 * The first key, at any depth, that is a list or a mapping (`? [a, b]`, `? {x: 1}`). No field has
 * such a key, and the YAML library would turn it into text with a warning on stderr.
 */
function firstCollectionKey(
  doc: Document,
  yamlText: string,
  lineCounter: LineCounter,
): { text: string; line: number } | undefined {
  let found: { text: string; line: number } | undefined;
  visit(doc, {
    Pair(_, pair) {
      const key = pair.key as { range?: [number, number, number] } | null;
      if (key === null || isScalar(key)) return undefined;
      // The YAML starts on the file's line 2 (after the opening ---).
      found = key.range
        ? {
            text: yamlText.slice(key.range[0], key.range[1]).trim(),
            line: lineCounter.linePos(key.range[0]).line + 1,
          }
        : { text: String(key), line: 2 };
      return visit.BREAK;
    },
  });
  return found;
}
