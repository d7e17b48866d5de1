// What `praxis dev` prints once it is serving: the URL and copy-paste client configurations.
import { clientSnippets } from './client-snippets.ts';

export function connectionHelp({
  port,
  auth,
  host,
  signIn,
  insights,
}: {
  port: number;
  auth: 'local' | 'off' | 'oauth';
  host?: string;
  signIn?: string;
  /** Whether the Worker writes usage events. */
  insights: boolean;
}): string {
  // The address it listens on (127.0.0.1 unless --ip says otherwise), never `localhost`: that name
  // may resolve to ::1 first, and in oauth mode the URL must be the one the Worker names as its resource.
  const origin = `http://${host ?? '127.0.0.1'}:${port}`;
  const url = `${origin}/mcp`;
  const token =
    auth === 'local'
      ? { config: '<paste the output of: npx praxis token>', shell: '$(npx praxis token)' }
      : undefined;
  return [
    '',
    `Praxis is serving MCP at ${url}  (health: ${origin}/healthz)`,
    auth === 'local'
      ? 'Every request needs a token: TOKEN=$(npx praxis token)   (valid 12 hours)'
      : auth === 'oauth'
        ? `Clients sign in with only the URL (a browser opens). ${signIn ?? ''}\nScripts can still use: TOKEN=$(npx praxis token)`
        : 'Authentication is OFF (loopback only).',
    insights
      ? `Insights are ON: one usage event per tool call in the local insights database, kept 90 days (docs/insights.md); --insights off writes none.${auth === 'off' ? ' (Auth off: its anonymous caller is not recorded.)' : ''}`
      : 'Insights are OFF: no usage events are written (--insights off).',
    '',
    ...clientSnippets(url, token),
    'Press Ctrl+C to stop.',
    '',
  ].join('\n');
}
