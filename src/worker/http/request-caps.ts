// Per-request bounds on what a parsed /mcp body may ask for, checked before any MCP work, so that
// every request the 1 MiB body limit lets through stays within the free plan's 10 ms of isolate CPU
// (docs/performance.md "Hostile requests" has the measured cost per call these caps are derived
// from). A request over a cap is refused whole with a JSON-RPC error naming the limit: -32600 for a
// batch (as the SDK refuses a batch over its own cap), -32602 for a message's params, carrying that
// message's id.
import { PROTOCOL_VERSION_META_KEY, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { MAX_QUERY_CHARS } from '../content/search/query-terms.ts';
import type { JsonBody } from './json-body.ts';

/**
 * Messages in one JSON-RPC batch (2025-03-26 clients only; the SDK allows 100). The worst search
 * measured at 100 000 documents costs 3.8 ms of isolate CPU (docs/performance.md), so two fit in the
 * 10 ms budget with the request's fixed cost, and three would not.
 */
export const MAX_BATCH_MESSAGES = 2;
/**
 * Searches (a `search_…` tool) in one batch. A search's cost grows with its query's terms (at most
 * 32): one with the longest accepted query costs about 5.7 ms at 100 000 documents, and two in one
 * batch 10.5 ms (`npm run bench:hostile`), so a batch holds one search beside a cheaper call.
 */
export const MAX_BATCH_SEARCHES = 1;
/** A resource URI: every URI Praxis serves is far shorter. */
export const MAX_URI_CHARS = 2048;
/** Arguments of one prompts/get or completion: Praxis prompts declare a handful. */
export const MAX_PROMPT_ARGUMENTS = 16;
/** A tool, prompt, argument or method name, and a completion's value (matched against every name). */
export const MAX_NAME_CHARS = 1000;
/** Any string among a tool's or a prompt's arguments (a job description, fill_template's summaries). */
export const MAX_VALUE_CHARS = 16 * 1024;
export { MAX_QUERY_CHARS };

export interface CapRefusal {
  /** The JSON-RPC error answer, with the refused message's id (null for a batch or no id). */
  answer: { jsonrpc: '2.0'; id: unknown; error: { code: number; message: string } };
}

/** Why the body is refused before any work, or null when every cap holds. */
export function capRefusal(body: JsonBody): CapRefusal | null {
  if (body === null) return null;
  if (!Array.isArray(body.value)) return messageRefusal(body.value);
  const batch = body.value;
  if (batch.some(claimsModernRevision)) {
    return refusal(
      null,
      ProtocolErrorCode.InvalidRequest,
      'Bad Request: JSON-RPC batches may not contain requests ' +
        'for protocol revision 2026-07-28 or later; send each request on its own.',
    );
  }
  if (batch.length > MAX_BATCH_MESSAGES) {
    return refusal(
      null,
      ProtocolErrorCode.InvalidRequest,
      'Invalid Request: Batch must not exceed ' +
        `${MAX_BATCH_MESSAGES} messages (this one has ${batch.length}); send the rest in further requests.`,
    );
  }
  for (const message of batch) {
    const refused = messageRefusal(message);
    if (refused) return refused;
  }
  const searches = batch.filter(isSearch).length;
  if (searches > MAX_BATCH_SEARCHES) {
    return refusal(
      null,
      ProtocolErrorCode.InvalidRequest,
      'Invalid Request: a batch may hold at most ' +
        `${MAX_BATCH_SEARCHES} search (this one has ${searches}); send each search in a request of its own.`,
    );
  }
  return null;
}

/** A tools/call of one of the search tools (search_processes, search_vitaegraph, …). */
function isSearch(message: unknown): boolean {
  if (!isObject(message) || message.method !== 'tools/call' || !isObject(message.params))
    return false;
  return typeof message.params.name === 'string' && message.params.name.startsWith('search_');
}

function messageRefusal(message: unknown): CapRefusal | null {
  if (!isObject(message)) return null;
  const { id, method, params } = message;
  const problem = paramsProblem(method, params);
  return problem
    ? refusal(id ?? null, ProtocolErrorCode.InvalidParams, `Invalid params: ${problem}`)
    : null;
}

/** What in `params` is over a cap, for the client; null when nothing is. */
function paramsProblem(method: unknown, params: unknown): string | null {
  const problem = overLong('method', method, MAX_NAME_CHARS);
  if (problem || !isObject(params)) return problem;
  const named =
    overLong('params.name', params.name, MAX_NAME_CHARS) ??
    overLong('params.uri', params.uri, MAX_URI_CHARS);
  if (named) return named;
  if (method === 'tools/call' && isObject(params.arguments))
    return toolArgumentsProblem(params.arguments);
  if (method === 'prompts/get' && isObject(params.arguments)) {
    return promptArgumentsProblem('params.arguments', params.arguments, MAX_VALUE_CHARS);
  }
  if (method === 'completion/complete') return completionProblem(params);
  return null;
}

function toolArgumentsProblem(args: Record<string, unknown>): string | null {
  return (
    overLong('params.arguments.query', args.query, MAX_QUERY_CHARS) ??
    longStringIn(args, 'params.arguments', MAX_VALUE_CHARS)
  );
}

/** `maxValue`: the longest value accepted (a prompt's argument, or a completion's partial value). */
function promptArgumentsProblem(
  path: string,
  args: Record<string, unknown>,
  maxValue: number,
): string | null {
  const count = Object.keys(args).length;
  if (count > MAX_PROMPT_ARGUMENTS)
    return `${path} has ${count} entries; at most ${MAX_PROMPT_ARGUMENTS} are accepted`;
  for (const [name, value] of Object.entries(args)) {
    if (name.length > MAX_NAME_CHARS)
      return tooLong(`a name in ${path}`, name.length, MAX_NAME_CHARS);
    const problem = overLong(`${path}.${name.slice(0, 40)}`, value, maxValue);
    if (problem) return problem;
  }
  return null;
}

function completionProblem(params: Record<string, unknown>): string | null {
  const { argument, ref, context } = params;
  const named = isObject(ref)
    ? (overLong('params.ref.uri', ref.uri, MAX_URI_CHARS) ??
      overLong('params.ref.name', ref.name, MAX_NAME_CHARS))
    : null;
  if (named) return named;
  if (isObject(argument)) {
    const partial = { [String(argument.name ?? '')]: argument.value };
    const problem = promptArgumentsProblem('params.argument', partial, MAX_NAME_CHARS);
    if (problem) return problem;
  }
  if (isObject(context) && isObject(context.arguments)) {
    return promptArgumentsProblem('params.context.arguments', context.arguments, MAX_VALUE_CHARS);
  }
  return null;
}

/** The first string (or key) under `value` longer than `max`, described; null when there is none. */
function longStringIn(value: unknown, path: string, max: number): string | null {
  if (typeof value === 'string')
    return value.length > max ? tooLong(path, value.length, max) : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, member] of Object.entries(value)) {
    if (key.length > max) return tooLong(`a key in ${path}`, key.length, max);
    const problem = longStringIn(
      member,
      Array.isArray(value) ? `${path}[${key}]` : `${path}.${key.slice(0, 40)}`,
      max,
    );
    if (problem) return problem;
  }
  return null;
}

const tooLong = (what: string, length: number, max: number): string =>
  `${what} is ${length} characters long; at most ${max} are accepted`;

/** `value` described as too long when it is a string over `max`; null otherwise. */
const overLong = (what: string, value: unknown, max: number): string | null =>
  typeof value === 'string' && value.length > max ? tooLong(what, value.length, max) : null;

function claimsModernRevision(message: unknown): boolean {
  const meta = isObject(message) && isObject(message.params) ? message.params._meta : undefined;
  return isObject(meta) && PROTOCOL_VERSION_META_KEY in meta;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function refusal(id: unknown, code: ProtocolErrorCode, message: string): CapRefusal {
  // An id that is not a JSON-RPC id (an object, a boolean) cannot be echoed; null stands for it.
  const echoed = typeof id === 'string' || typeof id === 'number' ? id : null;
  return { answer: { jsonrpc: '2.0', id: echoed, error: { code, message } } };
}
