// worktree_get never writes over a file the active tree ignores. A session can force-add a path
// the active tree ignores (`git add -f .env`); git counts ignored files as expendable and would
// replace the person's file without a word. The get is refused instead, naming every such path,
// with both working trees byte-identical — in process, as the MCP tool, and as the CLI.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getSession } from '../../../src/shim/operations/get.ts';
import {
  commitAll,
  copyOfTemplate,
  fingerprint,
  fixtureAt,
  initialRepository,
  sh,
  write,
  type Fixture,
} from '../../helpers/shim/git-fixture.ts';
import { praxis } from '../../helpers/cli-run.ts';
import { connectShim, textOf } from '../../helpers/shim/shim-client.ts';
import { refusalOf } from '../../helpers/shim/refusal-of.ts';

const SESSION = '3f9a12c8';
let fx: Fixture;
let session: string;

/** An active tree that ignores local files and has its own .env; a session with one commit of work. */
function ignoringRepository(root: string): void {
  initialRepository(root);
  const repo = join(root, 'repo');
  write(repo, '.gitignore', 'ignored/\n.env\nconf/local.json\ncache\n');
  commitAll(repo, 'Ignore local files');
  const made = fixtureAt(root).addSession(SESSION);
  write(made, 'src/app.ts', 'export const answer = 42;\n');
  commitAll(made, 'Session work');
  write(repo, '.env', "SECRET=the person's own\n");
}

beforeEach(() => {
  fx = fixtureAt(copyOfTemplate('ignoring', ignoringRepository));
  session = join(fx.root, 'sessions', SESSION);
});
afterEach(() => fx.cleanup());

function forceAdd(path: string, content: string): void {
  write(session, path, content);
  sh(session, 'add', '-f', '--', path);
}

function snapshotOfBothTrees(): string[] {
  return [fingerprint(fx.repo), fingerprint(session)];
}

describe('getting a session that adds files the active tree ignores', () => {
  it('refuses a committed force-added .env, naming it, with both trees byte-identical', async () => {
    forceAdd('.env', 'SECRET=from the session\n');
    sh(session, 'commit', '-q', '-m', 'Force-add .env');
    const before = snapshotOfBothTrees();
    for (const options of [{}, { squash: true }, { noCommit: true }]) {
      const refusal = await refusalOf(getSession(fx.repo, SESSION, options));
      expect(refusal.code).toBe('IGNORED_FILES_IN_THE_WAY');
      expect(refusal.paths).toEqual(['.env']);
      expect(refusal.message).toContain('  .env');
      expect(refusal.message).toContain('nothing was changed');
    }
    expect(snapshotOfBothTrees()).toEqual(before);
    expect(readFileSync(join(fx.repo, '.env'), 'utf8')).toBe("SECRET=the person's own\n");
  });

  it('names every ignored path it would touch: files, and a file where the session needs a directory', async () => {
    write(fx.repo, 'conf/local.json', '{"mine": true}\n');
    write(fx.repo, 'cache', 'an ignored file\n');
    forceAdd('.env', 'SECRET=from the session\n');
    forceAdd('conf/local.json', '{"session": true}\n');
    forceAdd('cache/entry.txt', 'the session needs cache/ to be a directory\n');
    const before = snapshotOfBothTrees();
    const refusal = await refusalOf(getSession(fx.repo, SESSION));
    expect(refusal.code).toBe('IGNORED_FILES_IN_THE_WAY');
    expect(refusal.paths).toEqual(['.env', 'cache', 'conf/local.json']);
    expect(snapshotOfBothTrees()).toEqual(before);
  });

  it('refuses uncommitted (staged) force-added work the same way', async () => {
    forceAdd('.env', 'SECRET=staged in the session\n');
    const before = snapshotOfBothTrees();
    expect((await refusalOf(getSession(fx.repo, SESSION))).paths).toEqual(['.env']);
    expect(snapshotOfBothTrees()).toEqual(before);
  });

  it('merges a force-added path when the active tree has nothing there', async () => {
    forceAdd('conf/local.json', '{"session": true}\n');
    sh(session, 'commit', '-q', '-m', 'Force-add a config');
    const outcome = await getSession(fx.repo, SESSION);
    expect(outcome.mode).toBe('commit');
    expect(readFileSync(join(fx.repo, 'conf/local.json'), 'utf8')).toBe('{"session": true}\n');
    expect(readFileSync(join(fx.repo, '.env'), 'utf8')).toBe("SECRET=the person's own\n");
  });

  it('is refused by the worktree_get tool, whose description says so', async () => {
    forceAdd('.env', 'SECRET=from the session\n');
    sh(session, 'commit', '-q', '-m', 'Force-add .env');
    const before = snapshotOfBothTrees();
    const shim = await connectShim(['--repo', fx.repo, '--allow-agent-get']);
    try {
      const { tools } = await shim.client.listTools();
      expect(tools.find((t) => t.name === 'worktree_get')!.description).toMatch(/ignores/);
      const result = await shim.client.callTool({
        name: 'worktree_get',
        arguments: { session_id: SESSION },
      });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({
        error: 'IGNORED_FILES_IN_THE_WAY',
        paths: ['.env'],
      });
      expect(textOf(result)).toContain('  .env');
    } finally {
      await shim.close();
    }
    expect(snapshotOfBothTrees()).toEqual(before);
  });

  it('is refused by `praxis worktree get` with exit 1', async () => {
    forceAdd('.env', 'SECRET=from the session\n');
    sh(session, 'commit', '-q', '-m', 'Force-add .env');
    const before = snapshotOfBothTrees();
    const run = await praxis('worktree', 'get', SESSION, '--squash', '--repo', fx.repo);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('git ignores');
    expect(run.stderr).toContain('  .env');
    expect(snapshotOfBothTrees()).toEqual(before);
  });
});
