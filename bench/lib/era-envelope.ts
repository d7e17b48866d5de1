// The HTTP request each protocol era puts around one JSON-RPC message, exactly as the official
// client (@modelcontextprotocol/client) sends it, so the load generator and the per-call CPU
// measure exercise the path a real client takes. 2026-07-28 (`modern`, the client's
// versionNegotiation 'auto'): every request carries the revision, the method (and the tool's name)
// in headers and the client's identity in params._meta; no initialize, no session. 2025 (`legacy`,
// versionNegotiation 'legacy'): one initialize and notifications/initialized first, then plain
// JSON-RPC bodies with the negotiated revision in a header (and the session id, if the server gave one);
// the SDK answers these over its SSE path. test/bench/lib/era-envelope.test.ts compares both with
// what the official client sends.

export type Era = 'modern' | 'legacy';

export const ERAS: readonly Era[] = ['modern', 'legacy'];

export const MODERN_REVISION = '2026-07-28';
export const LEGACY_REVISION = '2025-11-25';

/** How every printed figure names its era. */
export const ERA_LABEL: Record<Era, string> = {
  modern: `${MODERN_REVISION} (modern envelope)`,
  legacy: `${LEGACY_REVISION} (legacy: initialize, SSE)`,
};

export interface JsonRpcRequest {
  id: number | string;
  method: string;
  params?: Record<string, unknown>;
}

export interface EraRequest {
  headers: Record<string, string>;
  body: string;
}

/** The identity the bench's clients announce (bench/lib/clients.ts uses the same). */
export const BENCH_CLIENT = { name: 'praxis-bench', version: '1.0.0' };

const BASE_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

/** The per-request _meta a 2026-07-28 client puts in every request's params. */
const modernMeta = (client: typeof BENCH_CLIENT) => ({
  'io.modelcontextprotocol/protocolVersion': MODERN_REVISION,
  'io.modelcontextprotocol/clientInfo': client,
  'io.modelcontextprotocol/clientCapabilities': {},
});

/**
 * One request in `era`'s envelope. `extraHeaders` (authorization, a legacy session id) go on top.
 * Legacy requests assume legacyHandshake has been sent once (stateless servers do not check it).
 */
export function eraRequest(
  era: Era,
  message: JsonRpcRequest,
  extraHeaders: Record<string, string> = {},
  client = BENCH_CLIENT,
): EraRequest {
  if (era === 'legacy')
    return {
      headers: { ...BASE_HEADERS, 'mcp-protocol-version': LEGACY_REVISION, ...extraHeaders },
      body: JSON.stringify({ jsonrpc: '2.0', ...message }),
    };
  const name = message.method === 'tools/call' ? message.params?.name : undefined;
  return {
    headers: {
      ...BASE_HEADERS,
      'mcp-protocol-version': MODERN_REVISION,
      'mcp-method': message.method,
      ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
      ...extraHeaders,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      ...message,
      params: { ...message.params, _meta: modernMeta(client) },
    }),
  };
}

/** The 2025 handshake's two requests: initialize (no revision header yet), then the notification. */
export function legacyHandshake(
  extraHeaders: Record<string, string> = {},
  client = BENCH_CLIENT,
): [EraRequest, (sessionId: string | null) => EraRequest] {
  const initialize = {
    headers: { ...BASE_HEADERS, ...extraHeaders },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: LEGACY_REVISION, capabilities: {}, clientInfo: client },
    }),
  };
  const initialized = (sessionId: string | null): EraRequest => ({
    headers: {
      ...BASE_HEADERS,
      'mcp-protocol-version': LEGACY_REVISION,
      ...(sessionId ? { 'mcp-session-id': sessionId } : {}),
      ...extraHeaders,
    },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  return [initialize, initialized];
}
