// `praxis worktree list|read|get`: the human side, run as a real process.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createSessionFixture,
  fingerprint,
  sh,
  write,
  type Fixture,
} from '../../helpers/shim/git-fixture.ts';
import { praxis } from '../../helpers/cli-run.ts';

let fx: Fixture;
beforeEach(() => {
  fx = createSessionFixture(); // session 3f9a12c8, one commit ahead: src/app.ts answers 42
});
afterEach(() => fx.cleanup());

describe('praxis worktree', () => {
  it('lists, reads and gets a session', async () => {
    const list = await praxis('worktree', 'list', '--repo', fx.repo);
    expect(list).toMatchObject({ code: 0 });
    expect(list.stdout).toContain('3f9a12c8  branch praxis/3f9a12c8');
    const stat = await praxis('worktree', 'read', '3f9a12c8', '--stat', '--repo', fx.repo);
    expect(stat.stdout).toContain('src/app.ts | +1 -1');
    const diff = await praxis('worktree', 'read', '3f9a12c8', '--repo', fx.repo);
    expect(diff.stdout).toContain('-export const answer = 41;\n+export const answer = 42;');
    const get = await praxis('worktree', 'get', '3f9a12c8', '--no-commit', '--repo', fx.repo);
    expect(get).toMatchObject({ code: 0 });
    expect(get.stdout).toContain('without committing');
    expect(sh(fx.repo, 'status', '--porcelain')).toBe('M  src/app.ts\n');
  });

  it('exits 1 with the reason when it refuses, changing nothing', async () => {
    write(fx.repo, 'README.md', 'dirty\n');
    const before = fingerprint(fx.repo);
    const get = await praxis('worktree', 'get', '3f9a12c8', '--repo', fx.repo);
    expect(get.code).toBe(1);
    expect(get.stderr).toContain('uncommitted changes or untracked files');
    expect(fingerprint(fx.repo)).toBe(before);
  });

  it('exits 2 with the usage for bad command lines', async () => {
    expect(await praxis('worktree', 'read', '--repo', fx.repo)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('needs a session id'),
    });
    expect(await praxis('worktree', 'merge', 'x')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("unknown action 'merge'"),
    });
    expect(await praxis('shim', '--token-env', 'PRAXIS_TOKEN')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('needs --remote'),
    });
    expect(await praxis('login')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('needs the URL'),
    });
    expect(await praxis('login', 'http://praxis.example/mcp')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('https'),
    });
    expect(await praxis('logout', 'https://a.example/mcp', 'extra')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("unexpected argument 'extra'"),
    });
  });
});
