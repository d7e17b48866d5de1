// The real sign-in (`praxis login`'s signIn and the shim's self-started shimSignIn, with the MCP
// SDK's discovery and registration) against a real local HTTP server playing a hostile endpoint:
// its protected-resource metadata names itself as the authorization server, whose metadata names
// an authorization endpoint of ms-msdt:, file:, smb:, plain http: elsewhere, or https: on another
// origin. Each platform's opener (xdg-open, open, rundll32) is a fake script first on PATH (and
// under %SystemRoot% for rundll32) that records how it was run; the platform is forced per
// opener. A hostile address never reaches the opener and the error names its origin; a loopback
// address of the named server is opened, as one argument, and the sign-in completes.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFile } from '../../../src/shim/sign-in/sign-in-file.ts';
import { RefusedSignInAddress, signIn } from '../../../src/shim/sign-in/sign-in.ts';
import { shimSignIn } from '../../../src/shim/sign-in/shim-sign-in.ts';
import { hostileEndpoint } from '../../helpers/shim/sign-in-endpoint.ts';

/** Every opener records here: which program ran, with how many arguments, and each one. */
const OPENER = `#!/bin/sh
{ printf 'program=%s\\n' "$0"; printf 'argc=%s\\n' "$#"; for a in "$@"; do printf 'arg=%s\\n' "$a"; done; } \\
  > "$PRAXIS_TEST_OPENER_RECORD.$$" && mv "$PRAXIS_TEST_OPENER_RECORD.$$" "$PRAXIS_TEST_OPENER_RECORD"
`;

const PLATFORMS = [
  { platform: 'linux', opener: 'xdg-open' },
  { platform: 'darwin', opener: 'open' },
  { platform: 'win32', opener: 'rundll32' },
] as const;

const HOSTILE: Array<[string, (origin: string) => string, string]> = [
  [
    'ms-msdt:',
    () => 'ms-msdt:/id PCWDiagnostic /skip force /param "IT_BrowseForFile=/../../payload"',
    'ms-msdt:',
  ],
  ['file:', () => 'file:///etc/passwd', 'file:'],
  ['smb:', () => 'smb://attacker.example/share/payload.exe', 'smb://attacker.example'],
  ['plain http: off loopback', () => 'http://evil.example/authorize', 'http://evil.example'],
  [
    'https: of another origin',
    () => 'https://login.other.example/authorize',
    'https://login.other.example',
  ],
  ['http: on loopback, another port', () => 'http://127.0.0.1:9/authorize', 'http://127.0.0.1:9'],
  ['credentials', (origin) => origin.replace('http://', 'http://user:password@'), ''],
];

describe('the sign-in opens only web pages of the authorization server the endpoint names', () => {
  let root: string;
  let bin: string;
  let systemRoot: string;
  let cases = 0;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'praxis-opener-'));
    bin = join(root, 'bin');
    systemRoot = join(root, 'Windows');
    await mkdir(bin);
    await mkdir(join(systemRoot, 'System32'), { recursive: true });
    for (const name of ['xdg-open', 'open', 'rundll32'])
      await writeFile(join(bin, name), OPENER, { mode: 0o755 });
    await writeFile(join(systemRoot, 'System32', 'rundll32.exe'), OPENER, { mode: 0o755 });
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  /** A person's environment: their own config folder, the fake openers, and where they record. */
  async function person(): Promise<{ env: NodeJS.ProcessEnv; record: string }> {
    const home = join(root, `person-${cases++}`);
    await mkdir(home);
    const record = join(home, 'opener.record');
    const env = {
      PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`,
      XDG_CONFIG_HOME: join(home, 'config'),
      SystemRoot: systemRoot,
      PRAXIS_TEST_OPENER_RECORD: record,
    };
    return { env, record };
  }

  /** What the opener recorded, once it has run (the opener is started in the background). */
  async function opened(record: string): Promise<{ program: string; args: string[] }> {
    while (!existsSync(record)) await new Promise((resolve) => setTimeout(resolve, 20));
    const lines = (await readFile(record, 'utf8')).trimEnd().split('\n');
    const args = lines.filter((line) => line.startsWith('arg=')).map((line) => line.slice(4));
    expect(lines[1]).toBe(`argc=${args.length}`);
    return { program: lines[0]!.slice('program='.length), args };
  }

  /** Fails with what the opener got, should it run before `outcome` settles. */
  async function withoutOpener<T>(outcome: Promise<T>, record: string): Promise<T> {
    const openerRan = opened(record).then((run) => {
      throw new Error(`the opener ran: ${JSON.stringify(run)}`);
    });
    return Promise.race([outcome, openerRan]);
  }

  for (const { platform, opener } of PLATFORMS) {
    describe(`with ${opener} (${platform})`, () => {
      it.each(HOSTILE)(
        'praxis login refuses an authorization endpoint of %s, naming it',
        async (...hostile) => {
          const [, endpoint, named] = hostile;
          const remote = await hostileEndpoint(endpoint);
          const { env, record } = await person();
          const lines: string[] = [];
          try {
            const log = (line: string) => void lines.push(line);
            const signingIn = signIn({ url: remote.url, env, log, timeoutMs: 60_000, platform });
            const error = await withoutOpener(
              signingIn.then(
                () => undefined,
                (failure: unknown) => failure,
              ),
              record,
            );
            expect(error).toBeInstanceOf(RefusedSignInAddress);
            expect((error as Error).message).toContain(`(${named || remote.origin})`);
            expect((error as Error).message).toContain('was not opened');
            expect(existsSync(record)).toBe(false);
            expect(lines.join('\n')).not.toContain('visit:');
            // The refused discovery is not kept: the next sign-in asks the endpoint afresh.
            expect(
              JSON.parse(await readFile(signInFile(remote.url, env), 'utf8')),
            ).not.toHaveProperty('discoveryState');
          } finally {
            await remote.close();
          }
        },
      );

      it('opens a loopback page of the named server, as one argument, and completes the sign-in', async () => {
        const remote = await hostileEndpoint((origin) => `${origin}/authorize`);
        const { env, record } = await person();
        try {
          const signingIn = signIn({
            url: remote.url,
            env,
            log: () => undefined,
            timeoutMs: 60_000,
            platform,
          });
          const run = await opened(record);
          const expected =
            platform === 'win32'
              ? {
                  program: join(systemRoot, 'System32', 'rundll32.exe'),
                  first: ['url.dll,FileProtocolHandler'],
                }
              : { program: join(bin, opener), first: [] };
          expect(run.program).toBe(expected.program);
          expect(run.args.slice(0, -1)).toEqual(expected.first);
          const authorizationUrl = new URL(run.args.at(-1)!);
          expect(authorizationUrl.origin).toBe(remote.origin);
          expect(authorizationUrl.pathname).toBe('/authorize');
          const redirect = authorizationUrl.searchParams.get('redirect_uri')!;
          const state = authorizationUrl.searchParams.get('state')!;
          const back = await fetch(`${redirect}?code=code-1&state=${encodeURIComponent(state)}`);
          expect(back.status).toBe(200);
          const signInFolder = join(env.XDG_CONFIG_HOME!, 'praxis', 'sign-in');
          await expect(signingIn).resolves.toEqual(expect.stringContaining(signInFolder));
        } finally {
          await remote.close();
        }
      });
    });
  }

  describe('the sign-in the shim starts by itself', () => {
    it.each(HOSTILE)(
      'refuses an authorization endpoint of %s, and starts no other by itself',
      async (...hostile) => {
        const [, endpoint, named] = hostile;
        const remote = await hostileEndpoint(endpoint);
        const { env, record } = await person();
        const lines: string[] = [];
        let wasStopped!: () => void;
        const stopped = new Promise<void>((resolve) => (wasStopped = resolve));
        const shim = shimSignIn({
          url: remote.url,
          env,
          timeoutMs: 60_000,
          platform: 'linux',
          onSignedIn: () => undefined,
          log: (line) => {
            lines.push(line);
            if (line.includes('was stopped')) wasStopped();
          },
        });
        try {
          expect(shim.start()).toBe(true);
          await withoutOpener(stopped, record);
          expect(shim.start()).toBe(false);
          expect(lines.join('\n')).toContain(`(${named || remote.origin}) was not opened`);
          expect(lines.join('\n')).toContain('the shim starts no other sign-in by itself');
          expect(lines.join('\n')).not.toContain('visit:');
          expect(existsSync(record)).toBe(false);
        } finally {
          shim.close();
          await remote.close();
        }
      },
    );

    it('opens a loopback page of the named server and signs in', async () => {
      const remote = await hostileEndpoint((origin) => `${origin}/authorize`);
      const { env, record } = await person();
      let signedIn!: () => void;
      const done = new Promise<void>((resolve) => (signedIn = resolve));
      const shim = shimSignIn({
        url: remote.url,
        env,
        timeoutMs: 60_000,
        platform: 'darwin',
        log: () => undefined,
        onSignedIn: () => signedIn(),
      });
      try {
        expect(shim.start()).toBe(true);
        const run = await opened(record);
        expect(run.program).toBe(join(bin, 'open'));
        const authorizationUrl = new URL(run.args[0]!);
        const state = authorizationUrl.searchParams.get('state')!;
        const redirect = authorizationUrl.searchParams.get('redirect_uri')!;
        await fetch(`${redirect}?code=code-1&state=${encodeURIComponent(state)}`);
        await done;
      } finally {
        shim.close();
        await remote.close();
      }
    });
  });
});
