import { describe, expect, it } from 'vitest';
import { parseGitlinks } from '../../../src/shim/git/snapshot.ts';

describe('git invocation', () => {
  it('finds the submodule entries of an index, which the snapshot leaves as recorded', () => {
    const oid = 'a'.repeat(40);
    expect(
      parseGitlinks(
        `100644 ${oid} 0\tsrc/app.ts\x00160000 ${oid} 0\tsub\x00160000 ${oid} 0\ta b/c\x00`,
      ),
    ).toEqual(['sub', 'a b/c']);
  });
});
