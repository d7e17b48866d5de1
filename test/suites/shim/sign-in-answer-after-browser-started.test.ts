// What the shim answers while it signs a person in by itself: "The shim has opened your browser"
// only once the browser's program has actually been started — never before the sign-in reached the
// browser, never when the program could not be started, never when the sign-in was stopped before
// it. The real bridge answer (storedSignInAuth) and shimSignIn with the MCP SDK's discovery and
// registration, against a local endpoint; the browser is a real process (a script that records its
// start), or a program that does not exist.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedSignInAuth } from '../../../src/shim/bridge/remote-auth.ts';
import { endpointKey, signInFile } from '../../../src/shim/sign-in/sign-in-file.ts';
import { signInStore } from '../../../src/shim/sign-in/sign-in-store.ts';
import { shimSignIn } from '../../../src/shim/sign-in/shim-sign-in.ts';
import { hostileEndpoint, type HostileEndpoint } from '../../helpers/shim/sign-in-endpoint.ts';

const OPENED = 'The shim has opened your browser';

describe('the shim says it opened the browser only after it did', () => {
  let root: string;
  let people = 0;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'praxis-browser-answer-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  /** The bridge's answer to "no sign-in is stored", with everything the sign-in logged up to that moment. */
  async function answerWith(browser: string, endpoint: HostileEndpoint) {
    const env = {
      ...process.env,
      XDG_CONFIG_HOME: join(root, `person-${people++}`),
      PRAXIS_BROWSER: browser,
    };
    const lines: string[] = [];
    const signIn = shimSignIn({
      url: endpoint.url,
      env,
      timeoutMs: 60_000,
      platform: 'linux',
      onSignedIn: () => undefined,
      log: (line) => void lines.push(line),
    });
    const auth = storedSignInAuth(
      endpoint.url,
      signInStore(signInFile(endpoint.url, env), endpointKey(endpoint.url)),
      signIn,
    );
    try {
      const answer = await auth.signInNeeded('you are not signed in');
      return {
        answer,
        logged: lines.join('\n'),
        again: await auth.signInNeeded('you are not signed in'),
      };
    } finally {
      signIn.close();
    }
  }

  it('answers "opened" once the browser program has started, and the program did start', async () => {
    const endpoint = await hostileEndpoint((origin) => `${origin}/authorize`);
    const record = join(root, 'opened.record');
    const browser = join(root, 'browser');
    await writeFile(
      browser,
      `#!/bin/sh\necho "$1" > '${record}.tmp' && mv '${record}.tmp' '${record}'\n`,
      { mode: 0o755 },
    );
    try {
      const { answer, logged, again } = await answerWith(browser, endpoint);
      expect(answer.code).toBe('REMOTE_SIGN_IN_REQUIRED');
      expect(answer.message).toContain(OPENED);
      // Logged just before the program is started: the answer waited for that.
      expect(logged).toContain('praxis shim: opening your browser to sign in');
      expect(again.message).toContain(OPENED);
      let opened = '';
      while (!opened) {
        opened = await readFile(record, 'utf8').catch(() => '');
        if (!opened) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(opened).toContain(`${endpoint.origin}/authorize?`);
    } finally {
      await endpoint.close();
    }
  });

  it('says how to sign in instead when the browser program cannot be started', async () => {
    const endpoint = await hostileEndpoint((origin) => `${origin}/authorize`);
    try {
      const { answer, logged } = await answerWith(join(root, 'no-such-browser'), endpoint);
      expect(answer.message).not.toContain(OPENED);
      expect(answer.message).toContain(`praxis login ${endpoint.url.href}`);
      expect(logged).toMatch(/could not start \S*no-such-browser \(.*ENOENT/);
    } finally {
      await endpoint.close();
    }
  });

  it('says how to sign in instead when the sign-in stops before any browser (an address it may not open)', async () => {
    const endpoint = await hostileEndpoint(() => 'file:///etc/passwd');
    const browser = join(root, 'never-started');
    await writeFile(browser, `#!/bin/sh\ntouch '${root}/never-started.ran'\n`, { mode: 0o755 });
    try {
      const { answer, again } = await answerWith(browser, endpoint);
      expect(answer.message).not.toContain(OPENED);
      expect(answer.message).toContain(`praxis login ${endpoint.url.href}`);
      expect(again.message).not.toContain(OPENED);
      await expect(readFile(join(root, 'never-started.ran'))).rejects.toMatchObject({
        code: 'ENOENT',
      });
    } finally {
      await endpoint.close();
    }
  });
});
