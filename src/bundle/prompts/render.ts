// The prompt body language: `{{argument}}` inserts a value, `{{#argument}}…{{/argument}}` keeps a
// block only when the argument was given, `{{^argument}}…{{/argument}}` only when it was not.
// Deliberately this small: prompts are prose, and a body the build accepts always renders.

const TAG = /\{\{([#^/]?)\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'value'; name: string }
  | { kind: 'block'; name: string; when: boolean; children: Node[] };

export interface PromptTemplate {
  nodes: Node[];
  /** Every argument name the body refers to. */
  names: string[];
}

export type ParsedTemplate =
  { ok: true; template: PromptTemplate } | { ok: false; message: string; line: number };

export function parsePromptBody(body: string): ParsedTemplate {
  const root: Node[] = [];
  const stack: Array<{ name: string; children: Node[]; line: number }> = [];
  const names = new Set<string>();
  let children = root;
  let last = 0;
  // Lines are counted on from the previous tag: counting from the start for every tag was quadratic.
  let line = 1;
  let counted = 0;
  for (const match of body.matchAll(TAG)) {
    const [whole, sigil, name] = match as unknown as [string, string, string];
    line += newlinesBetween(body, counted, match.index);
    counted = match.index;
    if (match.index! > last) children.push({ kind: 'text', text: body.slice(last, match.index) });
    last = match.index! + whole.length;
    names.add(name);
    if (sigil === '') children.push({ kind: 'value', name });
    else if (sigil === '/') {
      const open = stack.pop();
      if (!open || open.name !== name)
        return {
          ok: false,
          line,
          message: `'{{/${name}}}' closes ${open ? `'{{#${open.name}}}' (line ${open.line})` : 'nothing'}`,
        };
      children = stack.at(-1)?.children ?? root;
    } else {
      const block: Node = { kind: 'block', name, when: sigil === '#', children: [] };
      children.push(block);
      stack.push({ name, children: block.children, line });
      children = block.children;
    }
  }
  const unclosed = stack.pop();
  if (unclosed)
    return {
      ok: false,
      line: unclosed.line,
      message: `'{{#${unclosed.name}}}' is never closed (add '{{/${unclosed.name}}}')`,
    };
  if (last < body.length) children.push({ kind: 'text', text: body.slice(last) });
  return { ok: true, template: { nodes: root, names: [...names] } };
}

function newlinesBetween(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = from; at < to; at++) if (text[at] === '\n') count++;
  return count;
}

/** Argument names are author text (`toString` is a valid one): only the caller's own values count, never Object.prototype's. */
export function renderPrompt(
  template: PromptTemplate,
  values: Readonly<Record<string, string | undefined>>,
): string {
  const valueOf = (name: string): string =>
    Object.hasOwn(values, name) && typeof values[name] === 'string' ? values[name] : '';
  const given = (name: string): boolean => valueOf(name).trim() !== '';
  const render = (nodes: Node[]): string =>
    nodes
      .map((node) => {
        if (node.kind === 'text') return node.text;
        if (node.kind === 'value') return valueOf(node.name);
        return given(node.name) === node.when ? render(node.children) : '';
      })
      .join('');
  return render(template.nodes)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** `{{name}}` references inside an embed such as `checklist:{{checklist}}`. */
export const embedArgument = (embed: string): string | undefined =>
  /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/.exec(embed)?.[1];
