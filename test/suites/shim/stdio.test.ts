// End to end: a real MCP client spawns `node bin/praxis.mjs shim` and drives every tool.
import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSessionFixture,
  fingerprint,
  sh,
  write,
  type Fixture,
} from '../../helpers/shim/git-fixture.ts';
import { connectShim, textOf, type ShimConnection } from '../../helpers/shim/shim-client.ts';

// The worktree contract's input schemas, word for word.
const READ_SCHEMA = {
  type: 'object',
  properties: {
    session_id: { type: 'string', description: 'Identificador único de la sesión de gz-ia.' },
    stat_only: {
      type: 'boolean',
      description: 'Si es true, muestra únicamente el resumen estadístico de archivos modificados.',
    },
  },
  required: ['session_id'],
};
const GET_SCHEMA = {
  type: 'object',
  properties: {
    session_id: { type: 'string', description: 'Identificador único de la sesión de gz-ia.' },
    no_commit: {
      type: 'boolean',
      description:
        'Deja los cambios preparados en el stage del repo principal sin comitear automáticamente.',
    },
    squash: {
      type: 'boolean',
      description: 'Condensa los cambios en un único commit sin conservar el historial intermedio.',
    },
  },
  required: ['session_id'],
};

/** Session 3f9a12c8 one commit ahead (src/app.ts answers 42), with untracked notes. */
function sessionFixture(): Fixture {
  const fx = createSessionFixture();
  write(fx.session, 'docs/notes.md', 'untracked notes\n');
  return fx;
}

describe('shim with worktree_get disabled (the default)', () => {
  let fx: Fixture;
  let shim: ShimConnection;
  beforeAll(async () => {
    fx = sessionFixture();
    shim = await connectShim(['--repo', fx.repo]);
  });
  afterAll(async () => {
    await shim.close();
    fx.cleanup();
  });

  it('lists worktree_list and worktree_read with the spec schema and truthful annotations', async () => {
    const { tools } = await shim.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['worktree_list', 'worktree_read']);
    const read = tools.find((t) => t.name === 'worktree_read')!;
    expect(read.inputSchema).toEqual(READ_SCHEMA);
    expect(read.annotations).toMatchObject({ readOnlyHint: true });
    expect(tools.find((t) => t.name === 'worktree_list')!.annotations).toMatchObject({
      readOnlyHint: true,
    });
  });

  it('worktree_list shows the session', async () => {
    const result = await shim.client.callTool({ name: 'worktree_list', arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain('3f9a12c8  branch praxis/3f9a12c8');
    expect(result.structuredContent).toMatchObject({
      sessions: [{ session_id: '3f9a12c8', ahead: 1, behind: 0, dirty: true }],
    });
  });

  it('worktree_read returns the diff, or the stat, and changes nothing', async () => {
    const before = [fingerprint(fx.repo), fingerprint(join(fx.root, 'sessions/3f9a12c8'))];
    const diff = await shim.client.callTool({
      name: 'worktree_read',
      arguments: { session_id: '3f9a12c8' },
    });
    expect(textOf(diff)).toContain('+export const answer = 42;');
    expect(textOf(diff)).toContain('+untracked notes');
    const stat = await shim.client.callTool({
      name: 'worktree_read',
      arguments: { session_id: '3f9a12c8', stat_only: true },
    });
    expect(textOf(stat)).toContain('src/app.ts | +1 -1');
    expect(textOf(stat)).toContain('2 files changed, 2 insertions(+), 1 deletion(-)');
    expect(stat.structuredContent).toMatchObject({
      session_id: '3f9a12c8',
      totals: { files: 2, insertions: 2, deletions: 1 },
    });
    expect([fingerprint(fx.repo), fingerprint(join(fx.root, 'sessions/3f9a12c8'))]).toEqual(before);
  });

  it('answers a call to worktree_get with the human action to take, changing nothing', async () => {
    const before = fingerprint(fx.repo);
    const result = await shim.client.callTool({
      name: 'worktree_get',
      arguments: { session_id: '3f9a12c8', squash: true },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('worktree_get is a human action');
    expect(textOf(result)).toContain(`praxis worktree get 3f9a12c8 --squash --repo ${fx.repo}`);
    expect(result.structuredContent).toMatchObject({ error: 'HUMAN_ACTION_REQUIRED' });
    expect(fingerprint(fx.repo)).toBe(before);
  });

  it('returns refusals as tool errors', async () => {
    const result = await shim.client.callTool({
      name: 'worktree_read',
      arguments: { session_id: '../repo' },
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ error: 'INVALID_SESSION_ID' });
  });

  it('rejects arguments that do not match the schema with -32602', async () => {
    await expect(
      shim.client.callTool({ name: 'worktree_read', arguments: { stat_only: true } }),
    ).rejects.toMatchObject({ code: -32602 });
    await expect(
      shim.client.callTool({ name: 'worktree_read', arguments: { session_id: 7 } }),
    ).rejects.toMatchObject({ code: -32602 });
    await expect(
      shim.client.callTool({ name: 'no_such_tool', arguments: {} }),
    ).rejects.toMatchObject({ code: -32602 });
  });

  it('says on stderr that worktree_get is disabled', () => {
    expect(shim.stderr()).toContain('worktree_get disabled');
  });
});

describe('shim with worktree_get enabled by the human', () => {
  it('--allow-agent-get lists worktree_get and merges with a commit naming the session', async () => {
    const fx = sessionFixture();
    const shim = await connectShim(['--repo', fx.repo, '--allow-agent-get']);
    try {
      const { tools } = await shim.client.listTools();
      const get = tools.find((t) => t.name === 'worktree_get')!;
      expect(get.inputSchema).toEqual(GET_SCHEMA);
      expect(get.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
      const result = await shim.client.callTool({
        name: 'worktree_get',
        arguments: { session_id: '3f9a12c8' },
      });
      expect(result.isError).toBeFalsy();
      expect(textOf(result)).toContain("Merged session '3f9a12c8'");
      expect(sh(fx.repo, 'log', '-1', '--format=%s')).toContain("Merge praxis session '3f9a12c8'");
      expect(readFileSync(join(fx.repo, 'docs/notes.md'), 'utf8')).toBe('untracked notes\n');
    } finally {
      await shim.close();
      fx.cleanup();
    }
  });

  it('.git/praxis-shim.json enables it too, and refusals still hold', async () => {
    const fx = sessionFixture();
    writeFileSync(join(fx.repo, '.git/praxis-shim.json'), '{"allowAgentGet": true}\n');
    write(fx.repo, 'README.md', 'dirty\n');
    const shim = await connectShim(['--repo', fx.repo]);
    try {
      expect((await shim.client.listTools()).tools.map((t) => t.name)).toContain('worktree_get');
      const before = fingerprint(fx.repo);
      const result = await shim.client.callTool({
        name: 'worktree_get',
        arguments: { session_id: '3f9a12c8', no_commit: true },
      });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({
        error: 'ACTIVE_TREE_DIRTY',
        paths: ['README.md'],
      });
      expect(fingerprint(fx.repo)).toBe(before);
    } finally {
      await shim.close();
      fx.cleanup();
    }
  });
});
