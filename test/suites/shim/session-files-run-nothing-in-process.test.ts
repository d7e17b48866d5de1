// Files an agent wrote in its session folder must never make a git process Praxis starts run a
// program, read config from the session, or use another repository than the verified one. Each
// vector plants its files, then list, read and get run in process, through the operations the shim's tools call, and no
// payload may leave its marker. A session whose own `.git` was replaced is refused by name, with the
// active tree byte-identical. The same vectors through the other paths:
// session-files-run-nothing-mcp and -cli.test.ts (one file per path, so they run in parallel).
import { describe, expect, it } from 'vitest';
import { getSession } from '../../../src/shim/operations/get.ts';
import { listSessions } from '../../../src/shim/operations/list.ts';
import { readSession } from '../../../src/shim/operations/read.ts';
import { Refusal } from '../../../src/shim/refusal.ts';
import { fingerprint } from '../../helpers/shim/git-fixture.ts';
import { SESSION, VECTORS } from '../../helpers/shim/hostile-session.ts';
import { outcomeOf, plantedVectors } from '../../helpers/shim/planted-vectors.ts';

const planted = plantedVectors();

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
});
