// The shim's remote bridge with a recognisable token: fuzzed remote calls while the token is valid,
// after the endpoint stops accepting it, and after the endpoint is gone. The token may appear in the
// Authorization header the endpoint receives and nowhere else: not in tool results, error messages,
// resource or prompt errors, or anything the shim writes to stderr. The same for the tokens of a
// stored sign-in (`praxis login`), whose refresh the endpoint then refuses.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointKey, signInFile } from '../../../src/shim/sign-in/sign-in-file.ts';
import { signInStore } from '../../../src/shim/sign-in/sign-in-store.ts';
import { createFixture, type Fixture } from '../../helpers/shim/git-fixture.ts';
import { startRemoteServer, type RemoteServer } from '../../helpers/shim/remote-server.ts';
import { connectShim, type ShimConnection } from '../../helpers/shim/shim-client.ts';
import { fuzzRuns } from '../../helpers/fuzz-runs.ts';

const TOKEN = 'SECRET-MARKER-bridge-token-9d4e2f71c0';

async function fuzzCalls(shim: ShimConnection, seen: string[], phase: string): Promise<void> {
  const request = fc.oneof(
    fc.record({
      kind: fc.constant('tool' as const),
      args: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), {
        maxKeys: 3,
      }),
    }),
    fc.record({
      kind: fc.constant('resource' as const),
      uri: fc.oneof(fc.constant('career-context://current'), fc.webUrl(), fc.string()),
    }),
    fc.record({
      kind: fc.constant('prompt' as const),
      args: fc.dictionary(fc.constantFrom('job', 'x'), fc.string(), { maxKeys: 2 }),
    }),
  );
  await fc.assert(
    fc.asyncProperty(request, async (input) => {
      const answer = await (
        input.kind === 'tool'
          ? shim.client.callTool({
              name: 'search_processes',
              arguments: input.args as Record<string, unknown>,
            })
          : input.kind === 'resource'
            ? shim.client.readResource({ uri: input.uri })
            : shim.client.getPrompt({ name: 'cv_tailoring', arguments: input.args })
      ).catch((error: Error) => ({ error: `${error.name}: ${error.message}` }));
      seen.push(`${phase}: ${JSON.stringify(answer)}`);
    }),
    { numRuns: fuzzRuns(60) },
  );
}

describe('the bridge never repeats its token', () => {
  let fx: Fixture;
  let remote: RemoteServer;
  let shim: ShimConnection;
  const seen: string[] = [];

  beforeAll(async () => {
    fx = createFixture();
    remote = await startRemoteServer({ token: TOKEN });
    shim = await connectShim(
      ['--repo', fx.repo, '--remote', remote.url, '--token-env', 'PRAXIS_TEST_TOKEN'],
      { PRAXIS_TEST_TOKEN: TOKEN },
    );
  });
  afterAll(async () => {
    await shim?.close();
    fx?.cleanup();
  });

  const fuzzRemoteCalls = (phase: string) => fuzzCalls(shim, seen, phase);

  it('while the endpoint accepts the token', async () => {
    await fuzzRemoteCalls('valid');
    expect(remote.seenAuthorizations).toContain(`Bearer ${TOKEN}`);
  });

  it('after the endpoint stops accepting it', async () => {
    remote.validTokens.clear();
    await fuzzRemoteCalls('rejected');
    expect(seen.some((text) => text.startsWith('rejected') && text.includes('praxis token'))).toBe(
      true,
    );
  });

  it('after the endpoint is gone', async () => {
    await remote.close();
    await fuzzRemoteCalls('gone');
  });

  it('in none of the answers, errors or stderr above', () => {
    expect(seen.length).toBeGreaterThanOrEqual(3 * fuzzRuns(60));
    for (const text of [...seen, shim.stderr()]) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain('SECRET-MARKER');
    }
  });
});

describe('the bridge never repeats the tokens of a stored sign-in', () => {
  const ACCESS = 'SECRET-MARKER-signed-in-access-3b9c1d5e';
  const REFRESH = 'SECRET-MARKER-signed-in-refresh-7e2a4f60';
  let fx: Fixture;
  let config: string;
  let remote: RemoteServer;
  let shim: ShimConnection;
  const seen: string[] = [];

  beforeAll(async () => {
    fx = createFixture();
    config = await mkdtemp(join(tmpdir(), 'praxis-sign-in-secrets-'));
    remote = await startRemoteServer({ token: ACCESS });
    const url = new URL(remote.url);
    await signInStore(signInFile(url, { XDG_CONFIG_HOME: config }), endpointKey(url)).update(
      (record) => ({
        ...record,
        clientInformation: {
          client_id: 'praxis-shim-test',
          redirect_uris: ['http://127.0.0.1:9/callback'],
        },
        tokens: { access_token: ACCESS, token_type: 'Bearer', refresh_token: REFRESH },
      }),
    );
    shim = await connectShim(['--repo', fx.repo, '--remote', remote.url], {
      XDG_CONFIG_HOME: config,
    });
  });
  afterAll(async () => {
    await shim?.close();
    fx?.cleanup();
    await rm(config, { recursive: true, force: true });
  });

  it('while the endpoint accepts the access token', async () => {
    await fuzzCalls(shim, seen, 'valid');
    expect(remote.seenAuthorizations).toContain(`Bearer ${ACCESS}`);
  });

  it('after the endpoint stops accepting it and refuses to renew it', async () => {
    remote.validTokens.clear();
    await fuzzCalls(shim, seen, 'rejected');
    expect(seen.some((text) => text.startsWith('rejected') && text.includes('praxis login'))).toBe(
      true,
    );
  });

  it('after the endpoint is gone', async () => {
    await remote.close();
    await fuzzCalls(shim, seen, 'gone');
  });

  it('in none of the answers, errors or stderr above', () => {
    expect(seen.length).toBeGreaterThanOrEqual(3 * fuzzRuns(60));
    for (const text of [...seen, shim.stderr()]) {
      expect(text).not.toContain(ACCESS);
      expect(text).not.toContain(REFRESH);
      expect(text).not.toContain('SECRET-MARKER');
    }
  });
});
