import { describe, expect, it } from 'vitest';
import { parseShimOptions, remoteUrlProblem, shimInstructions } from '../../src/shim/options.ts';

describe('shim options', () => {
  it('defaults the repository to the working directory', () => {
    expect(parseShimOptions({}, '/here')).toEqual({
      ok: true,
      options: { repoDir: '/here', allowAgentGet: false },
    });
  });
  it('takes --remote alone (the stored sign-in) or with --token-env, never --token-env alone', () => {
    expect(parseShimOptions({ remote: 'https://p.example/mcp' }, '/')).toMatchObject({
      ok: true,
      options: { remote: { url: new URL('https://p.example/mcp') } },
    });
    expect(parseShimOptions({ remote: 'https://p.example/mcp' }, '/')).not.toHaveProperty(
      'options.remote.tokenEnv',
    );
    expect(parseShimOptions({ tokenEnv: 'T' }, '/')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('needs --remote'),
    });
    expect(
      parseShimOptions({ remote: 'https://p.example/mcp', tokenEnv: '1BAD' }, '/'),
    ).toMatchObject({ ok: false, problem: expect.stringContaining('variable name') });
    const ok = parseShimOptions({ remote: 'https://p.example/mcp', tokenEnv: 'PRAXIS_TOKEN' }, '/');
    expect(ok.ok && ok.options.remote?.url.href).toBe('https://p.example/mcp');
  });
  it('keeps the token off clear-text links', () => {
    expect(remoteUrlProblem('https://p.example/mcp')).toBeUndefined();
    expect(remoteUrlProblem('http://127.0.0.1:8787/mcp')).toBeUndefined();
    expect(remoteUrlProblem('http://localhost/mcp')).toBeUndefined();
    expect(remoteUrlProblem('http://p.example/mcp')).toContain('https');
    expect(remoteUrlProblem('https://u:p@p.example/mcp')).toContain('credentials');
    expect(remoteUrlProblem('not a url')).toContain('must be a URL');
  });
  it('says in the instructions whether worktree_get is available', () => {
    expect(shimInstructions('/r', false)).toContain('human action');
    expect(shimInstructions('/r', true, 'https://p.example/mcp')).toContain('is bridged');
  });
});
