// Files an agent wrote in its session folder must never make a git process Praxis starts run a
// program, read config from the session, or use another repository than the verified one. Each
// vector plants its files, then list, read and get run as `praxis worktree list|read|get`, and no
// payload may leave its marker. A session whose own `.git` was replaced is refused by name, with the
// active tree byte-identical. The same vectors through the other paths:
// session-files-run-nothing-in-process and -mcp.test.ts (one file per path, so they run in parallel).
import { describe, expect, it } from 'vitest';
import { fingerprint } from '../../helpers/shim/git-fixture.ts';
import { SESSION, VECTORS } from '../../helpers/shim/hostile-session.ts';
import { plantedVectors } from '../../helpers/shim/planted-vectors.ts';
import { praxis } from '../../helpers/cli-run.ts';

const planted = plantedVectors();

describe.each(VECTORS)('$name', (vector) => {
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
