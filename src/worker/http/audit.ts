// One audit line per /mcp request: who, which JSON-RPC method or tool, what happened — never the
// token. The tool is read from the parsed body, which exists only once the caller is known: a
// refusal before that (401, 403) names none.
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

/** A POST's body as parsed JSON; null when it is not JSON (or not a POST). */
export type JsonBody = { value: unknown } | null;

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
