// Throughput at 16 concurrent clients with autocannon. MCP requests go in a protocol era's real
// envelope (bench/lib/era-envelope.ts): the 2026-07-28 one or, after the 2025 handshake, the legacy
// one; the two take different paths through the SDK, so every figure is for one era and says so.
import autocannon from 'autocannon';
import { FLOOR_PATH } from '../workers/floor.ts';
import { searchMessage } from './clients.ts';
import { eraRequest, type Era, type JsonRpcRequest } from './era-envelope.ts';
import { openEraSession } from './era-calls.ts';

export interface LoadRun {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

const CONNECTIONS = 16;

async function load(options: autocannon.Options): Promise<LoadRun> {
  const result = await autocannon({ connections: CONNECTIONS, ...options });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** One JSON-RPC request POSTed to `path` (default /mcp) over and over, in `era`'s envelope. */
export async function loadMcp(
  base: URL,
  era: Era,
  message: JsonRpcRequest,
  seconds: number,
  options: { token?: string; path?: string } = {},
): Promise<LoadRun> {
  const url = new URL(options.path ?? '/mcp', base);
  const session = await openEraSession(
    url,
    era,
    options.token ? { authorization: `Bearer ${options.token}` } : {},
  );
  return load({
    url: url.href,
    method: 'POST',
    ...eraRequest(era, message, session),
    duration: seconds,
  });
}

export const loadSearch = (
  base: URL,
  token: string,
  era: Era,
  query: string,
  seconds: number,
): Promise<LoadRun> => loadMcp(base, era, searchMessage(query), seconds, { token });

export const loadFloor = (base: URL, seconds: number): Promise<LoadRun> =>
  load({ url: new URL(FLOOR_PATH, base).href, duration: seconds });

export { CONNECTIONS };
