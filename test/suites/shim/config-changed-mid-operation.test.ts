// The shim lists a repository's configured keys once per operation and reuses that listing for
// the operation's later git calls. Config that appears between two git calls of one operation —
// in the repository's config, in a file it includes that did not exist yet, in the user's global
// config — must still be overridden: a program it names never runs. A `git` first on PATH plants
// the config the moment the operation reaches `ls-files` — the first git call on the session,
// after both repositories' keys were listed and before `git add` snapshots the session's files
// (which runs a clean filter left armed) and, for a get, `git merge` writes the active tree —
// then hands over to the real git.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { getSession } from '../../../src/shim/operations/get.ts';
import { listSessions } from '../../../src/shim/operations/list.ts';
import { readSession } from '../../../src/shim/operations/read.ts';
import { fingerprint, write } from '../../helpers/shim/git-fixture.ts';
import {
  hostileFixture,
  SESSION,
  touch,
  type HostileFixture,
} from '../../helpers/shim/hostile-session.ts';
import { praxisWithEnv } from '../../helpers/cli-run.ts';

const REAL_GIT = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();

let fx: HostileFixture | undefined;
const savedPath = process.env.PATH;
const savedGlobal = process.env.GIT_CONFIG_GLOBAL;
afterEach(() => {
  process.env.PATH = savedPath;
  if (savedGlobal === undefined) delete process.env.GIT_CONFIG_GLOBAL;
  else process.env.GIT_CONFIG_GLOBAL = savedGlobal;
  fx?.cleanup();
});

interface Planting {
  name: string;
  /** Prepares the fixture before the operation; returns the file the late config is appended to. */
  prepare(fx: HostileFixture): string;
}

const PLANTINGS: Planting[] = [
  {
    name: 'the repository config gains a filter driver',
    prepare: (f) => join(f.repo, '.git/config'),
  },
  {
    name: 'a file the repository config includes, absent when the operation starts, appears',
    prepare: (f) => {
      writeFileSync(
        join(f.repo, '.git/config'),
        `${readFileSync(join(f.repo, '.git/config'), 'utf8')}[include]\n\tpath = late.cfg\n`,
      );
      return join(f.repo, '.git/late.cfg');
    },
  },
  {
    name: "the user's global config, absent when the operation starts, appears",
    prepare: (f) => {
      const global = join(f.root, 'global.gitconfig');
      process.env.GIT_CONFIG_GLOBAL = global;
      return global;
    },
  },
];

/** A session whose text files select driver `late`, and a `git` that defines it mid-operation. */
function armed(planting: Planting): { env: Record<string, string>; calls(): string[] } {
  const f = (fx = hostileFixture());
  write(f.session, '.gitattributes', '*.txt filter=late diff=late merge=late\n');
  const destination = planting.prepare(f);
  const late = join(f.root, 'late.cfg');
  writeFileSync(
    late,
    `[filter "late"]\n\tclean = ${touch(f, 'late-clean')}; cat\n\trequired = true\n[diff "late"]\n\ttextconv = ${touch(f, 'late-textconv')}; cat\n[merge "late"]\n\tdriver = ${touch(f, 'late-merge')}\n`,
  );
  const bin = join(f.root, 'bin');
  mkdirSync(bin);
  const log = join(f.root, 'git-calls.log');
  writeFileSync(
    join(bin, 'git'),
    [
      '#!/bin/sh',
      `printf '%s\\n' "$*" >> '${log}'`,
      `case " $* " in *" ls-files "*) if mkdir '${join(f.root, 'planted')}' 2>/dev/null; then cat '${late}' >> '${destination}'; fi ;; esac`,
      `exec '${REAL_GIT}' "$@"`,
      '',
    ].join('\n'),
  );
  chmodSync(join(bin, 'git'), 0o755);
  const env = {
    PATH: `${bin}:${savedPath}`,
    ...(process.env.GIT_CONFIG_GLOBAL ? { GIT_CONFIG_GLOBAL: process.env.GIT_CONFIG_GLOBAL } : {}),
  };
  return { env, calls: () => readFileSync(log, 'utf8').trim().split('\n') };
}

/** Nothing ran, and the planted driver is live: plain git in the session runs its clean filter. */
function expectNothingRanThoughTheDriverIsLive(f: HostileFixture): void {
  expect(f.ran()).toEqual([]);
  expect(existsSync(join(f.root, 'planted')), 'the config was planted mid-operation').toBe(true);
  execFileSync(REAL_GIT, ['add', 'notes.txt'], {
    cwd: f.session,
    env: process.env,
    stdio: 'ignore',
  });
  expect(f.ran()).toContain('late-clean');
}

// Each case starts a dozen git processes (and one `praxis`); on a loaded 2-core machine that can take minutes.
describe.each(PLANTINGS)(
  'config that appears between two git calls of one operation: $name',
  { timeout: 240_000 },
  (planting) => {
    it('runs nothing when reading the session in process', async () => {
      const { env } = armed(planting);
      process.env.PATH = env.PATH;
      await readSession(fx!.repo, SESSION);
      process.env.PATH = savedPath;
      expectNothingRanThoughTheDriverIsLive(fx!);
    });

    it("runs nothing when getting the session in process, and the active tree takes the session's bytes", async () => {
      const { env } = armed(planting);
      process.env.PATH = env.PATH;
      await getSession(fx!.repo, SESSION, { noCommit: true });
      process.env.PATH = savedPath;
      expect(readFileSync(join(fx!.repo, 'notes.txt'), 'utf8')).toBe('uncommitted notes\n');
      expectNothingRanThoughTheDriverIsLive(fx!);
    });

    it('runs nothing through `praxis worktree read`', async () => {
      const { env } = armed(planting);
      const run = await praxisWithEnv(env, 'worktree', 'read', SESSION, '--repo', fx!.repo);
      expect(run.code, run.stderr).toBe(0);
      expectNothingRanThoughTheDriverIsLive(fx!);
    });
  },
);

describe(
  'one listing of the configured keys per repository and operation',
  { timeout: 240_000 },
  () => {
    it("lists each repository's config once when it does not change, and again after it changed", async () => {
      const { env, calls } = armed(PLANTINGS[0]!);
      process.env.PATH = env.PATH;
      const before = fingerprint(fx!.repo);
      await listSessions(fx!.repo);
      const listed = calls();
      // The active repository and the one session: one listing each, whatever the number of git calls
      // (opening the repository, the worktree list and the distance on the active one; the session's status).
      expect(listed.filter((call) => call.includes('config --list')).length).toBe(2);
      expect(
        listed.filter((call) => !call.includes('config --list')).length,
      ).toBeGreaterThanOrEqual(4);
      writeFileSync(join(fx!.root, 'git-calls.log'), '');
      await readSession(fx!.repo, SESSION);
      process.env.PATH = savedPath;
      const configLists = calls().filter((call) => call.includes('config --list')).length;
      // Two at the start of the read, and at least one more after `ls-files` changed the config.
      expect(configLists).toBeGreaterThanOrEqual(3);
      expect(configLists).toBeLessThan(calls().length / 2);
      expect(fingerprint(fx!.repo)).toBe(before);
    });
  },
);
