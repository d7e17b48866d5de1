// One audit line per /mcp request: who, which JSON-RPC method or tool, what happened — never the
// token. The body is read and parsed once: the MCP handler is given the parsed body too.
export interface AuditLine {
  subject: string | null;
  via?: string;
  tool: string | null;
  outcome: string;
  status: number;
  version?: string;
  ms: number;
}

const MAX_NAMES = 10;

const utf8 = new TextDecoder();

/** A POST's body as parsed JSON; null when it is not JSON (or not a POST). */
export type JsonBody = { value: unknown } | null;

/**
 * A request's body, read once (cloning it to keep the original readable cost more than the parse):
 * its JSON value, and the request to hand on — the original when nothing was read, else a copy
 * carrying the same bytes, for the SDK to read when the body did not parse (its parse error is the
 * one the client gets).
 */
export async function readJsonBody(request: Request): Promise<{ body: JsonBody; request: Request }> {
  if (request.method !== 'POST') return { body: null, request };
  const bytes = await request.arrayBuffer();
  try {
    return { body: { value: JSON.parse(utf8.decode(bytes)) as unknown }, request };
  } catch {
    return { body: null, request: new Request(request, { body: bytes }) };
  }
}

/** "tools/call:get_process", "tools/list", a comma-joined batch, or null when there is no JSON-RPC body. */
export function requestedOperation(body: { value: unknown } | null): string | null {
  if (body === null) return null;
  const messages = (Array.isArray(body.value) ? body.value : [body.value]).slice(0, MAX_NAMES);
  const names = messages.map(operationName).filter((name): name is string => name !== null);
  return names.length ? names.join(',') : null;
}

function operationName(message: unknown): string | null {
  if (message === null || typeof message !== 'object') return null;
  const { method, params } = message as { method?: unknown; params?: { name?: unknown; uri?: unknown } };
  if (typeof method !== 'string') return null;
  const target = typeof params?.name === 'string' ? params.name : typeof params?.uri === 'string' ? params.uri : null;
  return (target && (method === 'tools/call' || method === 'prompts/get' || method === 'resources/read') ? `${method}:${target}` : method).slice(0, 200);
}

export function audit(line: AuditLine): void {
  console.log(JSON.stringify({ event: 'mcp_request', ...line }));
}
