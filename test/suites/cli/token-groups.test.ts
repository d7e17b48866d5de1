// `praxis token --group NAME`: development tokens with groups, for scripts that act as an author or
// a restricted reader against `praxis dev --auth local`. Names are checked like subjects.
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { praxis } from '../../helpers/cli-run.ts';

describe('praxis token --group', () => {
  it('puts every --group in the token, and none without', async () => {
    const run = await praxis(
      'token',
      '--subject',
      'editor',
      '--group',
      'praxis-authors',
      '--group',
      'engineering',
    );
    expect(run.code, run.stderr).toBe(0);
    expect(decodeJwt(run.stdout.trim())).toMatchObject({
      sub: 'editor',
      groups: ['praxis-authors', 'engineering'],
    });
    const plain = await praxis('token', '--subject', 'reader');
    expect(decodeJwt(plain.stdout.trim()).groups).toBeUndefined();
  });

  it.each([
    ['an empty name', ''],
    ['a name with a control character', 'bad\tname'],
    ['a name over 128 characters', 'g'.repeat(129)],
  ])('refuses %s with exit 2, printing no token', async (_case, group) => {
    const run = await praxis('token', '--group', group);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('praxis token: --group:');
  });
});
