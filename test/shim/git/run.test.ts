import { describe, expect, it } from 'vitest';
import { gitArgv } from '../../../src/shim/git/run.ts';

describe('git invocation', () => {
  it("passes no pager and the caller's arguments, config only by environment", () => {
    expect(gitArgv(['status'])).toEqual(['--no-pager', 'status']);
  });
});
