// Copy-paste configurations of the MCP clients people use (Claude Code, VS Code, Cursor) for one
// endpoint: `praxis dev` and `praxis deploy` both print them.

/** How a client gets the bearer token it must send; absent when clients sign in through the endpoint (MCP OAuth). */
export interface TokenSource {
  /** The token as written in a JSON configuration file. */
  config: string;
  /** The token as written in a shell command. */
  shell: string;
}

export function clientSnippets(url: string, token?: TokenSource): string[] {
  const headers = token ? { headers: { Authorization: `Bearer ${token.config}` } } : {};
  const claudeCode = `claude mcp add --transport http praxis ${url}${token ? ` --header "Authorization: Bearer ${token.shell}"` : ''}`;
  return [
    'Claude Code:',
    `  ${claudeCode}`,
    'VS Code (.vscode/mcp.json):',
    indented(JSON.stringify({ servers: { praxis: { type: 'http', url, ...headers } } }, null, 2)),
    'Cursor (.cursor/mcp.json):',
    indented(JSON.stringify({ mcpServers: { praxis: { url, ...headers } } }, null, 2)),
  ];
}

export const indented = (text: string): string =>
  text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
