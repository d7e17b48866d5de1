// mcp-remote as a client's config starts it (`npx mcp-remote <URL> --allow-http`), driven over stdio
// by the official MCP client: its state kept in `home`, and `home` first on PATH, so the browser opener
// it runs (xdg-open) is whichever script the test put there.
import { createRequire } from 'node:module';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

export interface RunningMcpRemote {
  client: Client;
  /** Settles once the client is connected, after the sign-in. */
  connected: Promise<void>;
  /** The authorization URL mcp-remote prints for the person to open. */
  printedUrl: Promise<string>;
}

export function startMcpRemote(mcpUrl: string, home: string, clientName: string): RunningMcpRemote {
  const proxy = createRequire(import.meta.url).resolve('mcp-remote/dist/proxy.js');
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [proxy, mcpUrl, '--allow-http'],
    stderr: 'pipe',
    env: {
      ...(process.env as Record<string, string>),
      MCP_REMOTE_CONFIG_DIR: home,
      PATH: `${home}:${process.env.PATH}`,
      DISPLAY: ':0',
    },
  });
  let log = '';
  const printedUrl = new Promise<string>((resolve) => {
    transport.stderr!.on('data', (chunk: Buffer) => {
      log += chunk;
      const match = /Please authorize this client by visiting:\s+(\S+)/.exec(log);
      if (match) resolve(match[1]!);
    });
  });
  const client = new Client({ name: clientName, version: '1.0.0' });
  return { client, connected: client.connect(transport), printedUrl };
}
