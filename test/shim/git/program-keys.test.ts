import { describe, expect, it } from 'vitest';
import {
  FIXED_OVERRIDES,
  neutralValueOf,
  overridesFor,
} from '../../../src/shim/git/program-keys.ts';

describe('git invocation', () => {
  it('disarms every configured key that names a program, whatever the driver is called', () => {
    expect(neutralValueOf('filter.lfs.clean')).toBe('');
    expect(neutralValueOf('filter.a=b.c.process')).toBe('');
    expect(neutralValueOf('filter.x.required')).toBe('false');
    expect(neutralValueOf('diff.x.textconv')).toBe('');
    expect(neutralValueOf('diff.x.command')).toBe('');
    expect(neutralValueOf('merge.x.driver')).toBe('');
    expect(neutralValueOf('credential.https://example.com.helper')).toBe('');
    expect(neutralValueOf('gpg.ssh.program')).toBe('');
    expect(neutralValueOf('pager.log')).toBe('false');
    expect(neutralValueOf('user.name')).toBeUndefined();
    expect(neutralValueOf('diff.renames')).toBeUndefined();
    expect(neutralValueOf('core.autocrlf')).toBeUndefined();
    const overrides = overridesFor(['filter.x.clean', 'user.name', 'core.fsmonitor']);
    expect(overrides[0]).toEqual(['filter.x.clean', '']);
    expect(overrides.slice(1)).toEqual(FIXED_OVERRIDES);
    for (const key of [
      'core.hooksPath',
      'core.fsmonitor',
      'core.sshCommand',
      'core.askPass',
      'diff.external',
      'credential.helper',
      'gpg.program',
      'protocol.allow',
      'submodule.recurse',
    ]) {
      expect(FIXED_OVERRIDES.map(([k]) => k)).toContain(key);
    }
  });
});
