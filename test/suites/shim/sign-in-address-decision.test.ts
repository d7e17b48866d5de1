// The decision which sign-in addresses may reach the browser opener, as a pure function: only a
// web page (https:, or http: on loopback) of the authorization server the endpoint's
// protected-resource metadata names; everything else is refused with a message naming the
// address's origin (or, for schemes without one, the scheme). And the opener it would go to.
import type { OAuthDiscoveryState } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { browserCommand } from '../../../src/shim/sign-in/open-browser.ts';
import {
  authorizationUrlProblem,
  isLoopbackHost,
  namedAuthorizationServer,
} from '../../../src/shim/sign-in/openable-authorization-url.ts';

const SERVER = 'https://praxis.example.com';
const LOCAL = 'http://127.0.0.1:8787';

describe('which sign-in addresses may be opened', () => {
  it.each([
    [
      `${SERVER}/authorize?client_id=c&state=s&redirect_uri=http%3A%2F%2F127.0.0.1%3A5%2Fcallback`,
      SERVER,
    ],
    [`${SERVER}/authorize`, `${SERVER}/`],
    [`${SERVER}:443/authorize`, SERVER],
    ['HTTPS://PRAXIS.EXAMPLE.COM/authorize', SERVER],
    [`${SERVER}/tenant/authorize#x`, `${SERVER}/tenant`],
    [`${LOCAL}/authorize?a=1`, LOCAL],
    ['http://localhost:8787/authorize', 'http://localhost:8787'],
    ['http://[::1]:8787/authorize', 'http://[::1]:8787'],
    ['http://127.9.9.9/authorize', 'http://127.9.9.9'],
  ])('opens %s on %s', (candidate, server) => {
    expect(authorizationUrlProblem(candidate, server)).toBeUndefined();
  });

  it.each([
    [
      'ms-msdt:/id PCWDiagnostic /skip force /param "IT_RebrowseForFile=?"',
      SERVER,
      'ms-msdt:',
      /only web pages/,
    ],
    ['file:///etc/passwd', SERVER, 'file:', /only web pages/],
    [
      'smb://attacker.example/share/payload.exe',
      SERVER,
      'smb://attacker.example',
      /only web pages/,
    ],
    ['javascript:alert(document.cookie)', SERVER, 'javascript:', /only web pages/],
    ['data:text/html,<script>alert(1)</script>', SERVER, 'data:', /only web pages/],
    ['vbscript:msgbox(1)', SERVER, 'vbscript:', /only web pages/],
    ['ftp://files.example/x', SERVER, 'ftp://files.example', /only web pages/],
    ['ws://praxis.example.com/authorize', SERVER, 'ws://praxis.example.com', /only web pages/],
    [
      'http://evil.example/authorize',
      'http://evil.example',
      'http://evil.example',
      /only on this machine's loopback/,
    ],
    [
      'http://praxis.example.com/authorize',
      SERVER,
      'http://praxis.example.com',
      /only on this machine's loopback/,
    ],
    [
      'http://10.0.0.5/authorize',
      'http://10.0.0.5',
      'http://10.0.0.5',
      /only on this machine's loopback/,
    ],
    [
      'http://localhost.evil.example/authorize',
      'http://localhost.evil.example',
      'http://localhost.evil.example',
      /loopback/,
    ],
    [
      'https://login.other.example/authorize',
      SERVER,
      'https://login.other.example',
      /not on the authorization server .*\(https:\/\/praxis\.example\.com\)/,
    ],
    [
      `${SERVER}.evil.example/authorize`,
      SERVER,
      'https://praxis.example.com.evil.example',
      /not on the authorization/,
    ],
    [
      `${SERVER}:8443/authorize`,
      SERVER,
      'https://praxis.example.com:8443',
      /not on the authorization server/,
    ],
    [
      'http://127.0.0.1:9999/authorize',
      LOCAL,
      'http://127.0.0.1:9999',
      /not on the authorization server/,
    ],
    [
      'https://127.0.0.1:8787/authorize',
      LOCAL,
      'https://127.0.0.1:8787',
      /not on the authorization server/,
    ],
    [
      'https://user:secret@praxis.example.com/authorize',
      SERVER,
      'https://praxis.example.com',
      /user name or password/,
    ],
    [
      'https://user@praxis.example.com/authorize',
      SERVER,
      'https://praxis.example.com',
      /user name or password/,
    ],
    [
      'https://pra"xis.example.com/authorize',
      'https://pra"xis.example.com',
      'https://pra"xis.example.com',
      /quote or a space/,
    ],
    [`${SERVER}/authorize`, undefined, SERVER, /names no authorization server/],
    [`${SERVER}/authorize`, 'not a url', SERVER, /names no authorization server/],
  ])('refuses %s (server %s), naming %s', (candidate, server, named, why) => {
    const problem = authorizationUrlProblem(candidate, server);
    expect(problem).toBeDefined();
    expect(problem).toContain(`(${named})`);
    expect(problem).toMatch(why);
  });

  it('refuses what is not a URL at all', () => {
    expect(authorizationUrlProblem('not a url', SERVER)).toMatch(/not a valid URL/);
    expect(authorizationUrlProblem('', SERVER)).toMatch(/not a valid URL/);
  });

  it('names a long origin only in part', () => {
    const host = `${'a'.repeat(250)}.example`;
    const problem = authorizationUrlProblem(`https://${host}/authorize`, SERVER)!;
    expect(problem).toContain('…');
    expect(problem.length).toBeLessThan(400);
  });

  it('counts 127.0.0.0/8, ::1 and localhost as loopback, in every spelling the URL parser normalises', () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://127.255.0.3/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://[::1]/',
      'http://[0:0:0:0:0:0:0:1]/',
      'http://LOCALHOST/',
    ]) {
      expect(isLoopbackHost(new URL(url).hostname), url).toBe(true);
    }
    for (const url of [
      'http://128.0.0.1/',
      'http://10.0.0.1/',
      'http://[::2]/',
      'http://localhost.example/',
      'http://0.0.0.0/',
      'http://[fe80::1]/',
      'http://169.254.169.254/',
    ]) {
      expect(isLoopbackHost(new URL(url).hostname), url).toBe(false);
    }
  });
});

describe('the authorization server the protected-resource metadata names', () => {
  const discovery = (used: string, named?: string[]): OAuthDiscoveryState => ({
    authorizationServerUrl: used,
    ...(named
      ? { resourceMetadata: { resource: `${SERVER}/mcp`, authorization_servers: named } }
      : {}),
  });

  it('is the one the SDK used, when the metadata lists it', () => {
    expect(namedAuthorizationServer(discovery(SERVER, [SERVER]))).toBe(SERVER);
    expect(namedAuthorizationServer(discovery(SERVER, ['https://other.example', SERVER]))).toBe(
      SERVER,
    );
  });

  it('is none without metadata, when the metadata does not list it (the SDK fell back), or without discovery', () => {
    expect(namedAuthorizationServer(discovery(SERVER))).toBeUndefined();
    expect(namedAuthorizationServer(discovery(SERVER, []))).toBeUndefined();
    expect(namedAuthorizationServer(discovery(SERVER, ['https://other.example']))).toBeUndefined();
    expect(namedAuthorizationServer(undefined)).toBeUndefined();
  });
});

describe('the opener the address goes to', () => {
  const url = 'https://as.example/authorize?a=1&b=2^3';
  it('is rundll32 by its full path under %SystemRoot% on Windows, with the URL as one argument', () => {
    expect(browserCommand({ SystemRoot: '/fake/Windows' }, 'win32', url)).toEqual({
      program: '/fake/Windows/System32/rundll32.exe',
      args: ['url.dll,FileProtocolHandler', url],
    });
    expect(browserCommand({}, 'win32', url)).toEqual({
      program: 'rundll32',
      args: ['url.dll,FileProtocolHandler', url],
    });
  });
});
