// A new user's path: `praxis dev` builds, loads local KV, serves /mcp under wrangler dev (workerd);
// the official MCP client connects over real HTTP with a token from `praxis token`.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSecret } from '../../../scripts/dev/local-secret.ts';
import { spawnPraxisDev, type RunningDev } from '../../../scripts/dev/spawn-praxis-dev.ts';
import { praxis } from '../../helpers/cli-run.ts';

const FIXTURE = new URL('../../fixtures/content', import.meta.url).pathname;

describe('praxis dev, end to end', () => {
  let dev: RunningDev;
  beforeAll(async () => {
    dev = await spawnPraxisDev(['--content', FIXTURE, '--log-requests', '--insights', 'off']);
  }, 120_000);
  afterAll(() => dev?.stop());

  it('prints how to connect and answers /healthz', async () => {
    expect(dev.output()).toContain(`http://127.0.0.1:${dev.port}/mcp`);
    expect(dev.output()).toContain('claude mcp add --transport http praxis');
    const health = await fetch(`http://127.0.0.1:${dev.port}/healthz`);
    expect(health.status).toBe(200);
    // The name its readiness check tells its own server by (another program may hold the port).
    expect(health.headers.get('praxis-dev-instance')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await health.json()).toMatchObject({
      status: 'ok',
      version: expect.stringMatching(/^[0-9a-f]{12}$/),
    });
  });

  it('refuses MCP without a token', async () => {
    const response = await fetch(dev.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it.each(['auto', 'legacy'] as const)(
    'serves the official client (%s negotiation) with a `praxis token` token',
    async (mode) => {
      const { code, stdout } = await praxis('token');
      expect(code).toBe(0);
      const token = stdout.trim();
      expect(token.split('.')).toHaveLength(3);
      const client = new Client(
        { name: 'e2e', version: '1.0.0' },
        { versionNegotiation: { mode } },
      );
      await client.connect(
        new StreamableHTTPClientTransport(new URL(dev.url), {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      );
      try {
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).toContain('search_processes');
        const result = await client.callTool({
          name: 'search_processes',
          arguments: { query: 'rollback canary' },
        });
        const body = result.structuredContent as {
          results: Array<{ name: string; path: string }>;
          version: string;
        };
        expect(body.results[0]).toMatchObject({
          name: 'deployment',
          path: 'processes/deployment.md',
        });
        expect(body.version).toMatch(/^[0-9a-f]{12}$/);
      } finally {
        await client.close();
      }
    },
  );

  // The secrets rule for the console a developer watches (and pastes into bug reports):
  // wrangler's output and every audit or error line the Worker logs through it.
  it('never prints the local secret or a token, whatever the requests', async () => {
    const signed = await praxis('token');
    expect(signed.code).toBe(0);
    const token = signed.stdout.trim();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = `${header}.${payload}.${signature.slice(0, -4)}AAAA`;
    const call = (bearer: string) =>
      fetch(dev.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${bearer}`,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'get_process', arguments: { name: 'no-such-process' } },
        }),
      }).then((response) => response.text());
    for (const bearer of [token, forged, `${token}x`, 'not-a-jwt', payload]) await call(bearer);
    await new Promise((resolve) => setTimeout(resolve, 500)); // let wrangler flush the Worker's log lines
    const output = dev.output();
    expect(output).toContain('mcp_request'); // the audit lines did reach the console
    for (const secretPart of [await localSecret(), token, signature, forged])
      expect(output).not.toContain(secretPart);
  });
});

describe('praxis CLI', () => {
  it.each(['dev', 'build', 'token'])('%s --help prints usage and exits 0', async (command) => {
    const { code, stdout } = await praxis(command, '--help');
    expect(code).toBe(0);
    expect(stdout).toContain(`Usage: praxis ${command}`);
  });

  it('refuses --auth off on a non-loopback address', async () => {
    const failure = await praxis('dev', '--auth', 'off', '--ip', '0.0.0.0');
    expect(failure.code).toBe(2);
    expect(failure.stderr).toContain('only listen on loopback');
  });

  it('names the address when another program already listens on its port, instead of claiming to serve', async () => {
    // What a health check would take for Praxis: 200 on every path.
    const other = createServer((_request, response) => response.end('{"status":"ok"}'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address() as AddressInfo;
    try {
      const failure = await praxis('dev', '--content', FIXTURE, '--port', String(port));
      expect(failure.code).toBe(1);
      expect(failure.stderr).toContain(`Address already in use (127.0.0.1:${port})`);
      expect(failure.stdout + failure.stderr).not.toContain('Praxis is serving MCP');
    } finally {
      other.close();
    }
  }, 60_000);

  it('rejects unknown options with usage and exit 2', async () => {
    const failure = await praxis('build', '--bogus');
    expect(failure.code).toBe(2);
    expect(failure.stderr).toContain("Unknown option '--bogus'");
  });

  it('prints only the token on stdout', async () => {
    const { code, stdout, stderr } = await praxis('token');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\n$/);
    expect(stderr).toBe('');
  });
});
