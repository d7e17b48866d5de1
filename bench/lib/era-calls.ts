// Sends requests in an era's envelope (bench/lib/era-envelope.ts) over fetch: the legacy handshake
// once, then one call at a time, each answer checked for a JSON-RPC result (JSON or SSE framed).
import { eraRequest, legacyHandshake, type Era, type JsonRpcRequest } from './era-envelope.ts';

/**
 * The headers every later request of this era carries beyond the envelope: `extraHeaders`, and for
 * legacy the session id initialize answered with, if any (the handshake is sent here, as a 2025 client does).
 */
export async function openEraSession(
  url: URL,
  era: Era,
  extraHeaders: Record<string, string> = {},
): Promise<Record<string, string>> {
  if (era === 'modern') return extraHeaders;
  const [initialize, initialized] = legacyHandshake(extraHeaders);
  const answer = await fetch(url, { method: 'POST', ...initialize });
  const text = await answer.text();
  if (!answer.ok || !text.includes('"protocolVersion"'))
    throw new Error(`initialize failed: HTTP ${answer.status}: ${text.slice(0, 300)}`);
  const sessionId = answer.headers.get('mcp-session-id');
  const notified = await fetch(url, { method: 'POST', ...initialized(sessionId) });
  await notified.text();
  return sessionId ? { ...extraHeaders, 'mcp-session-id': sessionId } : extraHeaders;
}

/** What came back: the content type says whether the server answered as JSON or over SSE. */
export interface EraAnswer {
  contentType: string;
  bytes: number;
}

/** One request in `era`'s envelope; throws unless the answer is HTTP 2xx with a JSON-RPC result. */
export async function eraCall(
  url: URL,
  era: Era,
  message: JsonRpcRequest,
  sessionHeaders: Record<string, string>,
): Promise<EraAnswer> {
  const answer = await fetch(url, { method: 'POST', ...eraRequest(era, message, sessionHeaders) });
  const text = await answer.text();
  if (!answer.ok || !text.includes('"result"') || text.includes('"isError":true'))
    throw new Error(
      `${message.method} (${era}) failed: HTTP ${answer.status}: ${text.slice(0, 300)}`,
    );
  return { contentType: answer.headers.get('content-type') ?? '', bytes: text.length };
}
