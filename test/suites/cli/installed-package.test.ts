// The shim as a developer installs it: `npm pack` (its prepack compiles to JavaScript), then
// `npm install -g` of the tarball into a temp prefix — no clone, no devDependencies, no TypeScript —
// and `praxis shim` from that prefix's bin/ driven over stdio by the official MCP client: a
// worktree tool on a real git repo, and a tool bridged from a real remote MCP server.
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitAll, createFixture, write, type Fixture } from '../../helpers/shim/git-fixture.ts';
import { installPraxis } from '../../helpers/shim/installed-praxis.ts';
import { startRemoteServer, type RemoteServer } from '../../helpers/shim/remote-server.ts';

const TOKEN = 'installed-shim-token-3c7d';

describe('the packed and globally installed praxis', () => {
  let work: string;
  let prefix: string;
  let fx: Fixture;
  let remote: RemoteServer;
  // Only the prefix's bin/ and the Node running the tests: no node_modules/.bin of this checkout.
  let env: Record<string, string>;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'praxis-pack-'));
    ({ prefix, env } = await installPraxis(work));
    fx = createFixture();
    const session = fx.addSession('5e6f7a8b');
    write(session, 'src/app.ts', 'export const answer = 42;\n');
    commitAll(session, 'Fix the answer');
    remote = await startRemoteServer({ token: TOKEN });
  }, 300_000);

  afterAll(async () => {
    await remote?.close();
    fx?.cleanup();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('ships compiled JavaScript and no TypeScript sources or devDependencies', () => {
    const installed = join(prefix, 'lib/node_modules/praxis');
    expect(existsSync(join(installed, 'dist/scripts/cli/main.js'))).toBe(true);
    expect(existsSync(join(installed, 'scripts'))).toBe(false);
    const dependencies = readdirSync(join(installed, 'node_modules'));
    for (const devOnly of ['wrangler', 'vitest', 'typescript', 'miniflare'])
      expect(dependencies).not.toContain(devOnly);
  });

  it('runs `praxis shim` from the prefix: a worktree tool on a real repo and a bridged remote tool', async () => {
    const transport = new StdioClientTransport({
      command: 'praxis',
      args: ['shim', '--repo', fx.repo, '--remote', remote.url, '--token-env', 'PRAXIS_TOKEN'],
      env: { ...env, PRAXIS_TOKEN: TOKEN },
      cwd: work,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const client = new Client({ name: 'installed-shim-test', version: '1.0.0' });
    try {
      await client.connect(transport);
      const read = await client.callTool({
        name: 'worktree_read',
        arguments: { session_id: '5e6f7a8b', stat_only: true },
      });
      expect(read.isError, stderr).toBeFalsy();
      expect(JSON.stringify(read.content)).toContain('src/app.ts');
      const bridged = await client.callTool({
        name: 'search_processes',
        arguments: { query: 'review' },
      });
      expect(JSON.stringify(bridged.content)).toContain('code-review');
    } finally {
      await client.close();
    }
    expect(stderr).not.toContain('ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING');
  });
});
