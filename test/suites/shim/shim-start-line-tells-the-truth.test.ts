// The first thing `praxis shim --remote URL` says about signing in is true of this machine: it names a
// stored sign-in only when the file exists; otherwise it says none is stored yet and what will happen
// when the endpoint asks for one (the browser opens, or, with PRAXIS_BROWSER=none, run `praxis login`).
// The real CLI as a process, its stdin closed at once so that it stops after its start-up lines.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFile } from '../../../src/shim/sign-in/sign-in-file.ts';
import { createFixture, type Fixture } from '../../helpers/shim/git-fixture.ts';
import { BIN, praxisNodeArgs } from '../../helpers/shim/stripped-sources.ts';

// Nothing listens there: the shim's early connection fails, which changes none of its start-up lines.
const REMOTE = 'http://127.0.0.1:9/mcp';

function shimStartLines(env: Record<string, string>): Promise<string[]> {
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      [...praxisNodeArgs(), BIN, 'shim', '--repo', fx.repo, '--remote', REMOTE],
      { encoding: 'utf8', env: { ...process.env, ...env } },
      (_error, _stdout, stderr) => done(stderr.split('\n')),
    );
    child.stdin!.end();
  });
}

let fx: Fixture;
let root: string;
beforeAll(async () => {
  fx = createFixture();
  root = await mkdtemp(join(tmpdir(), 'praxis-shim-start-'));
});
afterAll(async () => {
  fx?.cleanup();
  if (root) await rm(root, { recursive: true, force: true });
});

describe("the shim's start-up line about signing in", () => {
  it('says no sign-in is stored yet, and that the browser will open, when there is no sign-in file', async () => {
    const env = { XDG_CONFIG_HOME: join(root, 'nobody'), PRAXIS_BROWSER: '/usr/bin/true' };
    const [first] = await shimStartLines(env);
    expect(first).toBe(
      `praxis shim: no sign-in is stored for ${REMOTE} yet; when it asks for one, the shim opens your ` +
        `browser to sign in and keeps the sign-in in ${signInFile(new URL(REMOTE), env)}.`,
    );
  });

  it('says to run `praxis login` when no browser may be opened', async () => {
    const [first] = await shimStartLines({
      XDG_CONFIG_HOME: join(root, 'headless'),
      PRAXIS_BROWSER: 'none',
    });
    expect(first).toContain(
      `no sign-in is stored for ${REMOTE} yet; when it asks for one, run \`praxis login ${REMOTE}\``,
    );
    expect(first).not.toContain('stored by');
  });

  it('names the stored sign-in only when its file exists', async () => {
    const env = { XDG_CONFIG_HOME: join(root, 'signed-in'), PRAXIS_BROWSER: 'none' };
    const path = signInFile(new URL(REMOTE), env);
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    await writeFile(path, JSON.stringify({ endpoint: REMOTE }), { mode: 0o600 });
    const [first] = await shimStartLines(env);
    expect(first).toBe(`praxis shim: ${REMOTE} is reached with the sign-in stored in ${path}.`);
  });
});
