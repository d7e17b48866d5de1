// A /mcp body's JSON-RPC messages, each read once into the few strings the request plan looks at:
// the method, the target it names (a tool or prompt name, a resource URI) and a search's query. A
// member that is not a message, or a field of another type, reads as absent.
import type { JsonBody } from '../json-body.ts';

export interface PlannedMessage {
  method?: string;
  /** params.name: the tool of a tools/call, the prompt of a prompts/get. */
  name?: string;
  /** params.uri: the resource of a resources/read. */
  uri?: string;
  /** params.arguments.query: a search tool's query. */
  query?: string;
}

/** The body's messages (a batch's members in order), and whether it was a batch. */
export function messagesOf(body: JsonBody): { messages: PlannedMessage[]; batch: boolean } {
  if (body === null) return { messages: [], batch: false };
  const batch = Array.isArray(body.value);
  return {
    messages: (batch ? (body.value as unknown[]) : [body.value]).map(plannedMessage),
    batch,
  };
}

function plannedMessage(value: unknown): PlannedMessage {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  const { method, params } = value as {
    method?: unknown;
    params?: { name?: unknown; uri?: unknown; arguments?: { query?: unknown } } | null;
  };
  const text = (field: unknown) => (typeof field === 'string' ? field : undefined);
  const args = params?.arguments;
  return {
    method: text(method),
    name: text(params?.name),
    uri: text(params?.uri),
    query: args !== null && typeof args === 'object' ? text(args.query) : undefined,
  };
}
