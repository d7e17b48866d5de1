// The parts of `praxis login` that need no endpoint: the one-shot loopback listener (real HTTP on
// 127.0.0.1) against hostile callbacks, the sign-in file's permissions and atomic writes (a real
// temp directory), where the file lives, and which program opens the browser.
import { chmod, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForCallback } from '../../../src/shim/sign-in/loopback-callback.ts';
import { browserCommand } from '../../../src/shim/sign-in/open-browser.ts';
import { signInDirectory, signInFile } from '../../../src/shim/sign-in/sign-in-file.ts';
import { signInStore, UnusableSignInFile } from '../../../src/shim/sign-in/sign-in-store.ts';

const STATE = 'state-1f2e3d4c5b6a';

async function get(url: string): Promise<{ status: number; html: string } | 'refused'> {
  try {
    const response = await fetch(url);
    return { status: response.status, html: await response.text() };
  } catch {
    return 'refused';
  }
}

describe('the loopback callback listener', () => {
  it('takes the code with the right state, answers a page, and closes', async () => {
    const callback = await listenForCallback({ state: STATE, timeoutMs: 60_000 });
    expect(callback.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(
      await get(
        `${callback.redirectUrl}?code=the-code&state=${STATE}&iss=https%3A%2F%2Fas.example`,
      ),
    ).toMatchObject({ status: 200 });
    await expect(callback.response).resolves.toEqual({
      code: 'the-code',
      iss: 'https://as.example',
    });
    expect(await get(`${callback.redirectUrl}?code=the-code&state=${STATE}`)).toBe('refused');
  });

  // Callbacks without this sign-in's state are ignored: sign-in-callback-ignores-strangers.test.ts.
  it.each([
    ['no code', (url: string) => `${url}?state=${STATE}`, /no authorization code/],
    ['two codes', (url: string) => `${url}?code=a&code=b&state=${STATE}`, /no authorization code/],
    [
      'an error from the server',
      (url: string) => `${url}?error=access_denied&state=${STATE}`,
      /not completed: access_denied/,
    ],
  ])(
    'refuses %s, then closes so that the right callback finds nothing',
    async (_name, hostile, reason) => {
      const callback = await listenForCallback({ state: STATE, timeoutMs: 60_000 });
      const answer = await get(hostile(callback.redirectUrl));
      expect(answer).toMatchObject({ status: 400 });
      await expect(callback.response).rejects.toThrow(reason);
      expect(await get(`${callback.redirectUrl}?code=c&state=${STATE}`)).toBe('refused');
    },
  );

  it('escapes what the request carried in its page', async () => {
    const callback = await listenForCallback({ state: STATE, timeoutMs: 60_000 });
    const answer = await get(
      `${callback.redirectUrl}?error=x&error_description=${encodeURIComponent('<img src=x onerror=alert(1)>')}&state=${STATE}`,
    );
    await callback.response.catch(() => undefined);
    expect(answer).toMatchObject({ status: 400 });
    const html = (answer as { html: string }).html;
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('answers other paths 404 and keeps waiting for the callback', async () => {
    const callback = await listenForCallback({ state: STATE, timeoutMs: 60_000 });
    const origin = new URL(callback.redirectUrl).origin;
    expect(await get(`${origin}/favicon.ico`)).toMatchObject({ status: 404 });
    expect(await get(`${origin}/callbackx?code=c&state=${STATE}`)).toMatchObject({ status: 404 });
    expect(await get(`${callback.redirectUrl}?code=c&state=${STATE}`)).toMatchObject({
      status: 200,
    });
    await expect(callback.response).resolves.toEqual({ code: 'c' });
  });

  it('gives up after its timeout and closes', async () => {
    const callback = await listenForCallback({ state: STATE, timeoutMs: 50 });
    await expect(callback.response).rejects.toThrow(/no sign-in arrived/);
    await callback.close();
    expect(await get(`${callback.redirectUrl}?code=c&state=${STATE}`)).toBe('refused');
  });
});

describe('the sign-in file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'praxis-sign-in-store-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is written whole with mode 0600 in a 0700 directory, leaving no temporary file', async () => {
    const path = join(dir, 'a', 'praxis', 'sign-in', 'x.json');
    const store = signInStore(path, 'https://p.example/mcp');
    await store.update((record) => ({ ...record, codeVerifier: 'v' }));
    await store.update((record) => ({
      ...record,
      tokens: { access_token: 'a', token_type: 'Bearer' },
    }));
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await stat(join(path, '..'))).mode & 0o777).toBe(0o700);
    expect(await readdir(join(path, '..'))).toEqual(['x.json']);
    expect(await store.read()).toEqual({
      endpoint: 'https://p.example/mcp',
      codeVerifier: 'v',
      tokens: { access_token: 'a', token_type: 'Bearer' },
    });
  });

  it('is not used when others can read it, when it is damaged, or when it is for another endpoint', async () => {
    const path = join(dir, 'b.json');
    const store = signInStore(path, 'https://p.example/mcp');
    await store.update((record) => ({
      ...record,
      tokens: { access_token: 'a', token_type: 'Bearer' },
    }));
    await chmod(path, 0o644);
    await expect(store.read()).rejects.toThrow(UnusableSignInFile);
    await expect(store.read()).rejects.toThrow(/mode 644, must be 600/);
    await store.update((record) => ({ ...record, codeVerifier: 'fresh' })); // a new sign-in replaces it
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await store.read()).toEqual({
      endpoint: 'https://p.example/mcp',
      codeVerifier: 'fresh',
    });
    await writeFile(path, '{"endpoint": ', { mode: 0o600 });
    await expect(store.read()).rejects.toThrow(/not valid JSON/);
    await expect(
      signInStore(path.replace('b.json', 'x.json'), 'https://other.example/mcp').read(),
    ).resolves.toBeUndefined();
    await writeFile(path, JSON.stringify({ endpoint: 'https://other.example/mcp' }), {
      mode: 0o600,
    });
    await expect(store.read()).rejects.toThrow(/another endpoint/);
  });

  it('lives in the user config directory, one file per endpoint', () => {
    expect(signInDirectory({ XDG_CONFIG_HOME: '/cfg' }, 'linux')).toBe('/cfg/praxis/sign-in');
    expect(signInDirectory({ XDG_CONFIG_HOME: 'relative', HOME: '/home/u' }, 'linux')).toMatch(
      /\.config\/praxis\/sign-in$/,
    );
    const a = signInFile(
      new URL('https://praxis.example.com/mcp'),
      { XDG_CONFIG_HOME: '/cfg' },
      'linux',
    );
    expect(a).toMatch(/^\/cfg\/praxis\/sign-in\/praxis\.example\.com-[0-9a-f]{16}\.json$/);
    expect(
      signInFile(
        new URL('https://praxis.example.com/mcp?x=1'),
        { XDG_CONFIG_HOME: '/cfg' },
        'linux',
      ),
    ).toBe(a);
    expect(
      signInFile(new URL('https://praxis.example.com/other'), { XDG_CONFIG_HOME: '/cfg' }, 'linux'),
    ).not.toBe(a);
    expect(
      signInFile(new URL('http://127.0.0.1:8787/mcp'), { XDG_CONFIG_HOME: '/cfg' }, 'linux'),
    ).toMatch(/127\.0\.0\.1_8787-/);
  });
});

describe('opening the browser', () => {
  const url = 'https://as.example/authorize?a=1&b=2';
  it('uses PRAXIS_BROWSER, or none, or the platform opener, with the URL as one argument', () => {
    expect(browserCommand({ PRAXIS_BROWSER: '/usr/bin/firefox' }, 'linux', url)).toEqual({
      program: '/usr/bin/firefox',
      args: [url],
    });
    expect(browserCommand({ PRAXIS_BROWSER: 'none' }, 'linux', url)).toBeUndefined();
    expect(browserCommand({}, 'linux', url)).toEqual({ program: 'xdg-open', args: [url] });
    expect(browserCommand({}, 'darwin', url)).toEqual({ program: 'open', args: [url] });
    expect(browserCommand({}, 'win32', url)).toEqual({
      program: 'rundll32',
      args: ['url.dll,FileProtocolHandler', url],
    });
  });
});
