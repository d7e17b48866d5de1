// A real MCP client driving `node bin/praxis.mjs shim` over stdio, as Claude or any other
// stdio client would, with the shim's stderr captured for assertions.
import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { BIN, praxisNodeArgs } from './stripped-sources.ts';

export interface ShimConnection {
  client: Client;
  stderr(): string;
  close(): Promise<void>;
}

export async function connectShim(
  args: string[],
  env: Record<string, string> = {},
): Promise<ShimConnection> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...praxisNodeArgs(), BIN, 'shim', ...args],
    env: { ...getDefaultEnvironment(), ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'praxis-shim-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

/** The text of a tool result's first content block. */
export function textOf(result: { content?: unknown }): string {
  const [first] = (result.content ?? []) as Array<{ type: string; text?: string }>;
  return first?.text ?? '';
}
