// The envelopes the load generator sends are the official client's: the client
// (@modelcontextprotocol/client) talks to a real SDK server (createMcpHandler) in this process
// through a fetch that records each request, in each era, and eraRequest / legacyHandshake must
// produce the same headers (those the envelope sets) and the same body, apart from the request id.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  BENCH_CLIENT,
  eraRequest,
  legacyHandshake,
  type Era,
  type EraRequest,
} from '../../../bench/lib/era-envelope.ts';

interface Sent {
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown> | null;
}

const handler = createMcpHandler(() => {
  const server = new McpServer({ name: 'echo', version: '1.0.0' });
  server.registerTool('echo', { inputSchema: z.object({ text: z.string() }) }, ({ text }) => ({
    content: [{ type: 'text', text }],
  }));
  return server;
});

/** Every request the official client sends in `era` to connect, list tools and call echo once. */
async function officialRequests(era: Era): Promise<Sent[]> {
  const sent: Sent[] = [];
  const transport = new StreamableHTTPClientTransport(new URL('http://bench.invalid/mcp'), {
    requestInit: { headers: { authorization: 'Bearer t' } },
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const text = await request.clone().text();
      sent.push({
        method: request.method,
        headers: Object.fromEntries(request.headers),
        body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
      });
      return handler.fetch(request);
    },
  });
  const client = new Client(BENCH_CLIENT, {
    versionNegotiation: { mode: era === 'legacy' ? 'legacy' : 'auto' },
  });
  await client.connect(transport);
  await client.listTools();
  await client.callTool({ name: 'echo', arguments: { text: 'hello' } });
  await client.close();
  return sent;
}

const posted = (sent: Sent[], method: string): Sent => {
  const found = sent.find(
    (request) => request.method === 'POST' && request.body?.method === method,
  );
  if (!found) throw new Error(`the client sent no ${method}`);
  return found;
};

/** The envelope's request as the client's would be compared: its own headers, its body without the id. */
function expectSame(ours: EraRequest, theirs: Sent): void {
  for (const [name, value] of Object.entries(ours.headers))
    expect({ name, value: theirs.headers[name] }).toEqual({ name, value });
  const { id: _ours, ...body } = JSON.parse(ours.body) as Record<string, unknown>;
  const { id: _theirs, ...official } = theirs.body!;
  expect(body).toEqual(official);
}

const auth = { authorization: 'Bearer t' };
const echoCall = {
  id: 1,
  method: 'tools/call',
  params: { name: 'echo', arguments: { text: 'hello' } },
};

describe('eraRequest', () => {
  it('sends what the official client sends for 2026-07-28', async () => {
    const sent = await officialRequests('modern');
    expect(sent.some((request) => request.body?.method === 'initialize')).toBe(false);
    expectSame(
      eraRequest('modern', { id: 1, method: 'tools/list' }, auth),
      posted(sent, 'tools/list'),
    );
    expectSame(eraRequest('modern', echoCall, auth), posted(sent, 'tools/call'));
  });

  it('sends what the official client sends for the 2025 era, handshake included', async () => {
    const sent = await officialRequests('legacy');
    const [initialize, initialized] = legacyHandshake(auth);
    expectSame(initialize, posted(sent, 'initialize'));
    expectSame(initialized(null), posted(sent, 'notifications/initialized'));
    expectSame(
      eraRequest('legacy', { id: 1, method: 'tools/list' }, auth),
      posted(sent, 'tools/list'),
    );
    expectSame(eraRequest('legacy', echoCall, auth), posted(sent, 'tools/call'));
  });

  it('keeps the eras apart: no 2026-07-28 header or _meta in a legacy request', () => {
    const legacy = eraRequest('legacy', echoCall);
    expect(legacy.headers['mcp-method']).toBeUndefined();
    expect(legacy.body).not.toContain('_meta');
    expect(eraRequest('modern', echoCall).headers['mcp-name']).toBe('echo');
  });
});
