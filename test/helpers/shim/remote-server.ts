// A real remote MCP server on 127.0.0.1: createMcpHandler's fetch face behind node:http, with
// a bearer-token check in front — the shape of the hosted Praxis endpoint, in miniature.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';

export interface RemoteServer {
  url: string;
  /** Tokens the server accepts; replace to simulate expiry. 403 for `forbiddenToken`. */
  validTokens: Set<string>;
  forbiddenToken: string;
  /** Every Authorization header the server received. */
  seenAuthorizations: string[];
  close(): Promise<void>;
}

function remoteFactory(extraToolName?: string) {
  return () => {
    const server = new McpServer({ name: 'praxis-remote-test', version: '1.0.0' });
    server.registerTool(
      'search_processes',
      {
        description: 'Searches development processes.',
        inputSchema: z.object({ query: z.string() }),
        annotations: { readOnlyHint: true },
      },
      async ({ query }) => ({
        content: [{ type: 'text', text: `Found 1 process for '${query}': code-review` }],
      }),
    );
    if (extraToolName) {
      server.registerTool(
        extraToolName,
        { description: 'A remote tool with a local name.' },
        async () => ({ content: [{ type: 'text', text: 'remote answered' }] }),
      );
    }
    server.registerResource(
      'career-context',
      'career-context://current',
      { mimeType: 'text/markdown' },
      async (uri) => ({
        contents: [{ uri: uri.href, mimeType: 'text/markdown', text: '# Career context' }],
      }),
    );
    server.registerPrompt(
      'cv_tailoring',
      { description: 'Tailor a CV.', argsSchema: z.object({ job: z.string() }) },
      ({ job }) => ({
        messages: [{ role: 'user', content: { type: 'text', text: `Tailor the CV for ${job}` } }],
      }),
    );
    return server;
  };
}

export async function startRemoteServer(options: {
  token: string;
  clashingTool?: string;
}): Promise<RemoteServer> {
  const handler = createMcpHandler(remoteFactory(options.clashingTool));
  const state = {
    validTokens: new Set([options.token]),
    forbiddenToken: 'forbidden-token',
    seenAuthorizations: [] as string[],
  };
  const server: Server = createServer((req, res) => {
    serve(req, res).catch((error: Error) => {
      res.writeHead(500).end(error.message);
    });
  });
  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const authorization = req.headers.authorization ?? '';
    state.seenAuthorizations.push(authorization);
    const token = authorization.startsWith('Bearer ') ? authorization.slice(7) : '';
    if (token === state.forbiddenToken) return deny(res, 403, 'insufficient_scope');
    if (!state.validTokens.has(token)) return deny(res, 401, 'invalid_token');
    const response = await handler.fetch(await toWebRequest(req));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) for await (const chunk of response.body) res.write(chunk);
    res.end();
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    ...state,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await handler.close();
    },
  };
}

function deny(res: ServerResponse, status: 401 | 403, error: string): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'www-authenticate': `Bearer error="${error}"`,
  });
  res.end(
    JSON.stringify({
      error: status === 401 ? 'AUTHENTICATION_REQUIRED' : 'AUTHENTICATION_FAILED',
      message: error,
    }),
  );
}

async function toWebRequest(req: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(`http://${req.headers.host}${req.url}`, {
    method: req.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
  });
}
