// The answer blocks of a page that shows real answers (docs/tools.md): where they are, how an
// answer is written into one, and how a page is rewritten with fresh ones. A block is everything
// between `<!-- answer: <id> -->` and the next `<!-- /answer -->`; the text around it is prose.
import compactJson from 'json-stringify-pretty-compact';
import type { Example } from './tools-doc-examples.ts';

const BLOCK = /<!-- answer: ([a-z0-9-]+) -->\n([\s\S]*?)<!-- \/answer -->/g;

/** Strings longer than this are cut, and texts longer than TEXT_LINES lines; the page says so. */
export const CUT_AT_CHARACTERS = 200;
export const TEXT_LINES = 12;

/** What came back for an example: the result a client hands its caller, or the bare HTTP answer. */
export type Answer =
  | { shown: 'result'; value: unknown; isError?: boolean; text?: string }
  | {
      shown: 'wire';
      status: number;
      statusText: string;
      wwwAuthenticate: string | null;
      body: string;
    };

/** Each block's id and current text, in page order. */
export function answerBlocks(page: string): Array<{ id: string; text: string }> {
  return [...page.matchAll(BLOCK)].map((match) => ({ id: match[1]!, text: match[2]! }));
}

/** `page` with each block whose id `fresh` names replaced by that text; other blocks are kept. */
export function withAnswers(page: string, fresh: ReadonlyMap<string, string>): string {
  return page.replace(BLOCK, (whole, id: string) =>
    fresh.has(id) ? `<!-- answer: ${id} -->\n${fresh.get(id)}<!-- /answer -->` : whole,
  );
}

const cutString = (value: string): string => {
  const characters = Array.from(value);
  return characters.length > CUT_AT_CHARACTERS
    ? `${characters.slice(0, CUT_AT_CHARACTERS).join('')}…`
    : value;
};

/** A JSON value with every long string cut. */
const cutStrings = (value: unknown): unknown => {
  if (typeof value === 'string') return cutString(value);
  if (Array.isArray(value)) return value.map(cutStrings);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cutStrings(item)]));
  }
  return value;
};

const cutText = (text: string): string => {
  const lines = text.split('\n');
  return lines.length > TEXT_LINES ? `${lines.slice(0, TEXT_LINES).join('\n')}\n…` : text;
};

const json = (value: unknown): string => compactJson(cutStrings(value), { maxLength: 110 });

/** How the call reads in prose: `search_processes {"query":"…"}`, `resources/read {"uri":"…"}`. */
function callShown(example: Example): string {
  if (example.method === 'tools/call') {
    const { name, arguments: args } = example.params as {
      name: string;
      arguments: Record<string, unknown>;
    };
    return `\`${name} ${JSON.stringify(args)}\``;
  }
  const params = Object.keys(example.params).length ? ` ${JSON.stringify(example.params)}` : '';
  return `\`${example.method}${params}\``;
}

function heading(example: Example, answer: Answer): string {
  const who = example.as === 'nobody' ? 'with no token' : `as ${example.as}`;
  if (answer.shown === 'wire') return `${callShown(example)} ${who}, on the wire:`;
  return `${callShown(example)} ${who}${answer.isError ? ' (`isError: true`)' : ''}:`;
}

const fence = (language: string, body: string) => `\`\`\`${language}\n${body}\n\`\`\`\n`;

function wireBody(body: string): string {
  // A JSON-RPC answer comes as one server-sent event; an HTTP error as a JSON body.
  const event = /^data: (.*)$/m.exec(body);
  const text = event ? event[1]! : body;
  try {
    return json(JSON.parse(text));
  } catch {
    return cutText(text);
  }
}

/** The block for one example: the call in prose, then the answer as a client gets it, long texts cut. */
export function answerBlock(example: Example, answer: Answer): string {
  if (answer.shown === 'wire') {
    const status = `HTTP ${answer.status} ${answer.statusText}`;
    if (answer.status === 200)
      return `${heading(example, answer)}\n\n${fence('json', wireBody(answer.body))}`;
    const header =
      answer.wwwAuthenticate === null ? '' : `\nWWW-Authenticate: ${answer.wwwAuthenticate}`;
    return `${heading(example, answer)}\n\n${fence('text', `${status}${header}\n\n${wireBody(answer.body)}`)}`;
  }
  if (answer.text !== undefined)
    return `${heading(example, answer)}\n\n${fence('text', cutText(answer.text))}`;
  return `${heading(example, answer)}\n\n${fence('json', json(answer.value))}`;
}
