// One lazily opened MCP client session with the hosted endpoint, authenticated by `auth`
// (a bearer token per request, and what to do on a 401); dropped after a failure so the next
// request reconnects.
import {
  Client,
  StreamableHTTPClientTransport,
  type AuthProvider,
} from '@modelcontextprotocol/client';

export interface RemoteConnection {
  /** The connected client, connecting first when needed. */
  client(): Promise<Client>;
  /** Whether a connection is open or being opened. */
  isOpen(): boolean;
  /** Forgets the current connection (closing it quietly). */
  drop(): Promise<void>;
}

export function remoteConnection(
  url: URL,
  auth: AuthProvider,
  timeoutMs: number,
  onConnect: () => void,
): RemoteConnection {
  let pending: Promise<Client> | undefined;

  async function connect(): Promise<Client> {
    const client = new Client({ name: 'praxis-shim', version: '0.1.0' });
    const transport = new StreamableHTTPClientTransport(url, { authProvider: auth });
    await client.connect(transport, { timeout: timeoutMs });
    onConnect();
    return client;
  }

  return {
    client() {
      pending ??= connect().catch((error: unknown) => {
        pending = undefined;
        throw error;
      });
      return pending;
    },
    isOpen: () => pending !== undefined,
    async drop() {
      const stale = pending;
      pending = undefined;
      await stale?.then((c) => c.close()).catch(() => undefined);
    },
  };
}
