// Several shim processes share one sign-in file and renew it on their own, while the endpoint
// revokes a grant whose refresh token is used twice. Against `praxis dev --auth oauth` (the Worker
// in workerd, the development OpenID provider), signed in with `praxis login`: processes refused at
// the same moment renew once between them, all keep working, and the stored refresh token is still
// the grant's current one; a lock left by a process that died does not block renewal.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedDevServer, type SharedServer } from '../../helpers/node/shared-dev-server.ts';
import { signInFile } from '../../../src/shim/sign-in/sign-in-file.ts';
import { createFixture, type Fixture } from '../../helpers/shim/git-fixture.ts';
import { praxisWithEnv } from '../../helpers/cli-run.ts';
import { connectShim, textOf } from '../../helpers/shim/shim-client.ts';
import { praxisNodeArgs } from '../../helpers/shim/stripped-sources.ts';

const BROWSER_SCRIPT = resolve(import.meta.dirname, '../../helpers/shim/scripted-browser.ts');
const RENEWING_CLIENT = resolve(import.meta.dirname, '../../helpers/shim/renewing-client.ts');

/** Where a renewal holds its lock: a directory next to the sign-in file. */
const renewalLockPath = (signInPath: string): string => `${signInPath}.lock`;

interface Tokens {
  access_token: string;
  refresh_token: string;
}
interface Outcome {
  tokenRequests: number;
  tools?: string[];
  error?: string;
}

describe('shims sharing one sign-in file renew it one at a time', () => {
  let dev: SharedServer;
  let fx: Fixture;
  let root: string;
  let alice: Record<string, string>;
  let runs = 0;

  beforeAll(async () => {
    fx = createFixture();
    root = await mkdtemp(join(tmpdir(), 'praxis-shared-renewal-'));
    const browser = join(root, 'browser');
    const args = praxisNodeArgs()
      .map((arg) => `'${arg}'`)
      .join(' ');
    const script = `#!/bin/sh\nexec '${process.execPath}' ${args} '${BROWSER_SCRIPT}' "$@"\n`;
    await writeFile(browser, script, { mode: 0o755 });
    dev = await sharedDevServer('sign-in');
    alice = {
      XDG_CONFIG_HOME: join(root, 'config'),
      PRAXIS_BROWSER: browser,
      PRAXIS_TEST_BROWSER_USER: 'alice',
      PRAXIS_TEST_BROWSER_LOG: join(root, 'browser.log'),
    };
    const login = await praxisWithEnv(alice, 'login', dev.url);
    if (login.code !== 0) throw new Error(`praxis login failed: ${login.stderr}`);
  }, 180_000);
  afterAll(async () => {
    fx?.cleanup();
    if (root) await rm(root, { recursive: true, force: true });
  });

  const file = () => signInFile(new URL(dev.url), alice);
  const storedTokens = async (): Promise<Tokens> => {
    return (JSON.parse(await readFile(file(), 'utf8')) as { tokens: Tokens }).tokens;
  };

  /** Replaces the stored access token with one the endpoint refuses; the refresh token stays. */
  async function refuseStoredAccessToken(): Promise<Tokens> {
    const record = JSON.parse(await readFile(file(), 'utf8')) as { tokens: Tokens };
    const [user, grant] = record.tokens.access_token.split(':');
    record.tokens.access_token = `${user}:${grant}:no-longer-valid-access-token`;
    await writeFile(file(), JSON.stringify(record), { mode: 0o600 });
    return record.tokens;
  }

  /** `count` renewing-client processes started together, meeting at one barrier before they renew. */
  async function renewTogether(count: number): Promise<Outcome[]> {
    const barrier = join(root, `barrier-${runs++}`);
    await mkdir(barrier);
    const one = (name: string) =>
      new Promise<Outcome>((done, fail) => {
        execFile(
          process.execPath,
          [...praxisNodeArgs(), RENEWING_CLIENT, dev.url, barrier, name, String(count)],
          { encoding: 'utf8', env: { ...process.env, ...alice }, timeout: 90_000 },
          (error, stdout, stderr) => {
            const line = stdout.trim().split('\n').at(-1);
            if (error || !line)
              fail(new Error(`renewing client ${name} failed: ${error?.message}\n${stderr}`));
            else done(JSON.parse(line) as Outcome);
          },
        );
      });
    return Promise.all(Array.from({ length: count }, (_, index) => one(`process-${index}`)));
  }

  it('two processes refused at once: one token request between them, both work, the grant survives', async () => {
    const refused = await refuseStoredAccessToken();
    const outcomes = await renewTogether(2);
    for (const outcome of outcomes) {
      expect(outcome.error).toBeUndefined();
      expect(outcome.tools).toEqual(expect.arrayContaining(['get_checklist', 'search_processes']));
    }
    expect(outcomes.map((outcome) => outcome.tokenRequests).sort()).toEqual([0, 1]);

    const renewed = await storedTokens();
    expect(renewed.refresh_token).not.toBe(refused.refresh_token);
    expect((await stat(file())).mode & 0o777).toBe(0o600);
    await expect(stat(renewalLockPath(file()))).rejects.toMatchObject({ code: 'ENOENT' });

    // The stored refresh token is the grant's current one: it renews again.
    await refuseStoredAccessToken();
    const [again] = await renewTogether(1);
    expect(again!.error).toBeUndefined();
    expect(again!.tokenRequests).toBe(1);
    expect((await storedTokens()).refresh_token).not.toBe(renewed.refresh_token);
  });

  it('four processes at once: still one renewal, all keep working', async () => {
    await refuseStoredAccessToken();
    const outcomes = await renewTogether(4);
    expect(outcomes.map((outcome) => outcome.error)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.tokenRequests, 0)).toBe(1);
  });

  it('takes over a lock left behind by a process that died mid-renewal', async () => {
    await refuseStoredAccessToken();
    const lock = renewalLockPath(file());
    await mkdir(lock);
    const longAgo = new Date(Date.now() - 60_000);
    await utimes(lock, longAgo, longAgo);
    const [outcome] = await renewTogether(1);
    expect(outcome!.error).toBeUndefined();
    expect(outcome!.tokenRequests).toBe(1);
    await expect(stat(lock)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('two real shims started together with a refused token both answer bridged calls; the grant survives', async () => {
    await refuseStoredAccessToken();
    const start = () =>
      connectShim(['--repo', fx.repo, '--remote', dev.url], { ...alice, PRAXIS_BROWSER: 'none' });
    const shims = await Promise.all([start(), start()]);
    try {
      const call = { name: 'get_checklist', arguments: { name: 'production-access' } };
      const results = await Promise.all(shims.map((shim) => shim.client.callTool(call)));
      for (const result of results) expect(result.isError, textOf(result)).toBeFalsy();
    } finally {
      await Promise.all(shims.map((shim) => shim.close()));
    }
    await refuseStoredAccessToken();
    const [again] = await renewTogether(1);
    expect(again!.error).toBeUndefined();
    expect(again!.tokenRequests).toBe(1);
  });
});
