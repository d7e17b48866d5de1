import { describe, expect, it } from 'vitest';
import { SdkHttpError, SdkErrorCode, UnauthorizedError } from '@modelcontextprotocol/client';
import { ProtocolError, ProtocolErrorCode, type Tool } from '@modelcontextprotocol/server';
import {
  authFailureMessage,
  classifyRemoteError,
  redact,
  unavailableMessage,
} from '../../src/shim/bridge/remote-errors.ts';
import { mergeToolLists } from '../../src/shim/bridge/merge-tools.ts';
import { parseShimOptions, remoteUrlProblem, shimInstructions } from '../../src/shim/options.ts';

const tool = (name: string, description = `${name} tool`): Tool => ({
  name,
  description,
  inputSchema: { type: 'object' },
});

describe('merging local and remote tools', () => {
  it('keeps remote names, puts local tools first', () => {
    const merged = mergeToolLists(
      [tool('worktree_read')],
      [tool('search_processes'), tool('get_process')],
      new Set(),
      'https://p.example/mcp',
    );
    expect(merged.tools.map((t) => t.name)).toEqual([
      'worktree_read',
      'search_processes',
      'get_process',
    ]);
    expect(merged.clashes).toEqual([]);
  });
  it('reports a clash in the local description instead of shadowing silently', () => {
    const merged = mergeToolLists(
      [tool('worktree_read')],
      [tool('worktree_read', 'remote one'), tool('x')],
      new Set(),
      'https://p.example/mcp',
    );
    expect(merged.clashes).toEqual([{ remote: 'worktree_read', local: 'worktree_read' }]);
    expect(merged.tools.map((t) => t.name)).toEqual(['worktree_read', 'x']);
    expect(merged.tools[0]!.description).toContain(
      "the Praxis endpoint https://p.example/mcp also offers a tool named 'worktree_read'",
    );
  });
  it('treats the gated tool name as taken', () => {
    const merged = mergeToolLists(
      [tool('worktree_read')],
      [tool('worktree_get')],
      new Set(['worktree_get']),
      'e',
    );
    expect(merged.tools.map((t) => t.name)).toEqual(['worktree_read']);
    expect(merged.clashes).toEqual([{ remote: 'worktree_get', local: 'worktree_get' }]);
  });
});

describe('remote failures', () => {
  it('classifies 401 and 403 as auth failures', () => {
    expect(classifyRemoteError(new UnauthorizedError('Unauthorized'))).toEqual({
      kind: 'auth',
      status: 401,
    });
    const forbidden = new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'Error POSTing', {
      status: 403,
      statusText: 'Forbidden',
      text: '',
    });
    expect(classifyRemoteError(forbidden)).toEqual({ kind: 'auth', status: 403 });
  });
  it('classifies network failures and other statuses as unavailable', () => {
    const refused = Object.assign(new TypeError('fetch failed'), {
      cause: { code: 'ECONNREFUSED' },
    });
    expect(classifyRemoteError(refused)).toEqual({
      kind: 'unavailable',
      detail: 'fetch failed: ECONNREFUSED',
    });
    const down = new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'x', {
      status: 502,
      statusText: 'Bad Gateway',
      text: '',
    });
    expect(classifyRemoteError(down)).toEqual({ kind: 'unavailable', detail: 'HTTP 502' });
  });
  it('passes JSON-RPC errors of the endpoint through', () => {
    const error = new ProtocolError(ProtocolErrorCode.InvalidParams, 'Tool nope not found');
    expect(classifyRemoteError(error)).toEqual({ kind: 'protocol', error });
  });
  it('tells the user how to refresh the token', () => {
    const message = authFailureMessage(new URL('https://praxis.example/mcp'), 'PRAXIS_TOKEN', 401);
    expect(message).toContain('HTTP 401');
    expect(message).toContain('export PRAXIS_TOKEN="$(praxis token)"');
    expect(message).toContain('SSO');
    expect(authFailureMessage(new URL('https://p.example/mcp'), 'T', 403)).toContain('HTTP 403');
    expect(unavailableMessage(new URL('https://p.example/mcp'), 'fetch failed')).toContain(
      'local worktree tools keep working',
    );
  });
  it('scrubs the token from any text', () => {
    expect(redact('Bearer s3cr3t-token failed for s3cr3t-token', 's3cr3t-token')).toBe(
      'Bearer [token] failed for [token]',
    );
  });
});

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
