// Files an agent wrote in its session folder must never make a git process Praxis starts run a
// program, read config from the session, or use another repository than the verified one. Each
// vector plants its files, then list, read and get run as MCP tools over the real `praxis shim`, and no
// payload may leave its marker. A session whose own `.git` was replaced is refused by name, with the
// active tree byte-identical. The same vectors through the other paths:
// session-files-run-nothing-in-process and -cli.test.ts (one file per path, so they run in parallel).
// One shim serves every vector, as one serves a person's repository while agents come and go: each
// vector's repository is made afresh at the same path, and the shim first started with a vector planted.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fingerprint } from '../../helpers/shim/git-fixture.ts';
import { SESSION, VECTORS } from '../../helpers/shim/hostile-session.ts';
import { plantedVectors } from '../../helpers/shim/planted-vectors.ts';
import { connectShim, textOf, type ShimConnection } from '../../helpers/shim/shim-client.ts';

const root = mkdtempSync(join(tmpdir(), 'praxis-shim-vectors-'));
const planted = plantedVectors(root);
let shim: ShimConnection | undefined;
afterAll(async () => shim?.close());

describe.each(VECTORS)('$name', (vector) => {
  it('runs nothing through the MCP tools of `praxis shim`', { timeout: 240_000 }, async () => {
    const f = planted(vector);
    const before = fingerprint(f.repo);
    shim ??= await connectShim(['--repo', f.repo, '--allow-agent-get']);
    const results = [
      await shim.client.callTool({ name: 'worktree_list', arguments: {} }),
      await shim.client.callTool({ name: 'worktree_read', arguments: { session_id: SESSION } }),
      await shim.client.callTool({
        name: 'worktree_read',
        arguments: { session_id: SESSION, stat_only: true },
      }),
      await shim.client.callTool({
        name: 'worktree_get',
        arguments: { session_id: SESSION, no_commit: true },
      }),
    ];
    expect(f.ran()).toEqual([]);
    if (vector.tampersSessionGit) {
      for (const result of results) {
        expect(result.isError, textOf(result)).toBe(true);
        expect(result.structuredContent).toMatchObject({ error: 'SESSION_NOT_VERIFIED' });
        expect(textOf(result)).toContain(`'${SESSION}'`);
      }
      expect(fingerprint(f.repo)).toBe(before);
    } else {
      // The shim serves this vector's repository: the listing names its session.
      expect(textOf(results[0]!)).toContain(SESSION);
    }
  });
});
