// The shim's remote bridge with a recognisable token: fuzzed remote calls while the token is valid,
// after the endpoint stops accepting it, and after the endpoint is gone. The token may appear in the
// Authorization header the endpoint receives and nowhere else: not in tool results, error messages,
// resource or prompt errors, or anything the shim writes to stderr.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from './helpers/git-fixture.ts';
import { startRemoteServer, type RemoteServer } from './helpers/remote-server.ts';
import { connectShim, type ShimConnection } from './helpers/shim-client.ts';

const TOKEN = 'SECRET-MARKER-bridge-token-9d4e2f71c0';
const runs = (fallback: number): number => Number(process.env.FUZZ_RUNS) > 0 ? Number(process.env.FUZZ_RUNS) : fallback;

describe('the bridge never repeats its token', () => {
  let fx: Fixture;
  let remote: RemoteServer;
  let shim: ShimConnection;
  const seen: string[] = [];

  beforeAll(async () => {
    fx = createFixture();
    remote = await startRemoteServer({ token: TOKEN });
    shim = await connectShim(['--repo', fx.repo, '--remote', remote.url, '--token-env', 'PRAXIS_TEST_TOKEN'], { PRAXIS_TEST_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await shim?.close();
    fx?.cleanup();
  });

  async function fuzzRemoteCalls(phase: string): Promise<void> {
    const request = fc.oneof(
      fc.record({ kind: fc.constant('tool' as const), args: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }) }),
      fc.record({ kind: fc.constant('resource' as const), uri: fc.oneof(fc.constant('career-context://current'), fc.webUrl(), fc.string()) }),
      fc.record({ kind: fc.constant('prompt' as const), args: fc.dictionary(fc.constantFrom('job', 'x'), fc.string(), { maxKeys: 2 }) }),
    );
    await fc.assert(fc.asyncProperty(request, async (input) => {
      const answer = await (input.kind === 'tool'
        ? shim.client.callTool({ name: 'search_processes', arguments: input.args as Record<string, unknown> })
        : input.kind === 'resource'
          ? shim.client.readResource({ uri: input.uri })
          : shim.client.getPrompt({ name: 'cv_tailoring', arguments: input.args })
      ).catch((error: Error) => ({ error: `${error.name}: ${error.message}` }));
      seen.push(`${phase}: ${JSON.stringify(answer)}`);
    }), { numRuns: runs(60) });
  }

  it('while the endpoint accepts the token', async () => {
    await fuzzRemoteCalls('valid');
    expect(remote.seenAuthorizations).toContain(`Bearer ${TOKEN}`);
  });

  it('after the endpoint stops accepting it', async () => {
    remote.validTokens.clear();
    await fuzzRemoteCalls('rejected');
    expect(seen.some((text) => text.startsWith('rejected') && text.includes('praxis token'))).toBe(true);
  });

  it('after the endpoint is gone', async () => {
    await remote.close();
    await fuzzRemoteCalls('gone');
  });

  it('in none of the answers, errors or stderr above', () => {
    expect(seen.length).toBeGreaterThanOrEqual(3 * runs(60));
    for (const text of [...seen, shim.stderr()]) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain('SECRET-MARKER');
    }
  });
});
