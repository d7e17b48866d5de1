// Files an agent wrote in its session folder must never make a git process Praxis starts run a
// program, read config from the session, or use another repository than the verified one. Each
// vector plants its files, then every read/list/get path runs — in process, as MCP tools over the
// real `praxis shim`, and as `praxis worktree` — and no payload may leave its marker. A session
// whose own `.git` was replaced is refused by name, with the active tree byte-identical.
import { afterEach, describe, expect, it } from 'vitest';
import { getSession } from '../../src/shim/operations/get.ts';
import { listSessions } from '../../src/shim/operations/list.ts';
import { readSession } from '../../src/shim/operations/read.ts';
import { GitError } from '../../src/shim/git/run.ts';
import { Refusal } from '../../src/shim/refusal.ts';
import { fingerprint } from './helpers/git-fixture.ts';
import { hostileFixture, SESSION, VECTORS, type HostileFixture } from './helpers/hostile-session.ts';
import { praxis } from './helpers/praxis-cli.ts';
import { connectShim, textOf } from './helpers/shim-client.ts';

let fx: HostileFixture | undefined;
afterEach(() => fx?.cleanup());

function planted(vector: (typeof VECTORS)[number]): HostileFixture {
  fx = hostileFixture();
  vector.plant(fx);
  return fx;
}

/** What an operation came to: done, refused, or a git failure (a planted repository can break git). */
async function outcomeOf(work: Promise<unknown>): Promise<Refusal | GitError | 'ok'> {
  return work.then(() => 'ok' as const, (error: unknown) => {
    if (error instanceof Refusal || error instanceof GitError) return error;
    throw error;
  });
}

describe.each(VECTORS)('$name', (vector) => {
  it('runs nothing through the in-process operations', { timeout: 240_000 }, async () => {
    const f = planted(vector);
    const before = fingerprint(f.repo);
    const outcomes = [
      await outcomeOf(listSessions(f.repo)),
      await outcomeOf(readSession(f.repo, SESSION)),
      await outcomeOf(readSession(f.repo, SESSION, { statOnly: true })),
      await outcomeOf(getSession(f.repo, SESSION, { noCommit: true })),
    ];
    expect(f.ran()).toEqual([]);
    if (vector.tampersSessionGit) {
      for (const outcome of outcomes) {
        expect(outcome).toBeInstanceOf(Refusal);
        expect((outcome as Refusal).code).toBe('SESSION_NOT_VERIFIED');
        expect((outcome as Refusal).message).toContain(`'${SESSION}'`);
      }
      expect(fingerprint(f.repo)).toBe(before);
    }
  });

  it('runs nothing through the MCP tools of `praxis shim`', { timeout: 240_000 }, async () => {
    const f = planted(vector);
    const before = fingerprint(f.repo);
    const shim = await connectShim(['--repo', f.repo, '--allow-agent-get']);
    try {
      const results = [
        await shim.client.callTool({ name: 'worktree_list', arguments: {} }),
        await shim.client.callTool({ name: 'worktree_read', arguments: { session_id: SESSION } }),
        await shim.client.callTool({ name: 'worktree_read', arguments: { session_id: SESSION, stat_only: true } }),
        await shim.client.callTool({ name: 'worktree_get', arguments: { session_id: SESSION, no_commit: true } }),
      ];
      expect(f.ran()).toEqual([]);
      if (vector.tampersSessionGit) {
        for (const result of results) {
          expect(result.isError, textOf(result)).toBe(true);
          expect(result.structuredContent).toMatchObject({ error: 'SESSION_NOT_VERIFIED' });
          expect(textOf(result)).toContain(`'${SESSION}'`);
        }
        expect(fingerprint(f.repo)).toBe(before);
      }
    } finally {
      await shim.close();
    }
  });

  it('runs nothing through `praxis worktree list|read|get`', { timeout: 240_000 }, async () => {
    const f = planted(vector);
    const before = fingerprint(f.repo);
    const runs = [
      await praxis('worktree', 'list', '--repo', f.repo),
      await praxis('worktree', 'read', SESSION, '--repo', f.repo),
      await praxis('worktree', 'read', SESSION, '--stat', '--repo', f.repo),
      await praxis('worktree', 'get', SESSION, '--no-commit', '--repo', f.repo),
    ];
    expect(f.ran()).toEqual([]);
    for (const run of runs) expect(run.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
    if (vector.tampersSessionGit) {
      for (const run of runs) {
        expect(run.code).toBe(1);
        expect(run.stderr).toContain(`'${SESSION}'`);
        expect(run.stderr).toContain('.git');
      }
      expect(fingerprint(f.repo)).toBe(before);
    }
  });
});
