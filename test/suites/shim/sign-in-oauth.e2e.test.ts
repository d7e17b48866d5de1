// `praxis login`, `praxis shim --remote` and `praxis logout` against `praxis dev --auth oauth`
// (the Worker in workerd, the development OpenID provider on loopback). The browser is a script
// started through PRAXIS_BROWSER that fills in the consent and login forms as a person would and
// follows the redirect to the CLI's loopback listener. The shim runs as a real stdio process
// driven by the MCP client. Tokens appear in the sign-in file and nowhere else.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedDevServer, type SharedServer } from '../../helpers/node/shared-dev-server.ts';
import { signInFile } from '../../../src/shim/sign-in/sign-in-file.ts';
import { createFixture, type Fixture } from '../../helpers/shim/git-fixture.ts';
import { praxisWithEnv, type CliRun } from '../../helpers/cli-run.ts';
import { connectShim, textOf } from '../../helpers/shim/shim-client.ts';
import { praxisNodeArgs } from '../../helpers/shim/stripped-sources.ts';

const RESTRICTED = 'production-access';
const RESTRICTED_TITLE = 'Production Access Checklist';
const BROWSER_SCRIPT = resolve(import.meta.dirname, '../../helpers/shim/scripted-browser.ts');

interface StoredFile {
  endpoint: string;
  tokens?: { access_token: string; refresh_token?: string };
  [key: string]: unknown;
}

describe('signing the shim in with praxis login, end to end', () => {
  let dev: SharedServer;
  let fx: Fixture;
  let root: string;
  let browser: string;
  /** Everything printed or answered anywhere, and every token ever stored: checked at the end. */
  const outputs: string[] = [];
  const tokens = new Set<string>();

  beforeAll(async () => {
    fx = createFixture();
    root = await mkdtemp(join(tmpdir(), 'praxis-sign-in-'));
    browser = join(root, 'browser');
    await writeFile(
      browser,
      `#!/bin/sh\nexec '${process.execPath}' ${praxisNodeArgs()
        .map((arg) => `'${arg}'`)
        .join(' ')} '${BROWSER_SCRIPT}' "$@"\n`,
      { mode: 0o755 },
    );
    dev = await sharedDevServer('sign-in');
  }, 120_000);
  afterAll(async () => {
    fx?.cleanup();
    if (root) await rm(root, { recursive: true, force: true });
  });

  /** A person's environment: their own config directory, and the scripted browser. */
  function person(name: string, mode = 'sign-in', user = name): Record<string, string> {
    return {
      XDG_CONFIG_HOME: join(root, name, 'config'),
      PRAXIS_BROWSER: browser,
      PRAXIS_TEST_BROWSER_USER: user,
      PRAXIS_TEST_BROWSER_MODE: mode,
      PRAXIS_TEST_BROWSER_LOG: join(root, `${name}-browser.log`),
    };
  }
  const fileOf = (env: Record<string, string>) => signInFile(new URL(dev.url), env);
  const browserLog = (env: Record<string, string>) =>
    readFile(env.PRAXIS_TEST_BROWSER_LOG!, 'utf8').catch(() => '');
  /** The browser runs on after the CLI exits: its whole log, once it has finished. */
  async function finishedBrowserLog(env: Record<string, string>): Promise<string> {
    for (;;) {
      const log = await browserLog(env);
      if (log.endsWith('done\n')) return log;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  async function stored(env: Record<string, string>): Promise<StoredFile> {
    const record = JSON.parse(await readFile(fileOf(env), 'utf8')) as StoredFile;
    for (const token of [record.tokens?.access_token, record.tokens?.refresh_token])
      if (token) tokens.add(token);
    return record;
  }
  async function cli(env: Record<string, string>, ...args: string[]): Promise<CliRun> {
    const run = await praxisWithEnv(env, ...args);
    outputs.push(run.stdout, run.stderr);
    return run;
  }
  /** One shim run: calls the restricted checklist over stdio and returns the answer. */
  async function shimCall(env: Record<string, string>) {
    const shim = await connectShim(['--repo', fx.repo, '--remote', dev.url], env);
    try {
      const names = (await shim.client.listTools()).tools.map((tool) => tool.name);
      const result = await shim.client.callTool({
        name: 'get_checklist',
        arguments: { name: RESTRICTED },
      });
      outputs.push(JSON.stringify(result));
      return { result, names, text: textOf(result) };
    } finally {
      await shim.close();
      outputs.push(shim.stderr());
    }
  }

  it('signs in through the browser and stores only Praxis-issued tokens, readable only by the user', async () => {
    const alice = person('alice');
    const login = await cli(alice, 'login', dev.url);
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout).toBe('');
    expect(login.stderr).toMatch(
      /visit:\s+http:\/\/127\.0\.0\.1:\d+\/authorize\?\S*redirect_uri=http%3A%2F%2F127\.0\.0\.1%3A\d+%2Fcallback/,
    );
    expect(await finishedBrowserLog(alice)).toMatch(/callback: 200 .*You are signed in/);

    const path = fileOf(alice);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await stat(join(path, '..'))).mode & 0o777).toBe(0o700);
    const record = await stored(alice);
    expect(Object.keys(record).sort()).toEqual([
      'clientInformation',
      'discoveryState',
      'endpoint',
      'tokens',
    ]); // no PKCE verifier left
    expect(record.endpoint).toBe(dev.url);
    // Praxis's own opaque tokens (user:grant:secret); no ID token or other JWT from the identity provider.
    expect(record.tokens!.access_token).toMatch(/^[^:]+:[^:]+:[^:]+$/);
    expect(record.tokens!.refresh_token).toMatch(/^[^:]+:[^:]+:[^:]+$/);
    expect(await readFile(path, 'utf8')).not.toMatch(/eyJ|id_token/);
  });

  it('lets the shim call bridged tools as alice, and a second shim run reuses the sign-in without a browser', async () => {
    const alice = person('alice');
    await writeFile(alice.PRAXIS_TEST_BROWSER_LOG!, '');
    const before = await stored(alice);
    for (let run = 0; run < 2; run += 1) {
      const { result, text, names } = await shimCall(alice);
      expect(names).toEqual(expect.arrayContaining(['worktree_list', 'get_checklist']));
      expect(result.isError, text).toBeFalsy();
      expect(JSON.stringify(result.content)).toContain(RESTRICTED_TITLE);
    }
    expect(await browserLog(alice)).toBe('');
    expect((await stored(alice)).tokens).toEqual(before.tokens);
  });

  it('renews an access token the endpoint no longer accepts with the stored refresh token, transparently', async () => {
    const alice = person('alice');
    const before = await stored(alice);
    const [user, grant] = before.tokens!.access_token.split(':');
    const stale = {
      ...before,
      tokens: { ...before.tokens, access_token: `${user}:${grant}:no-longer-valid-access-token` },
    };
    await writeFile(fileOf(alice), JSON.stringify(stale), { mode: 0o600 });
    const { result, text } = await shimCall(alice);
    expect(result.isError, text).toBeFalsy();
    expect(JSON.stringify(result.content)).toContain(RESTRICTED_TITLE);
    const after = await stored(alice);
    expect(after.tokens!.access_token).not.toBe(stale.tokens.access_token);
    expect(after.tokens!.access_token).not.toBe(before.tokens!.access_token);
    expect(after.tokens!.refresh_token).not.toBe(before.tokens!.refresh_token); // rotated
    expect((await stat(fileOf(alice))).mode & 0o777).toBe(0o600);
  });

  it('shows bob, signed in separately, nothing restricted to engineering', async () => {
    const bob = person('bob');
    expect((await cli(bob, 'login', dev.url)).code).toBe(0);
    await stored(bob);
    const { result } = await shimCall(bob);
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result)).not.toContain(RESTRICTED_TITLE);
  });

  it('signs in by itself when nobody has: the browser opens once, the client is told the tools changed, and the call succeeds as the signed-in user', async () => {
    const dave = person('dave', 'sign-in', 'alice');
    const shim = await connectShim(['--repo', fx.repo, '--remote', dev.url], dave);
    try {
      const changed = new Promise<void>((resolve) =>
        shim.client.setNotificationHandler('notifications/tools/list_changed', () => resolve()),
      );
      await changed;
      const record = await stored(dave);
      expect(record.tokens!.access_token).toMatch(/^[^:]+:[^:]+:[^:]+$/);
      expect((await stat(fileOf(dave))).mode & 0o777).toBe(0o600);
      expect((await shim.client.listTools()).tools.map((tool) => tool.name)).toEqual(
        expect.arrayContaining(['worktree_list', 'get_checklist']),
      );
      const result = await shim.client.callTool({
        name: 'get_checklist',
        arguments: { name: RESTRICTED },
      });
      outputs.push(JSON.stringify(result));
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(JSON.stringify(result.content)).toContain(RESTRICTED_TITLE);
    } finally {
      await shim.close();
      outputs.push(shim.stderr());
    }
    expect(shim.stderr()).toMatch(
      /praxis shim: opening your browser to sign in to [\s\S]*visit:\s+http:\/\/127\.0\.0\.1:\d+\/authorize\?/,
    );
    expect(shim.stderr()).toContain(`praxis shim: signed in to ${dev.url}`);
    expect((await finishedBrowserLog(dave)).match(/^opened /gm)).toHaveLength(1);
  });

  it('while its sign-in is open, answers that a browser was opened, and opens no second one however often it is asked', async () => {
    const erin = person('erin');
    const opened = join(root, 'erin-opened.log');
    // A browser that is started but never signs in: the sign-in stays open.
    const idleBrowser = join(root, 'idle-browser');
    await writeFile(idleBrowser, `#!/bin/sh\necho opened >> '${opened}'\n`, { mode: 0o755 });
    const shim = await connectShim(['--repo', fx.repo, '--remote', dev.url], {
      ...erin,
      PRAXIS_BROWSER: idleBrowser,
    });
    try {
      for (let call = 0; call < 3; call++) {
        const result = await shim.client.callTool({
          name: 'get_checklist',
          arguments: { name: RESTRICTED },
        });
        outputs.push(JSON.stringify(result));
        expect(result.structuredContent).toMatchObject({ error: 'REMOTE_SIGN_IN_REQUIRED' });
        expect(textOf(result)).toContain('The shim has opened your browser');
        expect(textOf(result)).toContain(`praxis login ${dev.url}`);
        expect(textOf(result)).not.toContain('/authorize?');
      }
    } finally {
      await shim.close();
      outputs.push(shim.stderr());
    }
    // The shim started the browser once (its answers came only after that); the browser, a process of
    // its own, writes its line whenever it gets to it, so its log is read once it has.
    expect(shim.stderr().match(/praxis shim: opening your browser/g)).toHaveLength(1);
    const openerLog = () => readFile(opened, 'utf8').catch(() => '');
    let log = await openerLog();
    while (!log.endsWith('\n')) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      log = await openerLog();
    }
    expect(log.trim().split('\n')).toEqual(['opened']);
    const record = await readFile(fileOf(erin), 'utf8').then(
      (text) => JSON.parse(text) as StoredFile,
      () => undefined,
    );
    expect(record?.tokens).toBeUndefined();
  });

  it('says sign-in is needed, and how, when nobody signed in and no browser may be opened', async () => {
    const { result, text, names } = await shimCall({ ...person('nobody'), PRAXIS_BROWSER: 'none' });
    expect(names).toEqual(['worktree_list', 'worktree_read']);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ error: 'REMOTE_SIGN_IN_REQUIRED' });
    expect(text).toContain('you are not signed in');
    expect(text).toContain(`praxis login ${dev.url}`);
  });

  it('after praxis logout the grant is revoked: the file is gone, and a kept copy is refused on renewal and deleted', async () => {
    const alice = person('alice');
    const copy = await readFile(fileOf(alice), 'utf8');
    const logout = await cli(alice, 'logout', dev.url);
    expect(logout.code, logout.stderr).toBe(0);
    expect(logout.stderr).toContain('revoked at the endpoint');
    await expect(stat(fileOf(alice))).rejects.toMatchObject({ code: 'ENOENT' });
    const noBrowser = { ...alice, PRAXIS_BROWSER: 'none' };
    const signedOut = await shimCall(noBrowser);
    expect(signedOut.result.structuredContent).toMatchObject({ error: 'REMOTE_SIGN_IN_REQUIRED' });
    expect(signedOut.text).toContain(`praxis login ${dev.url}`);

    // The revoked tokens, put back: the endpoint refuses the access token, then the refresh token.
    await writeFile(fileOf(alice), copy, { mode: 0o600 });
    const revoked = await shimCall(noBrowser);
    expect(revoked.result.structuredContent).toMatchObject({ error: 'REMOTE_SIGN_IN_REQUIRED' });
    expect(revoked.text).toContain('expired or was revoked');
    expect(JSON.stringify(revoked.result)).not.toContain(RESTRICTED_TITLE);
    const ended = await stored(alice);
    expect(ended.tokens).toBeUndefined();
    expect(ended.tokensRefusedAt).toEqual(expect.any(String));
  });

  it("ignores a forged callback without the state; the browser's callback then completes the sign-in", async () => {
    const mallory = person('forged-state', 'forged-state', 'alice');
    const login = await cli(mallory, 'login', dev.url);
    expect(login.code, login.stderr).toBe(0);
    expect(await finishedBrowserLog(mallory)).toMatch(
      /forged: 400 .*state, so it was ignored[\s\S]*callback: 200 .*You are signed in/,
    );
    expect((await stored(mallory)).tokens?.access_token).toMatch(/^[^:]+:[^:]+:[^:]+$/);
  });

  it.each([
    [
      'missing-code',
      /no code: 400 .*no authorization code[\s\S]*callback: refused/,
      /no authorization code/,
    ],
    [
      'denied',
      /denied: 400 .*access_denied \(&lt;script&gt;alert\(1\)&lt;\/script&gt;\)[\s\S]*callback: refused/,
      /access_denied/,
    ],
  ])(
    'refuses a hostile callback (%s), closes the listener and stores no tokens',
    async (mode, browserSaw, said) => {
      const mallory = person(`hostile-${mode}`, mode, 'alice');
      const login = await cli(mallory, 'login', dev.url);
      expect(login.code).toBe(1);
      expect(login.stderr).toMatch(said);
      expect(await finishedBrowserLog(mallory)).toMatch(browserSaw);
      const record = await readFile(fileOf(mallory), 'utf8').then(
        (text) => JSON.parse(text) as StoredFile,
        () => undefined,
      );
      expect(record?.tokens).toBeUndefined();
      expect(record).not.toHaveProperty('codeVerifier');
    },
  );

  it('takes one callback only: the same redirect a second time finds the listener closed', async () => {
    const carol = person('twice', 'twice', 'alice');
    expect((await cli(carol, 'login', dev.url)).code).toBe(0);
    await stored(carol);
    expect(await finishedBrowserLog(carol)).toMatch(/callback: 200[\s\S]*second callback: refused/);
  });

  it('never shows a token on stdout, stderr, in tool answers or in the server log', () => {
    expect(tokens.size).toBeGreaterThanOrEqual(6);
    outputs.push(dev.output());
    for (const text of outputs) {
      for (const token of tokens) {
        expect(text).not.toContain(token);
        expect(text).not.toContain(token.split(':')[2]);
      }
    }
  });
});
