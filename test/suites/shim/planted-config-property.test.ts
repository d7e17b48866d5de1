// The whole class at once: fast-check plants random combinations of config keys that name
// programs (under random driver names), in random places — a redirected or replaced session
// `.git`, a nested repository at some depth, the user's repository config, the user's global
// config — with random `.gitattributes` selecting those drivers at random depths. Whatever the
// combination, listing, reading and getting the session run no program, and nothing but a
// successful get changes the active tree. FUZZ_RUNS=<n> raises the number of runs.
import { appendFileSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getSession } from '../../../src/shim/operations/get.ts';
import { listSessions } from '../../../src/shim/operations/list.ts';
import { readSession } from '../../../src/shim/operations/read.ts';
import { fingerprint, write } from '../../helpers/shim/git-fixture.ts';
import {
  evilGitDir,
  hostileFixture,
  SESSION,
  touch,
  type HostileFixture,
} from '../../helpers/shim/hostile-session.ts';
import { fuzzRuns } from '../../helpers/fuzz-runs.ts';

type Place =
  | 'session-git-file'
  | 'session-git-dir'
  | 'nested-file'
  | 'nested-dir'
  | 'user-repo-config'
  | 'user-global-config';
type Kind =
  | 'clean'
  | 'smudge'
  | 'process'
  | 'textconv'
  | 'diff-command'
  | 'diff-external'
  | 'merge-driver'
  | 'fsmonitor'
  | 'hooks-path'
  | 'ssh-command'
  | 'ask-pass'
  | 'credential-helper'
  | 'pager'
  | 'gpg'
  | 'include';

const driverName = fc.stringMatching(/^[a-z][a-z0-9._=-]{0,8}$/);
const kinds = fc.uniqueArray(
  fc.constantFrom<Kind>(
    'clean',
    'smudge',
    'process',
    'textconv',
    'diff-command',
    'diff-external',
    'merge-driver',
    'fsmonitor',
    'hooks-path',
    'ssh-command',
    'ask-pass',
    'credential-helper',
    'pager',
    'gpg',
    'include',
  ),
  { minLength: 1 },
);
const level = fc.constantFrom('', 'a/', 'a/b/');
const attributeLine = fc.tuple(
  fc.constantFrom('*', '*.txt', '*.md', 'notes.txt', '**/*'),
  fc.subarray(['filter', 'diff', 'merge'], { minLength: 1 }),
);
const plan = fc.record({
  place: fc.constantFrom<Place>(
    'session-git-file',
    'session-git-dir',
    'nested-file',
    'nested-dir',
    'user-repo-config',
    'user-global-config',
  ),
  nestedAt: fc.constantFrom('a', 'a/b'),
  driver: driverName,
  kinds,
  attributes: fc.array(fc.tuple(level, attributeLine), { minLength: 1, maxLength: 4 }),
});
type Plan = typeof plan extends fc.Arbitrary<infer T> ? T : never;

function quoted(name: string): string {
  return `"${name}"`;
}

/** Config text defining what `kinds` asks for under driver `driver`, each payload its own marker. */
function configFor(fx: HostileFixture, p: Plan, hooksDir: string, includeFile: string): string {
  const d = quoted(p.driver);
  const lines: string[] = [];
  for (const kind of p.kinds) {
    const run = touch(fx, `prop-${kind}`);
    if (kind === 'clean') lines.push(`[filter ${d}]`, `\tclean = ${run}; cat`, '\trequired = true');
    if (kind === 'smudge') lines.push(`[filter ${d}]`, `\tsmudge = ${run}; cat`);
    if (kind === 'process') lines.push(`[filter ${d}]`, `\tprocess = ${run}`);
    if (kind === 'textconv') lines.push(`[diff ${d}]`, `\ttextconv = ${run}; cat`);
    if (kind === 'diff-command') lines.push(`[diff ${d}]`, `\tcommand = ${run}`);
    if (kind === 'diff-external') lines.push('[diff]', `\texternal = ${run}`);
    if (kind === 'merge-driver') lines.push(`[merge ${d}]`, `\tdriver = ${run}`);
    if (kind === 'fsmonitor') lines.push('[core]', `\tfsmonitor = ${run}`);
    if (kind === 'hooks-path') lines.push('[core]', `\thooksPath = ${hooksDir}`);
    if (kind === 'ssh-command') lines.push('[core]', `\tsshCommand = ${run}; false`);
    if (kind === 'ask-pass') lines.push('[core]', `\taskPass = ${run}`);
    if (kind === 'credential-helper') lines.push('[credential]', `\thelper = !${run}`);
    if (kind === 'pager') lines.push('[core]', `\tpager = ${run}`, '[pager]', `\tstatus = ${run}`);
    if (kind === 'gpg') lines.push('[gpg]', `\tprogram = ${run}`, '[commit]', '\tgpgSign = true');
    if (kind === 'include') {
      writeFileSync(
        includeFile,
        `[filter ${d}]\n\tclean = ${touch(fx, 'prop-included-clean')}; cat\n`,
      );
      lines.push('[include]', `\tpath = ${includeFile}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function hooksAt(fx: HostileFixture, dir: string): string {
  mkdirSync(dir, { recursive: true });
  for (const hook of [
    'post-index-change',
    'pre-commit',
    'post-merge',
    'post-checkout',
    'reference-transaction',
  ]) {
    writeFileSync(join(dir, hook), `#!/bin/sh\n${touch(fx, `prop-hook-${hook}`)}\n`, {
      mode: 0o755,
    });
  }
  return dir;
}

/** Plants `p` into a fresh fixture; returns the environment the operations run with. */
function plant(fx: HostileFixture, p: Plan): Record<string, string> {
  const attributes = new Map<string, string>();
  for (const [at, [pattern, drivers]] of p.attributes) {
    attributes.set(
      at,
      `${attributes.get(at) ?? ''}${pattern} ${drivers.map((k) => `${k}=${p.driver}`).join(' ')}\n`,
    );
  }
  for (const [at, text] of attributes) write(fx.session, `${at}.gitattributes`, text);
  write(fx.session, 'a/b/deep.txt', 'deep\n');
  const config = configFor(
    fx,
    p,
    hooksAt(fx, join(fx.session, 'planted-hooks')),
    join(fx.session, 'planted-include.cfg'),
  );
  const env: Record<string, string> = {};
  if (p.place === 'session-git-file' || p.place === 'session-git-dir') {
    evilGitDir(fx, join(fx.session, '.evil'), 'alternates', config);
    if (p.place === 'session-git-file') writeFileSync(join(fx.session, '.git'), 'gitdir: .evil\n');
    else {
      rmSync(join(fx.session, '.git'));
      renameSync(join(fx.session, '.evil'), join(fx.session, '.git'));
    }
  } else if (p.place === 'nested-file' || p.place === 'nested-dir') {
    const dir = join(fx.session, p.nestedAt);
    write(dir, 'inner.txt', 'nested\n');
    evilGitDir(fx, join(dir, p.place === 'nested-dir' ? '.git' : '.nested'), 'alternates', config);
    if (p.place === 'nested-file') writeFileSync(join(dir, '.git'), 'gitdir: .nested\n');
  } else if (p.place === 'user-repo-config') {
    appendFileSync(join(fx.repo, '.git/config'), config);
  } else {
    const global = join(fx.root, 'global.gitconfig');
    writeFileSync(global, config);
    env.GIT_CONFIG_GLOBAL = global;
  }
  return env;
}

async function settle(work: Promise<unknown>): Promise<'ok' | 'refused'> {
  return work.then(
    () => 'ok' as const,
    () => 'refused' as const,
  );
}

describe('planted config and attributes, in any combination', () => {
  it(
    'never make list, read or get run a program, and only a get that succeeds changes the active tree',
    { timeout: 600_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(plan, async (p) => {
          const fx = hostileFixture();
          const saved = { ...process.env };
          try {
            const env = plant(fx, p);
            const before = fingerprint(fx.repo);
            Object.assign(process.env, env);
            await settle(listSessions(fx.repo));
            await settle(readSession(fx.repo, SESSION));
            await settle(readSession(fx.repo, SESSION, { statOnly: true }));
            process.env = { ...saved };
            expect(fx.ran(), JSON.stringify(p)).toEqual([]);
            expect(fingerprint(fx.repo), JSON.stringify(p)).toBe(before);
            Object.assign(process.env, env);
            const got = await settle(getSession(fx.repo, SESSION, { noCommit: true }));
            process.env = { ...saved };
            expect(fx.ran(), JSON.stringify(p)).toEqual([]);
            if (got === 'refused') expect(fingerprint(fx.repo), JSON.stringify(p)).toBe(before);
          } finally {
            process.env = saved;
            fx.cleanup();
          }
        }),
        { numRuns: fuzzRuns(15) },
      );
    },
  );
});
