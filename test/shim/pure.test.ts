// The small pure functions every tool result and every git call is built from.
import { describe, expect, it } from 'vitest';
import { sessionIdProblem, branchLeaf } from '../../src/shim/sessions/session-id.ts';
import { parseWorktreeList } from '../../src/shim/sessions/worktree-list.ts';
import { findSession, namesOf } from '../../src/shim/sessions/resolve.ts';
import { parseLeftRightCount, parsePorcelainPaths } from '../../src/shim/sessions/status.ts';
import { parseNumstat, totalsOf } from '../../src/shim/git/diff.ts';
import { mergeArgs, parseMergeTree } from '../../src/shim/git/merge.ts';
import { operationFromMarkers, operationAdvice } from '../../src/shim/git/in-progress.ts';
import { gitArgv } from '../../src/shim/git/run.ts';
import { parseConfigListing } from '../../src/shim/git/config-reading.ts';
import { gitEnvironment } from '../../src/shim/git/environment.ts';
import { FIXED_OVERRIDES, neutralValueOf, overridesFor } from '../../src/shim/git/program-keys.ts';
import { parseGitFile } from '../../src/shim/sessions/verify.ts';
import { worktreePathOf } from '../../src/shim/sessions/admin-dirs.ts';
import { parseNameStatus } from '../../src/shim/git/ignored-in-the-way.ts';
import { parseGitlinks } from '../../src/shim/git/snapshot.ts';
import { mergeModeFor } from '../../src/shim/operations/get.ts';
import { allowAgentGetFrom, humanGetCommand, shellWord } from '../../src/shim/gate.ts';
import { limitDiff, formatTotals, formatFileStat } from '../../src/shim/format.ts';
import { lookupMessage } from '../../src/shim/sessions/lookup.ts';

describe('session ids', () => {
  it.each(['3f9a12c8', 'fix-login', 'a', 'v1.2_rc', 'A'.repeat(128)])('accepts %s', (id) => {
    expect(sessionIdProblem(id)).toBeUndefined();
  });
  it.each([
    ['', 'required'],
    ['-rf', 'start with "-"'],
    ['a/b', '"/"'],
    ['a\\b', '"/"'],
    ['..', '".."'],
    ['a..b', '".."'],
    ['.hidden', 'starting with a letter'],
    ['a b', 'letters, digits'],
    ['a;rm', 'letters, digits'],
    ['A'.repeat(129), '1-128'],
    ['é', 'letters'],
  ])('rejects %j', (id, reason) => {
    expect(sessionIdProblem(id)).toContain(reason);
  });
  it('rejects non-strings', () => {
    expect(sessionIdProblem(42)).toContain('required');
    expect(sessionIdProblem(undefined)).toContain('required');
  });
  it('takes the last branch segment', () => {
    expect(branchLeaf('refs/heads/praxis/3f9a12c8')).toBe('3f9a12c8');
    expect(branchLeaf('main')).toBe('main');
  });
});

const PORCELAIN = [
  'worktree /r',
  'HEAD aaa',
  'branch refs/heads/main',
  '',
  'worktree /s/one',
  'HEAD bbb',
  'branch refs/heads/praxis/3f9a12c8',
  'locked',
  '',
  'worktree /s/two',
  'HEAD ccc',
  'detached',
  '',
  'worktree /s/gone',
  'HEAD ddd',
  'branch refs/heads/praxis/gone',
  'prunable gitdir file points to non-existent location',
  '',
].join('\0');

describe('worktree list', () => {
  const worktrees = parseWorktreeList(PORCELAIN);
  it('parses records and attributes', () => {
    expect(worktrees).toHaveLength(4);
    expect(worktrees[1]).toEqual({
      path: '/s/one',
      head: 'bbb',
      branch: 'refs/heads/praxis/3f9a12c8',
      bare: false,
      detached: false,
      locked: true,
      prunable: false,
    });
    expect(worktrees[2]!.detached).toBe(true);
    expect(worktrees[3]!.prunable).toBe(true);
  });
  it('names a worktree by directory, then branch leaf', () => {
    expect(namesOf(worktrees[1]!)).toEqual(['one', '3f9a12c8']);
    expect(namesOf(worktrees[2]!)).toEqual(['two']);
  });
  it('finds sessions by either name, never the active tree or a pruned one', () => {
    expect(findSession(worktrees, '/r', 'one')).toMatchObject({
      found: true,
      session: { path: '/s/one', id: 'one' },
    });
    expect(findSession(worktrees, '/r', '3f9a12c8')).toMatchObject({
      found: true,
      session: { path: '/s/one' },
    });
    expect(findSession(worktrees, '/r', 'r')).toMatchObject({ found: false, reason: 'active' });
    expect(findSession(worktrees, '/r', 'main')).toMatchObject({ found: false, reason: 'active' });
    expect(findSession(worktrees, '/r', 'gone')).toMatchObject({
      found: false,
      reason: 'unknown',
      candidates: ['one', 'two'],
    });
  });
  it('refuses to guess between two worktrees with the same name', () => {
    const twins = parseWorktreeList(
      [
        'worktree /r',
        'HEAD a',
        '',
        'worktree /x/dup',
        'HEAD b',
        '',
        'worktree /y/other',
        'HEAD c',
        'branch refs/heads/p/dup',
        '',
      ].join('\0'),
    );
    expect(findSession(twins, '/r', 'dup')).toMatchObject({
      found: false,
      reason: 'ambiguous',
      candidates: ['/x/dup', '/y/other'],
    });
  });
  it('explains failed lookups', () => {
    expect(lookupMessage('x', 'unknown', ['a', 'b'])).toContain('Known sessions: a, b.');
    expect(lookupMessage('x', 'unknown', [])).toContain('no session worktrees');
    expect(lookupMessage('x', 'ambiguous', ['/p', '/q'])).toContain('/p, /q');
  });
});

describe('git output parsers', () => {
  it('parses numstat with renames and binaries', () => {
    const stats = parseNumstat(
      '3\t1\tsrc/a.ts\0-\t-\timg.png\x000\t0\t\0old name.txt\0new name.txt\0',
    );
    expect(stats).toEqual([
      { path: 'src/a.ts', added: 3, deleted: 1 },
      { path: 'img.png', added: null, deleted: null },
      { oldPath: 'old name.txt', path: 'new name.txt', added: 0, deleted: 0 },
    ]);
    expect(totalsOf(stats)).toEqual({ files: 3, insertions: 3, deletions: 1, binary: 1 });
  });
  it('parses merge-tree results', () => {
    expect(parseMergeTree('abc\0', 0)).toEqual({ tree: 'abc', conflicts: [], clean: true });
    expect(parseMergeTree('abc\0a.txt\0b.txt\0a.txt\0', 1)).toEqual({
      tree: 'abc',
      conflicts: ['a.txt', 'b.txt'],
      clean: false,
    });
  });
  it('parses status paths, skipping rename sources', () => {
    expect(parsePorcelainPaths(' M a.txt\0?? new.txt\0R  to.txt\0from.txt\0')).toEqual([
      'a.txt',
      'new.txt',
      'to.txt',
    ]);
    expect(parsePorcelainPaths('')).toEqual([]);
  });
  it('reads left-right counts as behind/ahead', () => {
    expect(parseLeftRightCount('2\t5\n')).toEqual({ behind: 2, ahead: 5 });
  });
});

describe('in-progress operations', () => {
  it('maps markers to operations', () => {
    expect(operationFromMarkers(new Set())).toBeUndefined();
    expect(operationFromMarkers(new Set(['MERGE_HEAD']))).toBe('merge');
    expect(operationFromMarkers(new Set(['rebase-merge']))).toBe('rebase');
    expect(operationFromMarkers(new Set(['CHERRY_PICK_HEAD']))).toBe('cherry-pick');
    expect(operationAdvice('cherry-pick')).toContain('git cherry-pick --abort');
    expect(operationAdvice('rebase or am')).toContain('git rebase --continue');
  });
});

describe('git invocation', () => {
  const target = { gitDir: '/r/.git/worktrees/s', workTree: '/w/s' };
  it("passes no pager and the caller's arguments, config only by environment", () => {
    expect(gitArgv(['status'])).toEqual(['--no-pager', 'status']);
  });
  it('names the repository, never prompts, and drops inherited variables that redirect git or name programs', () => {
    const env = gitEnvironment(
      {
        GIT_DIR: '/elsewhere',
        GIT_WORK_TREE: '/w',
        GIT_INDEX_FILE: '/i',
        GIT_EXTERNAL_DIFF: 'evil',
        GIT_SSH_COMMAND: 'evil',
        GIT_ASKPASS: 'evil',
        GIT_CONFIG_PARAMETERS: "'core.pager'='evil'",
        GIT_CONFIG_COUNT: '1',
        GIT_CONFIG_KEY_0: 'diff.external',
        GIT_CONFIG_VALUE_0: 'evil',
        SSH_ASKPASS: 'evil',
        PAGER: 'evil',
        PATH: '/bin',
        GIT_AUTHOR_NAME: 'Ada',
        GIT_CONFIG_GLOBAL: '/home/ada/.gitconfig',
      },
      target,
      [['filter.x.clean', '']],
      { GIT_INDEX_FILE: '/tmp/x' },
    );
    expect(env).toMatchObject({
      GIT_DIR: target.gitDir,
      GIT_WORK_TREE: target.workTree,
      GIT_CEILING_DIRECTORIES: '/w/s:/w',
      GIT_TERMINAL_PROMPT: '0',
      PATH: '/bin',
      GIT_AUTHOR_NAME: 'Ada',
      GIT_CONFIG_GLOBAL: '/home/ada/.gitconfig',
      GIT_INDEX_FILE: '/tmp/x',
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: 'filter.x.clean',
      GIT_CONFIG_VALUE_0: '',
    });
    for (const name of [
      'GIT_EXTERNAL_DIFF',
      'GIT_SSH_COMMAND',
      'GIT_ASKPASS',
      'GIT_CONFIG_PARAMETERS',
      'SSH_ASKPASS',
      'PAGER',
    ])
      expect(env[name]).toBeUndefined();
  });
  it('disarms every configured key that names a program, whatever the driver is called', () => {
    expect(neutralValueOf('filter.lfs.clean')).toBe('');
    expect(neutralValueOf('filter.a=b.c.process')).toBe('');
    expect(neutralValueOf('filter.x.required')).toBe('false');
    expect(neutralValueOf('diff.x.textconv')).toBe('');
    expect(neutralValueOf('diff.x.command')).toBe('');
    expect(neutralValueOf('merge.x.driver')).toBe('');
    expect(neutralValueOf('credential.https://example.com.helper')).toBe('');
    expect(neutralValueOf('gpg.ssh.program')).toBe('');
    expect(neutralValueOf('pager.log')).toBe('false');
    expect(neutralValueOf('user.name')).toBeUndefined();
    expect(neutralValueOf('diff.renames')).toBeUndefined();
    expect(neutralValueOf('core.autocrlf')).toBeUndefined();
    const overrides = overridesFor(['filter.x.clean', 'user.name', 'core.fsmonitor']);
    expect(overrides[0]).toEqual(['filter.x.clean', '']);
    expect(overrides.slice(1)).toEqual(FIXED_OVERRIDES);
    for (const key of [
      'core.hooksPath',
      'core.fsmonitor',
      'core.sshCommand',
      'core.askPass',
      'diff.external',
      'credential.helper',
      'gpg.program',
      'protocol.allow',
      'submodule.recurse',
    ]) {
      expect(FIXED_OVERRIDES.map(([k]) => k)).toContain(key);
    }
  });
  it('reads the gitdir line of a worktree .git file and the path a gitdir file records', () => {
    expect(parseGitFile('gitdir: /r/.git/worktrees/s\n')).toBe('/r/.git/worktrees/s');
    expect(parseGitFile('gitdir: .evil')).toBe('.evil');
    expect(parseGitFile('gitdir: a\ngitdir: b\n')).toBeUndefined();
    expect(parseGitFile('[core]\n')).toBeUndefined();
    expect(worktreePathOf('/r/.git/worktrees/s', '/w/s/.git\n')).toBe('/w/s');
    expect(worktreePathOf('/r/.git/worktrees/s', '../../../../w/s/.git')).toBe('/w/s');
  });
  it('finds the submodule entries of an index, which the snapshot leaves as recorded', () => {
    const oid = 'a'.repeat(40);
    expect(
      parseGitlinks(
        `100644 ${oid} 0\tsrc/app.ts\x00160000 ${oid} 0\tsub\x00160000 ${oid} 0\ta b/c\x00`,
      ),
    ).toEqual(['sub', 'a b/c']);
  });
  it('splits a name-status diff into added paths and paths the active tree tracks', () => {
    const { added, tracked } = parseNameStatus([
      'A',
      '.env',
      'M',
      'src/app.ts',
      'D',
      'old',
      'A',
      'conf/local.json',
    ]);
    expect(added).toEqual(['.env', 'conf/local.json']);
    expect([...tracked]).toEqual(['src/app.ts', 'old']);
  });
  it('builds merge argv with -- before the commit, never forcing or stashing', () => {
    const oid = 'a'.repeat(40);
    expect(mergeArgs('commit', oid, 'msg')).toEqual([
      'merge',
      '--no-ff',
      '--no-edit',
      '--no-autostash',
      '--no-verify',
      '-m',
      'msg',
      '--',
      oid,
    ]);
    expect(mergeArgs('squash', oid, 'msg')).toEqual([
      'merge',
      '--squash',
      '--no-autostash',
      '--no-verify',
      '--',
      oid,
    ]);
    expect(mergeArgs('no-commit', oid, 'msg')).toContain('--no-commit');
    for (const mode of ['commit', 'squash', 'no-commit'] as const) {
      expect(mergeArgs(mode, oid, 'm').join(' ')).not.toMatch(/--force|reset|-X|--strategy/);
    }
  });
  it('chooses the merge mode', () => {
    expect(mergeModeFor({})).toBe('commit');
    expect(mergeModeFor({ noCommit: true })).toBe('no-commit');
    expect(mergeModeFor({ squash: true, noCommit: true })).toBe('squash');
  });
});

describe('human-in-the-loop gate', () => {
  it('opens only for the boolean true', () => {
    expect(allowAgentGetFrom('{"allowAgentGet": true}')).toBe(true);
    expect(allowAgentGetFrom('{"allowAgentGet": "true"}')).toBe(false);
    expect(allowAgentGetFrom('{}')).toBe(false);
    expect(allowAgentGetFrom('null')).toBe(false);
    expect(() => allowAgentGetFrom('{oops')).toThrow();
  });
  it('tells the human the exact command', () => {
    expect(humanGetCommand('3f9a12c8', { squash: true }, '/work/repo')).toBe(
      'praxis worktree get 3f9a12c8 --squash --repo /work/repo',
    );
    expect(humanGetCommand('-rf', {}, '/my repo')).toBe(
      "praxis worktree get <session-id> --repo '/my repo'",
    );
    expect(shellWord("it's")).toBe(`'it'\\''s'`);
  });
});

describe('text formats', () => {
  it('cuts long diffs at a line and says so', () => {
    const diff = 'line one\nline two\nline three\n';
    expect(limitDiff(diff, 100, 'x')).toBe(diff);
    const cut = limitDiff(diff, 12, 'use stat_only');
    expect(cut.startsWith('line one\n')).toBe(true);
    expect(cut).not.toContain('line two');
    expect(cut).toContain('[diff truncated: showing 9 of 29 characters; use stat_only]');
  });
  it('formats totals and file lines', () => {
    expect(formatTotals({ files: 1, insertions: 1, deletions: 0, binary: 0 })).toBe(
      '1 file changed, 1 insertion(+), 0 deletions(-)',
    );
    expect(formatFileStat({ path: 'b', oldPath: 'a', added: null, deleted: null })).toBe(
      '  a => b | binary',
    );
  });
});

describe('reading `git config --list --includes --show-origin -z`', () => {
  it('gives every key, the files they came from and every include target, resolved as git resolves it', () => {
    const output = [
      'file:/etc/gitconfig',
      'core.pager\nless',
      'file:/home/ana/.gitconfig',
      'include.path\n~/more.cfg',
      'file:/home/ana/more.cfg',
      'filter.lfs.clean\ngit-lfs clean',
      'file:/repo/.git/config',
      'includeIf.onbranch:main.path\nlocal.cfg',
      'file:/repo/.git/config',
      'Include.Path\n/abs/other.cfg',
      'file:/repo/.git/config',
      'core.bare',
      'command line:',
      'core.hookspath\n/dev/null',
      '',
    ].join('\0');
    const listing = parseConfigListing(output, '/home/ana');
    expect(listing.keys).toEqual([
      'core.pager',
      'include.path',
      'filter.lfs.clean',
      'includeIf.onbranch:main.path',
      'Include.Path',
      'core.bare',
      'core.hookspath',
    ]);
    expect([...listing.files].sort()).toEqual([
      '/abs/other.cfg',
      '/etc/gitconfig',
      '/home/ana/.gitconfig',
      '/home/ana/more.cfg',
      '/repo/.git/config',
      '/repo/.git/local.cfg',
    ]);
  });
});
