// The requests the benchmark times: raw JSON-RPC for a cold isolate's very first request, the
// official MCP client for warm calls, and the reference knowledge-graph server over stdio.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { resolve } from 'node:path';
import { BENCH_CLIENT } from './era-envelope.ts';

const repoRoot = resolve(import.meta.dirname, '../..');

export interface CallOutcome {
  ms: number;
  results: number;
  bytes: number;
}

/** One search_processes call as a JSON-RPC message, to wrap in an era's envelope (bench/lib/era-envelope.ts). */
export const searchMessage = (query: string) => ({
  id: 1,
  method: 'tools/call',
  params: { name: 'search_processes', arguments: { query } },
});

/** The bare body (no era envelope): what rawSearch and the cold chain send. */
export const searchRequest = (query: string) =>
  JSON.stringify({ jsonrpc: '2.0', ...searchMessage(query) });

export const mcpHeaders = (token: string): Record<string, string> => ({
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  authorization: `Bearer ${token}`,
});

/** One stateless tools/call POST (no initialize): what a cold isolate's first request can be. */
export async function rawSearch(base: URL, token: string, query: string): Promise<CallOutcome> {
  const started = performance.now();
  const response = await fetch(new URL('/mcp', base), {
    method: 'POST',
    headers: mcpHeaders(token),
    body: searchRequest(query),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (!response.ok || !text.includes('"results"'))
    throw new Error(
      `search_processes failed on a cold isolate: HTTP ${response.status}: ${text.slice(0, 300)}`,
    );
  return { ms, results: (text.match(/"relevance_score"/g) ?? []).length / 2, bytes: text.length };
}

/**
 * The official MCP client connected to Praxis at `base`: `modern` negotiates the 2026-07-28 revision
 * (the default), `legacy` makes the 2025 initialize handshake; `headers` go on every request.
 */
export async function praxisClient(
  base: URL,
  token: string,
  options: { era?: 'modern' | 'legacy'; headers?: Record<string, string> } = {},
): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', base), {
    requestInit: { headers: { authorization: `Bearer ${token}`, ...options.headers } },
  });
  const client = new Client(BENCH_CLIENT, {
    versionNegotiation: { mode: options.era === 'legacy' ? 'legacy' : 'auto' },
  });
  await client.connect(transport);
  return client;
}

/** Times one tools/call through a connected client; the structured result's list length is `results`. */
export async function timedCall(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  listKey: string,
): Promise<CallOutcome> {
  const started = performance.now();
  const result = await client.callTool({ name, arguments: args });
  const ms = performance.now() - started;
  if (result.isError)
    throw new Error(
      `${name} ${JSON.stringify(args)} failed: ${JSON.stringify(result.content).slice(0, 300)}`,
    );
  const structured = result.structuredContent as Record<string, unknown> | undefined;
  const list = structured?.[listKey];
  const text = JSON.stringify(result.content);
  return { ms, results: Array.isArray(list) ? list.length : 1, bytes: text.length };
}

/** `@modelcontextprotocol/server-memory` over stdio, reading the given JSONL memory file. */
export async function serverMemoryClient(memoryFile: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [resolve(repoRoot, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js')],
    env: { MEMORY_FILE_PATH: memoryFile, PATH: process.env.PATH ?? '' },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'praxis-bench', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

export async function timedMemorySearch(client: Client, query: string): Promise<CallOutcome> {
  const started = performance.now();
  const result = await client.callTool({ name: 'search_nodes', arguments: { query } });
  const ms = performance.now() - started;
  const text = JSON.stringify(result.content);
  const entities = (result.structuredContent as { entities?: unknown[] } | undefined)?.entities;
  return { ms, results: entities?.length ?? 0, bytes: text.length };
}
