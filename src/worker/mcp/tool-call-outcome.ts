// What one tool call asked and found, read off the tool's answer after it was made (server.ts): the
// facts a usage event stores (src/worker/insights/), never the answer itself. Reading it changes
// nothing of the answer; it never throws.
import type { AnalysedQueries } from './analysed-queries.ts';
import type { ToolAnswer } from './tool.ts';

/** search | get | list, from the tool's name (search_processes, get_template, list_checklists); other for the rest. */
export type ToolCallKind = 'search' | 'get' | 'list' | 'other';

export interface ToolCallOutcome {
  tool: string;
  kind: ToolCallKind;
  /** A search's query, or the name a get asked for, as the caller gave it (scrubbed before storing). */
  asked?: string;
  /** How many results came back (a get: 1 found, 0 not found); undefined when the answer does not say. */
  resultCount?: number;
  /** The first result's relevance score. */
  topScore?: number;
  /** A search's analysed terms, as the search ran them (near-duplicate questions share them). */
  terms?: readonly string[];
  /** The names (or record ids) returned or read, in answer order. */
  names: string[];
  isError: boolean;
}

/** The fields a get-like tool's input names its target by, in the order they are looked for. */
const NAME_ARGUMENTS = ['name', 'template_name', 'id'] as const;

/** `analysed`: the request's query analyses, so a search's terms are read, not analysed again. */
export function toolCallOutcome(
  tool: string,
  args: unknown,
  answer: ToolAnswer,
  analysed?: AnalysedQueries,
): ToolCallOutcome {
  const kind = kindOf(tool);
  const input = isRecord(args) ? args : {};
  const structured = answer.structured ?? {};
  const isError = answer.isError === true;
  const results = Array.isArray(structured.results)
    ? structured.results.filter(isRecord)
    : undefined;
  const asked =
    kind === 'search'
      ? stringOr(input.query)
      : NAME_ARGUMENTS.map((key) => stringOr(input[key])).find((value) => value !== undefined);
  if (results) {
    const first = results[0]?.relevance_score;
    return {
      tool,
      kind,
      asked,
      resultCount: results.length,
      topScore: typeof first === 'number' ? first : undefined,
      terms: kind === 'search' && asked !== undefined ? analysed?.(asked).terms : undefined,
      names: results.flatMap((result) => nameOf(result) ?? []),
      isError,
    };
  }
  if (kind === 'get') {
    const read = nameOf(structured) ?? stringOr(structured.template) ?? asked;
    return {
      tool,
      kind,
      asked,
      resultCount: isError ? 0 : 1,
      names: isError || read === undefined ? [] : [read],
      isError,
    };
  }
  const count = structured.count;
  return {
    tool,
    kind,
    asked,
    resultCount: typeof count === 'number' ? count : undefined,
    names: [],
    isError,
  };
}

function kindOf(tool: string): ToolCallKind {
  const verb = tool.slice(0, tool.indexOf('_'));
  return verb === 'search' || verb === 'get' || verb === 'list' ? verb : 'other';
}

const nameOf = (value: Record<string, unknown>): string | undefined =>
  stringOr(value.name) ?? stringOr(value.id);

const stringOr = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
