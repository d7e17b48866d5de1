// The bridge against a real remote MCP server: the hosted endpoint's tools, resources and
// prompts through the stdio shim, the token as a bearer header and nowhere else, clear errors
// for rejected tokens, and local tools that keep working when the endpoint is gone.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, write, commitAll, type Fixture } from '../../helpers/shim/git-fixture.ts';
import { connectShim, textOf, type ShimConnection } from '../../helpers/shim/shim-client.ts';
import { startRemoteServer, type RemoteServer } from '../../helpers/shim/remote-server.ts';

const TOKEN = 'test-token-5a1b7c9e';

let fx: Fixture;
beforeAll(() => {
  fx = createFixture();
  const session = fx.addSession('s1');
  write(session, 'a.txt', 'a\n');
  commitAll(session, 'a');
});
afterAll(() => fx.cleanup());

function bridgeArgs(url: string): string[] {
  return ['--repo', fx.repo, '--remote', url, '--token-env', 'PRAXIS_TEST_TOKEN'];
}

describe('bridging a reachable endpoint', () => {
  let remote: RemoteServer;
  let shim: ShimConnection;
  beforeAll(async () => {
    remote = await startRemoteServer({ token: TOKEN });
    shim = await connectShim(bridgeArgs(remote.url), { PRAXIS_TEST_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await shim.close();
    await remote.close();
  });

  it('lists local and remote tools under their own names', async () => {
    const names = (await shim.client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(['worktree_list', 'worktree_read', 'search_processes']);
  });

  it('calls a remote tool with the bearer token', async () => {
    const result = await shim.client.callTool({
      name: 'search_processes',
      arguments: { query: 'review' },
    });
    expect(textOf(result)).toBe("Found 1 process for 'review': code-review");
    expect(remote.seenAuthorizations.at(-1)).toBe(`Bearer ${TOKEN}`);
  });

  it('passes the endpoint’s own errors through', async () => {
    await expect(
      shim.client.callTool({ name: 'get_nothing', arguments: {} }),
    ).rejects.toMatchObject({ code: -32602 });
  });

  it('serves remote resources and prompts', async () => {
    expect((await shim.client.listResources()).resources.map((r) => r.uri)).toEqual([
      'career-context://current',
    ]);
    const read = await shim.client.readResource({ uri: 'career-context://current' });
    expect(read.contents[0]).toMatchObject({ text: '# Career context' });
    expect((await shim.client.listPrompts()).prompts.map((p) => p.name)).toEqual(['cv_tailoring']);
    const prompt = await shim.client.getPrompt({
      name: 'cv_tailoring',
      arguments: { job: 'staff engineer' },
    });
    expect(prompt.messages[0]!.content).toMatchObject({ text: 'Tailor the CV for staff engineer' });
  });

  it('keeps local tools local', async () => {
    const result = await shim.client.callTool({
      name: 'worktree_read',
      arguments: { session_id: 's1', stat_only: true },
    });
    expect(textOf(result)).toContain('a.txt | +1 -0');
  });

  it('turns a token the endpoint stops accepting into a tool error saying how to refresh it', async () => {
    remote.validTokens.clear(); // the token expired
    const result = await shim.client.callTool({
      name: 'search_processes',
      arguments: { query: 'x' },
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ error: 'REMOTE_AUTH_FAILED' });
    expect(textOf(result)).toContain('HTTP 401');
    expect(textOf(result)).toContain('export PRAXIS_TEST_TOKEN="$(praxis token)"');
    expect(textOf(result)).toContain('SSO');
    await expect(shim.client.readResource({ uri: 'career-context://current' })).rejects.toThrow(
      /praxis token/,
    );
    const local = await shim.client.callTool({ name: 'worktree_list', arguments: {} });
    expect(local.isError).toBeFalsy();
    remote.validTokens.add(TOKEN);
  });

  it('never writes the token to stderr', () => {
    expect(shim.stderr()).toContain(`bridging ${remote.url}`);
    expect(shim.stderr()).not.toContain(TOKEN);
  });
});

describe('a forbidden token', () => {
  it('gets a 403 explanation', async () => {
    const remote = await startRemoteServer({ token: TOKEN });
    const shim = await connectShim(bridgeArgs(remote.url), {
      PRAXIS_TEST_TOKEN: remote.forbiddenToken,
    });
    try {
      expect((await shim.client.listTools()).tools.map((t) => t.name)).toEqual([
        'worktree_list',
        'worktree_read',
      ]);
      const result = await shim.client.callTool({
        name: 'search_processes',
        arguments: { query: 'x' },
      });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('HTTP 403');
      expect(shim.stderr()).toContain('HTTP 403');
      expect(shim.stderr()).not.toContain(remote.forbiddenToken);
    } finally {
      await shim.close();
      await remote.close();
    }
  });
});

describe('a name clash', () => {
  it('is reported on stderr and in the local tool description, and the local tool answers', async () => {
    const remote = await startRemoteServer({ token: TOKEN, clashingTool: 'worktree_read' });
    const shim = await connectShim(bridgeArgs(remote.url), { PRAXIS_TEST_TOKEN: TOKEN });
    try {
      const { tools } = await shim.client.listTools();
      expect(tools.filter((t) => t.name === 'worktree_read')).toHaveLength(1);
      expect(tools.find((t) => t.name === 'worktree_read')!.description).toContain(
        "also offers a tool named 'worktree_read'",
      );
      expect(shim.stderr()).toContain('Name clash: the Praxis endpoint');
      const result = await shim.client.callTool({
        name: 'worktree_read',
        arguments: { session_id: 's1', stat_only: true },
      });
      expect(textOf(result)).toContain('a.txt | +1 -0');
    } finally {
      await shim.close();
      await remote.close();
    }
  });
});

describe('an unreachable endpoint', () => {
  let shim: ShimConnection | undefined;
  afterEach(async () => shim?.close());

  it('leaves the local tools working and says why remote calls fail', async () => {
    const remote = await startRemoteServer({ token: TOKEN });
    const url = remote.url;
    await remote.close(); // nothing listens on this port any more
    shim = await connectShim(bridgeArgs(url), { PRAXIS_TEST_TOKEN: TOKEN });
    expect((await shim.client.listTools()).tools.map((t) => t.name)).toEqual([
      'worktree_list',
      'worktree_read',
    ]);
    const local = await shim.client.callTool({
      name: 'worktree_read',
      arguments: { session_id: 's1' },
    });
    expect(textOf(local)).toContain('+a');
    const remoteCall = await shim.client.callTool({
      name: 'search_processes',
      arguments: { query: 'x' },
    });
    expect(remoteCall.isError).toBe(true);
    expect(remoteCall.structuredContent).toMatchObject({ error: 'REMOTE_UNAVAILABLE' });
    expect(textOf(remoteCall)).toContain('unreachable');
    expect((await shim.client.listResources()).resources).toEqual([]);
    expect(shim.stderr()).toContain('unreachable');
  });

  it('serves local tools only when the token variable is empty', async () => {
    shim = await connectShim(bridgeArgs('http://127.0.0.1:9/mcp'), {});
    expect((await shim.client.listTools()).tools.map((t) => t.name)).toEqual([
      'worktree_list',
      'worktree_read',
    ]);
    expect(shim.stderr()).toContain('$PRAXIS_TEST_TOKEN is empty');
  });
});
