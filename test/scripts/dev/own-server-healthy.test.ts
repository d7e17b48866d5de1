// praxis dev's readiness check against real HTTP servers on loopback: another program answering 200
// on the port is not taken for praxis dev's own Worker; the Worker's answer naming this start is.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ownServerHealthy } from '../../../scripts/dev/own-server-healthy.ts';

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A server answering 200 on every path, with the given headers. */
async function answering(headers: Record<string, string>): Promise<string> {
  const server = createServer((_request, response) => {
    response.writeHead(200, headers).end('{"status":"ok"}');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`;
}

const exitsAfter = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const INSTANCE = '6f0c2d4e-8a1b-4c3d-9e5f-0a1b2c3d4e5f';

describe("praxis dev's readiness check", () => {
  it('does not take another program answering 200 for its own server (wrangler then exits)', async () => {
    const url = await answering({});
    expect(await ownServerHealthy(url, INSTANCE, exitsAfter(1000), 10_000)).toBe(false);
  });

  it('does not take another praxis dev, which names a different start', async () => {
    const url = await answering({ 'praxis-dev-instance': 'another-start' });
    expect(await ownServerHealthy(url, INSTANCE, exitsAfter(1000), 10_000)).toBe(false);
  });

  it('is ready when the answer names this start', async () => {
    const url = await answering({ 'praxis-dev-instance': INSTANCE });
    expect(await ownServerHealthy(url, INSTANCE, new Promise(() => {}), 10_000)).toBe(true);
  });
});
