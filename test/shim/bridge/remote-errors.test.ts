import { describe, expect, it } from 'vitest';
import { SdkHttpError, SdkErrorCode, UnauthorizedError } from '@modelcontextprotocol/client';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import {
  authFailureMessage,
  classifyRemoteError,
  redact,
  unavailableMessage,
} from '../../../src/shim/bridge/remote-errors.ts';

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
