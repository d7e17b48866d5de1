// One process that, like a shim's bridge, connects to the endpoint with the stored sign-in
// (signedInAuth over the sign-in file, the MCP SDK's HTTP transport) while its access token is
// refused, so the SDK calls onUnauthorized to renew it. Before renewing it waits at a barrier until
// every process of the run has been refused too, so that all of them renew at the same moment.
// Prints one JSON line: how many token requests it sent, and the tools it could list afterwards.
// Arguments: endpoint URL, barrier directory, this process's name, how many processes meet there.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  Client,
  StreamableHTTPClientTransport,
  type AuthProvider,
} from '@modelcontextprotocol/client';
import { endpointKey, signInFile } from '../../../src/shim/sign-in/sign-in-file.ts';
import { signedInAuth } from '../../../src/shim/sign-in/signed-in-auth.ts';
import { signInStore } from '../../../src/shim/sign-in/sign-in-store.ts';

const [endpoint, barrier, name, expected] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
];
const url = new URL(endpoint);
const signedIn = signedInAuth(signInStore(signInFile(url), endpointKey(url)));
let tokenRequests = 0;

async function allRefused(): Promise<void> {
  writeFileSync(join(barrier, name), '');
  while (readdirSync(barrier).length < Number(expected)) {
    if (!existsSync(barrier)) throw new Error('barrier removed');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const provider: AuthProvider = {
  token: () => signedIn.token(),
  async onUnauthorized(ctx) {
    await allRefused();
    const counting: typeof ctx.fetchFn = (input, init) => {
      if (new URL(String(input instanceof Request ? input.url : input)).pathname === '/oauth/token')
        tokenRequests++;
      return ctx.fetchFn(input, init);
    };
    await signedIn.onUnauthorized!({ ...ctx, fetchFn: counting });
  },
};

const client = new Client({ name: `renewing-client-${name}`, version: '1.0.0' });
try {
  await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
  const tools = (await client.listTools()).tools.map((tool) => tool.name);
  process.stdout.write(`${JSON.stringify({ tokenRequests, tools })}\n`);
} catch (error) {
  process.stdout.write(
    `${JSON.stringify({ tokenRequests, error: String((error as Error).message) })}\n`,
  );
} finally {
  await client.close().catch(() => undefined);
}
