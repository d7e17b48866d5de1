// Throughput at 16 concurrent clients with autocannon: the search tool next to the floor route.
import autocannon from 'autocannon';
import { FLOOR_PATH } from '../workers/floor.ts';
import { mcpHeaders, searchRequest } from './clients.ts';

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

/** One JSON-RPC request body POSTed to /mcp over and over. */
export const loadMcp = (
  base: URL,
  token: string,
  body: string,
  seconds: number,
): Promise<LoadRun> =>
  load({
    url: new URL('/mcp', base).href,
    method: 'POST',
    headers: mcpHeaders(token),
    body,
    duration: seconds,
  });

export const loadSearch = (
  base: URL,
  token: string,
  query: string,
  seconds: number,
): Promise<LoadRun> => loadMcp(base, token, searchRequest(query), seconds);

export const loadFloor = (base: URL, seconds: number): Promise<LoadRun> =>
  load({ url: new URL(FLOOR_PATH, base).href, duration: seconds });

export { CONNECTIONS };
