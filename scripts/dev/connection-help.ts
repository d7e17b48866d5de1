// What `praxis dev` prints once it is serving: the URL and copy-paste client configurations.
import { clientSnippets } from './client-snippets.ts';

export function connectionHelp({ port, auth, host, signIn }: { port: number; auth: 'local' | 'off' | 'oauth'; host?: string; signIn?: string }): string {
  // oauth: the URL must be the one the Worker names as its resource (127.0.0.1, not localhost).
  const url = auth === 'oauth' ? `http://${host ?? '127.0.0.1'}:${port}/mcp` : `http://localhost:${port}/mcp`;
  const token = auth === 'local' ? { config: '<paste the output of: npx praxis token>', shell: '$(npx praxis token)' } : undefined;
  return [
    '',
    `Praxis is serving MCP at ${url}  (health: http://localhost:${port}/healthz)`,
    auth === 'local' ? 'Every request needs a token: TOKEN=$(npx praxis token)   (valid 12 hours)'
      : auth === 'oauth' ? `Clients sign in with only the URL (a browser opens). ${signIn ?? ''}\nScripts can still use: TOKEN=$(npx praxis token)`
        : 'Authentication is OFF (loopback only).',
    '',
    ...clientSnippets(url, token),
    'Press Ctrl+C to stop.',
    '',
  ].join('\n');
}

