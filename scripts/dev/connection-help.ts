// What `praxis dev` prints once it is serving: the URL and copy-paste client configurations.

export function connectionHelp({ port, auth, host, signIn }: { port: number; auth: 'local' | 'off' | 'oauth'; host?: string; signIn?: string }): string {
  // oauth: the URL must be the one the Worker names as its resource (127.0.0.1, not localhost).
  const url = auth === 'oauth' ? `http://${host ?? '127.0.0.1'}:${port}/mcp` : `http://localhost:${port}/mcp`;
  const header = auth === 'local' ? { Authorization: 'Bearer <paste the output of: npx praxis token>' } : undefined;
  const vscode = { servers: { praxis: { type: 'http', url, ...(header ? { headers: header } : {}) } } };
  const cursor = { mcpServers: { praxis: { url, ...(header ? { headers: header } : {}) } } };
  const claudeCode = auth === 'local'
    ? `claude mcp add --transport http praxis ${url} --header "Authorization: Bearer $(npx praxis token)"`
    : `claude mcp add --transport http praxis ${url}`;
  return [
    '',
    `Praxis is serving MCP at ${url}  (health: http://localhost:${port}/healthz)`,
    auth === 'local' ? 'Every request needs a token: TOKEN=$(npx praxis token)   (valid 12 hours)'
      : auth === 'oauth' ? `Clients sign in with only the URL (a browser opens). ${signIn ?? ''}\nScripts can still use: TOKEN=$(npx praxis token)`
        : 'Authentication is OFF (loopback only).',
    '',
    'Claude Code:',
    `  ${claudeCode}`,
    'VS Code (.vscode/mcp.json):',
    indent(JSON.stringify(vscode, null, 2)),
    'Cursor (.cursor/mcp.json):',
    indent(JSON.stringify(cursor, null, 2)),
    'Press Ctrl+C to stop.',
    '',
  ].join('\n');
}

const indent = (text: string): string => text.split('\n').map((line) => `  ${line}`).join('\n');
