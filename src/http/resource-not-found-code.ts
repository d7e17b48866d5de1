// Spec 004 (and the 2025-era MCP revisions) answer an unknown resource with -32002 and the URI in
// error.data; the SDK emits -32602 for every era, as 2026-07-28 requires. For 2025-era requests to
// resources/read we restore -32002, so clients written against 004 keep working.
import { isLegacyRequest } from '@modelcontextprotocol/server';

const RESOURCE_NOT_FOUND = -32002;
const INVALID_PARAMS = -32602;

/** Whether the answer to this request needs the 2025-era code; decided before the SDK consumes the body. */
export async function wantsLegacyResourceNotFound(request: Request, operation: string | null): Promise<boolean> {
  return Boolean(operation?.startsWith('resources/read')) && isLegacyRequest(request);
}

export async function withResourceNotFoundCode(response: Response): Promise<Response> {
  const text = await response.text();
  const isStream = (response.headers.get('content-type') ?? '').includes('text/event-stream');
  const rewritten = isStream
    ? text.replace(/^data: (.*)$/gm, (_, json: string) => `data: ${restoreCode(json)}`)
    : restoreCode(text);
  return new Response(rewritten, { status: response.status, statusText: response.statusText, headers: response.headers });
}

function restoreCode(json: string): string {
  let message: { error?: { code?: number; data?: { uri?: unknown } } };
  try {
    message = JSON.parse(json);
  } catch {
    return json;
  }
  if (message?.error?.code !== INVALID_PARAMS || typeof message.error.data?.uri !== 'string') return json;
  return JSON.stringify({ ...message, error: { ...message.error, code: RESOURCE_NOT_FOUND } });
}
