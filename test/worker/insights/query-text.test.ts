// What of a query a usage event keeps (src/worker/insights/query-text.ts): normalised, capped, and
// never a credential — whatever is pasted around it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { issueLocalToken } from '../../../src/shared/auth/local-token.ts';
import { MAX_QUERY_CHARS, storedQuery } from '../../../src/worker/insights/query-text.ts';
import { fuzzRuns } from '../../helpers/fuzz-runs.ts';

describe('storedQuery', () => {
  it('trims, collapses whitespace and lowercases', () => {
    expect(storedQuery('  How DO we\n\n\tDeploy?  ')).toBe('how do we deploy?');
  });

  it(`cuts at ${MAX_QUERY_CHARS} characters`, () => {
    expect(storedQuery('b'.repeat(20).concat(' ').repeat(50))).toHaveLength(MAX_QUERY_CHARS);
    // Never with a trailing space where the cut falls after one.
    expect(storedQuery('a '.repeat(500))).toHaveLength(MAX_QUERY_CHARS - 1);
  });

  it.each([
    [
      'a development token',
      async () => issueLocalToken('s'.repeat(40), 'alice', ['praxis-authors']),
    ],
    ['a JWT-shaped string', async () => 'abcdefgh12.ijklmnop34.qrstuvwx56'],
    ['a Bearer credential', async () => 'Bearer opaque:grant:secret'],
    ['a long hex run', async () => 'deadbeef'.repeat(5)],
    ['a long base64 run', async () => `${'QUJD'.repeat(10)}==`],
    [
      'an oauth-mode token (user:grant:secret)',
      async () => `alice:${'g'.repeat(16)}:${'S3cr3t'.repeat(6)}`,
    ],
  ])('redacts %s wherever it stands', async (_name, make) => {
    const secret = await make();
    for (const query of [secret, `why ${secret}`, `${secret} fails`, `a\n${secret}\tb`]) {
      const stored = storedQuery(query);
      expect(stored).toContain('[redacted]');
      // No run of 12 characters of the secret survives.
      for (let i = 0; i + 12 <= secret.length; i += 6)
        expect(stored).not.toContain(secret.slice(i, i + 12).toLowerCase());
    }
  });

  it('keeps ordinary questions as they are', () => {
    for (const query of [
      'how do we roll back a deploy',
      'code-review checklist for v2.3.1',
      'what is the on-call rotation?',
      'e-mail sign-off for release notes',
    ])
      expect(storedQuery(query)).toBe(query);
  });

  it('never stores more than the cap and never leaves surrounding whitespace, for any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 3000 }), (text) => {
        const stored = storedQuery(text);
        expect(stored.length).toBeLessThanOrEqual(MAX_QUERY_CHARS);
        expect(stored).toBe(stored.toLowerCase());
        expect(/\s\s/.test(stored)).toBe(false);
      }),
      { numRuns: fuzzRuns(300) },
    );
  });
});
