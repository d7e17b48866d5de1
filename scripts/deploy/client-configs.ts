// Copy-paste client configurations for a deployed endpoint. They name the installed `praxis`
// command (npm install -g praxis), never a path inside a clone.

export function clientConfigs(mcpUrl: string, mode: string): string {
  const bearer = mode === 'cloud' || mode === 'auto';
  const header = bearer ? { Authorization: 'Bearer ${PRAXIS_TOKEN}' } : undefined;
  const vscode = { servers: { praxis: { type: 'http', url: mcpUrl, ...(header ? { headers: header } : {}) } } };
  const cursor = { mcpServers: { praxis: { url: mcpUrl, ...(header ? { headers: header } : {}) } } };
  const shim = {
    mcpServers: {
      praxis: {
        command: 'praxis',
        args: ['shim', '--remote', mcpUrl, ...(bearer ? ['--token-env', 'PRAXIS_TOKEN'] : [])],
      },
    },
  };
  const claude = bearer
    ? `claude mcp add --transport http praxis ${mcpUrl} --header "Authorization: Bearer $PRAXIS_TOKEN"`
    : `claude mcp add --transport http praxis ${mcpUrl}`;
  return [
    bearer
      ? 'Clients send a token from your identity provider for this resource (PRAXIS_TOKEN below); clients that speak MCP OAuth find the provider from the endpoint.'
      : 'Clients sign in through the endpoint (MCP OAuth): no token to paste.',
    'Claude Code:',
    `  ${claude}`,
    'VS Code (.vscode/mcp.json):',
    indent(JSON.stringify(vscode, null, 2)),
    'Cursor (.cursor/mcp.json):',
    indent(JSON.stringify(cursor, null, 2)),
    'Worktree tools plus this endpoint through the local shim (the installed praxis command, docs/install-shim.md; any stdio client):',
    indent(JSON.stringify(shim, null, 2)),
  ].join('\n');
}

const indent = (text: string): string => text.split('\n').map((line) => `  ${line}`).join('\n');
