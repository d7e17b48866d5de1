// Copy-paste client configurations for a deployed endpoint. They name the installed `praxis`
// command (npm install -g praxis), never a path inside a clone.
import { authModeDeploymentNamed } from '../../src/shared/auth/modes.ts';
import { clientSnippets, indented } from '../dev/client-snippets.ts';

export function clientConfigs(mcpUrl: string, mode: string): string {
  const bearer = authModeDeploymentNamed(mode)?.tokensFromIdentityProvider === true;
  const shim = {
    mcpServers: {
      praxis: {
        command: 'praxis',
        args: ['shim', '--remote', mcpUrl, ...(bearer ? ['--token-env', 'PRAXIS_TOKEN'] : [])],
      },
    },
  };
  return [
    bearer
      ? 'Clients send a token from your identity provider for this resource (PRAXIS_TOKEN below); clients that speak MCP OAuth find the provider from the endpoint.'
      : 'Clients sign in through the endpoint (MCP OAuth): no token to paste.',
    ...clientSnippets(
      mcpUrl,
      bearer ? { config: '${PRAXIS_TOKEN}', shell: '$PRAXIS_TOKEN' } : undefined,
    ),
    'Worktree tools plus this endpoint through the local shim (the installed praxis command, docs/install-shim.md; any stdio client):',
    indented(JSON.stringify(shim, null, 2)),
    ...(bearer ? [] : [`  and sign the shim in once: praxis login ${mcpUrl}`]),
  ].join('\n');
}
