// One audit line per /mcp request: who, which JSON-RPC method or tool, what happened — never the
// token. The body is parsed once, from a clone: the MCP handler is given the parsed body too.
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

/** A POST's body as parsed JSON, read from a clone (the original stays readable); null when it is not JSON. */
export async function jsonBodyOf(request: Request): Promise<{ value: unknown } | null> {
  if (request.method !== 'POST') return null;
  try {
    return { value: JSON.parse(await request.clone().text()) as unknown };
  } catch {
    return null;
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
