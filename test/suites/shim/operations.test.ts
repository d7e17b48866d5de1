// The worktree operations against real repositories and worktrees: what they return, that
// reads change nothing, and that every refusal leaves the active tree byte-identical.
import { existsSync, readFileSync, writeFileSync, chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listSessions } from '../../../src/shim/operations/list.ts';
import { readSession } from '../../../src/shim/operations/read.ts';
import { getSession } from '../../../src/shim/operations/get.ts';
import { Refusal } from '../../../src/shim/refusal.ts';
import {
  commitAll,
  createSessionFixture,
  fingerprint,
  sh,
  shStatus,
  write,
  type Fixture,
} from '../../helpers/shim/git-fixture.ts';
import { refusalOf } from '../../helpers/shim/refusal-of.ts';

let fx: Fixture;
let session: string;

beforeEach(() => {
  const made = createSessionFixture(); // session 3f9a12c8, one commit ahead: src/app.ts answers 42
  fx = made;
  session = made.session;
});
afterEach(() => fx.cleanup());

describe('listing sessions', () => {
  it('shows branch, head, ahead/behind and dirty state', async () => {
    write(fx.repo, 'NOTES.md', 'active-side commit\n');
    commitAll(fx.repo, 'Active work');
    const other = fx.addSession('other-dir', 'feature/login');
    write(other, 'scratch.txt', 'untracked\n');
    const listing = await listSessions(fx.repo);
    expect(listing.active).toMatchObject({ path: fx.repo, branch: 'main' });
    const byId = Object.fromEntries(listing.sessions.map((s) => [s.id, s]));
    expect(byId['3f9a12c8']).toMatchObject({
      branch: 'praxis/3f9a12c8',
      ahead: 1,
      behind: 1,
      dirty: false,
      path: session,
    });
    expect(byId['3f9a12c8']!.head).toBe(sh(session, 'rev-parse', 'HEAD').trim());
    expect(byId['other-dir']).toMatchObject({
      branch: 'praxis/feature/login',
      ahead: 0,
      behind: 0,
      dirty: true,
    });
  });
});

describe('a linked worktree as the active working directory', () => {
  it('lists and reads the main checkout as a session through the common git directory', async () => {
    write(fx.repo, 'main-only.txt', 'main checkout work\n');
    const listing = await listSessions(session);
    expect(listing.sessions.map((s) => s.path).sort()).toEqual([fx.repo]);
    expect(listing.sessions[0]).toMatchObject({ id: 'repo', dirty: true });
    const changes = await readSession(session, 'repo', { statOnly: true });
    expect(changes.files.map((f) => f.path)).toContain('main-only.txt');
  });
});

describe('the active working directory, however its HEAD stands', () => {
  it('names a detached HEAD as such, with its commit', async () => {
    sh(fx.repo, 'checkout', '-q', '--detach');
    const head = sh(fx.repo, 'rev-parse', 'HEAD').trim();
    expect((await listSessions(fx.repo)).active).toEqual({ path: fx.repo, branch: null, head });
    expect((await readSession(fx.repo, '3f9a12c8', { statOnly: true })).against).toBe(
      `detached HEAD ${head.slice(0, 12)}`,
    );
  });

  it('lists before the first commit, and refuses to compare with nothing', async () => {
    const empty = join(fx.root, 'empty');
    mkdirSync(empty);
    sh(empty, 'init', '-q', '-b', 'trunk');
    expect(await listSessions(empty)).toEqual({
      active: { path: empty, branch: 'trunk', head: null },
      sessions: [],
    });
    expect((await refusalOf(readSession(empty, 'anything'))).code).toBe('SESSION_NOT_FOUND');
  });

  it('is found from a folder inside it, also when a tracked file is called HEAD', async () => {
    write(fx.repo, 'docs/HEAD', 'a file, not a revision\n');
    commitAll(fx.repo, 'A file named HEAD');
    const listing = await listSessions(join(fx.repo, 'docs'));
    expect(listing.active).toEqual({
      path: fx.repo,
      branch: 'main',
      head: sh(fx.repo, 'rev-parse', 'HEAD').trim(),
    });
  });

  it('refuses a folder that is not inside a repository', async () => {
    const outside = join(fx.root, 'outside');
    mkdirSync(outside);
    const refusal = await refusalOf(listSessions(outside));
    expect(refusal.code).toBe('NOT_A_REPOSITORY');
    expect(refusal.message).toContain(outside);
  });
});

describe('reading a session', () => {
  beforeEach(() => {
    write(session, 'README.md', '# Demo\n\nLine one.\nStaged line.\n');
    sh(session, 'add', 'README.md');
    write(session, 'src/app.ts', 'export const answer = 42;\nexport const unstaged = true;\n');
    write(session, 'docs/new-page.md', 'untracked page\n');
    write(session, 'ignored/cache.bin', 'never shown\n');
  });

  it('diffs commits, staged, unstaged and untracked work against the merge base', async () => {
    write(fx.repo, 'NOTES.md', 'moved on\n');
    commitAll(fx.repo, 'Active moves on'); // not part of the session's changes
    const changes = await readSession(fx.repo, '3f9a12c8');
    expect(changes.mergeBase).toBe(sh(fx.repo, 'rev-parse', 'HEAD~1').trim());
    expect(changes.uncommitted).toBe(true);
    expect(changes.files.map((f) => f.path).sort()).toEqual([
      'README.md',
      'docs/new-page.md',
      'src/app.ts',
    ]);
    expect(changes.diff).toContain('+export const answer = 42;');
    expect(changes.diff).toContain('+export const unstaged = true;');
    expect(changes.diff).toContain('+Staged line.');
    expect(changes.diff).toContain('+++ b/docs/new-page.md');
    expect(changes.diff).not.toContain('NOTES.md');
    expect(changes.diff).not.toContain('never shown');
  });

  it('gives per-file counts and totals with stat only', async () => {
    const changes = await readSession(fx.repo, '3f9a12c8', { statOnly: true });
    expect(changes.diff).toBeUndefined();
    expect(changes.files.find((f) => f.path === 'src/app.ts')).toEqual({
      path: 'src/app.ts',
      added: 2,
      deleted: 1,
    });
    expect(changes.totals).toEqual({ files: 3, insertions: 4, deletions: 1, binary: 0 });
  });

  it('changes nothing in either working tree or index', async () => {
    const before = {
      active: fingerprint(fx.repo),
      session: fingerprint(session),
      status: sh(session, 'status', '--porcelain'),
    };
    await readSession(fx.repo, '3f9a12c8');
    await readSession(fx.repo, '3f9a12c8', { statOnly: true });
    expect(fingerprint(fx.repo)).toBe(before.active);
    expect(fingerprint(session)).toBe(before.session);
    expect(sh(session, 'status', '--porcelain')).toBe(before.status);
    expect(sh(session, 'status', '--porcelain', '--untracked-files=all')).toContain(
      '?? docs/new-page.md',
    ); // no intent-to-add
  });

  it('addresses a session by its branch leaf as well as its directory', async () => {
    const other = fx.addSession('work-dir', 'topic/leaf-name');
    write(other, 'x.txt', 'x\n');
    expect((await readSession(fx.repo, 'leaf-name', { statOnly: true })).path).toBe(other);
    expect((await readSession(fx.repo, 'work-dir', { statOnly: true })).path).toBe(other);
  });
});

describe('getting a session', () => {
  it('merges with a commit that names the session', async () => {
    const outcome = await getSession(fx.repo, '3f9a12c8');
    expect(outcome.mode).toBe('commit');
    expect(readFileSync(join(fx.repo, 'src/app.ts'), 'utf8')).toBe('export const answer = 42;\n');
    expect(sh(fx.repo, 'log', '-1', '--format=%s%n%P')).toMatch(
      /^Merge praxis session '3f9a12c8' \(branch praxis\/3f9a12c8\)\n\w{40} \w{40}\n$/,
    );
    expect(outcome.commit).toBe(sh(fx.repo, 'rev-parse', 'HEAD').trim());
    expect(sh(fx.repo, 'status', '--porcelain')).toBe('');
    expect(outcome.totals).toMatchObject({ files: 1, insertions: 1, deletions: 1 });
  });

  it('stages a squash without committing', async () => {
    const head = sh(fx.repo, 'rev-parse', 'HEAD');
    const outcome = await getSession(fx.repo, '3f9a12c8', { squash: true });
    expect(outcome.mode).toBe('squash');
    expect(sh(fx.repo, 'rev-parse', 'HEAD')).toBe(head);
    expect(sh(fx.repo, 'status', '--porcelain')).toBe('M  src/app.ts\n');
    expect(existsSync(join(fx.repo, '.git/MERGE_HEAD'))).toBe(false);
  });

  it('merges without committing when asked', async () => {
    const head = sh(fx.repo, 'rev-parse', 'HEAD');
    const outcome = await getSession(fx.repo, '3f9a12c8', { noCommit: true });
    expect(outcome.mode).toBe('no-commit');
    expect(sh(fx.repo, 'rev-parse', 'HEAD')).toBe(head);
    expect(sh(fx.repo, 'status', '--porcelain')).toBe('M  src/app.ts\n');
    expect(readFileSync(join(fx.repo, '.git/MERGE_HEAD'), 'utf8').trim()).toBe(
      sh(session, 'rev-parse', 'HEAD').trim(),
    );
  });

  it('brings uncommitted and untracked session work too, leaving the session untouched', async () => {
    write(session, 'docs/draft.md', 'draft\n');
    const sessionBefore = fingerprint(session, { allRefs: false });
    const outcome = await getSession(fx.repo, '3f9a12c8');
    expect(outcome.uncommittedIncluded).toBe(true);
    expect(readFileSync(join(fx.repo, 'docs/draft.md'), 'utf8')).toBe('draft\n');
    expect(fingerprint(session, { allRefs: false })).toBe(sessionBefore);
    expect(sh(session, 'status', '--porcelain')).toBe('?? docs/\n');
  });

  it('reports an already merged session as up to date and changes nothing', async () => {
    await getSession(fx.repo, '3f9a12c8');
    const before = fingerprint(fx.repo);
    expect((await getSession(fx.repo, '3f9a12c8')).mode).toBe('up-to-date');
    expect(fingerprint(fx.repo)).toBe(before);
  });

  it('runs no hooks and deletes no branch or worktree', async () => {
    const hooks = join(fx.repo, '.git/hooks');
    mkdirSync(hooks, { recursive: true });
    for (const hook of ['pre-merge-commit', 'post-merge', 'commit-msg', 'prepare-commit-msg']) {
      writeFileSync(join(hooks, hook), `#!/bin/sh\ntouch "${join(fx.root, `hook-ran-${hook}`)}"\n`);
      chmodSync(join(hooks, hook), 0o755);
    }
    await getSession(fx.repo, '3f9a12c8');
    for (const hook of ['pre-merge-commit', 'post-merge', 'commit-msg', 'prepare-commit-msg']) {
      expect(existsSync(join(fx.root, `hook-ran-${hook}`))).toBe(false);
    }
    expect(sh(fx.repo, 'branch', '--list', 'praxis/3f9a12c8')).toContain('praxis/3f9a12c8');
    expect(existsSync(session)).toBe(true);
    expect(sh(fx.repo, 'worktree', 'list')).toContain(session);
  });
});

describe('refusals leave the active tree byte-identical', () => {
  async function refuses(work: () => Promise<unknown>, code: string): Promise<Refusal> {
    const before = fingerprint(fx.repo);
    const refusal = await refusalOf(work());
    expect(refusal.code).toBe(code);
    expect(fingerprint(fx.repo)).toBe(before);
    return refusal;
  }

  it('refuses a dirty tracked file', async () => {
    write(fx.repo, 'README.md', 'edited\n');
    const refusal = await refuses(() => getSession(fx.repo, '3f9a12c8'), 'ACTIVE_TREE_DIRTY');
    expect(refusal.paths).toEqual(['README.md']);
    expect(refusal.message).toContain('commit, stash or remove them');
  });

  it('refuses staged changes and untracked files', async () => {
    write(fx.repo, 'new.txt', 'new\n');
    await refuses(() => getSession(fx.repo, '3f9a12c8'), 'ACTIVE_TREE_DIRTY');
    sh(fx.repo, 'add', 'new.txt');
    await refuses(() => getSession(fx.repo, '3f9a12c8', { squash: true }), 'ACTIVE_TREE_DIRTY');
  });

  it('refuses while a merge is in progress', async () => {
    const other = fx.addSession('clash');
    write(other, 'README.md', 'theirs\n');
    commitAll(other, 'Theirs');
    write(fx.repo, 'README.md', 'ours\n');
    commitAll(fx.repo, 'Ours');
    expect(shStatus(fx.repo, 'merge', 'praxis/clash')).not.toBe(0);
    const refusal = await refuses(() => getSession(fx.repo, '3f9a12c8'), 'OPERATION_IN_PROGRESS');
    expect(refusal.message).toContain('git merge --abort');
  });

  it('refuses while a cherry-pick is in progress', async () => {
    const other = fx.addSession('pick');
    write(other, 'README.md', 'theirs\n');
    commitAll(other, 'Theirs');
    write(fx.repo, 'README.md', 'ours\n');
    commitAll(fx.repo, 'Ours');
    expect(shStatus(fx.repo, 'cherry-pick', 'praxis/pick')).not.toBe(0);
    await refuses(() => getSession(fx.repo, '3f9a12c8'), 'OPERATION_IN_PROGRESS');
  });

  it('refuses a conflicting merge and names the conflicted paths', async () => {
    write(fx.repo, 'src/app.ts', 'export const answer = 40;\n');
    write(fx.repo, 'README.md', '# Demo\n\nLine one, edited here.\n');
    commitAll(fx.repo, 'Competing edit');
    write(session, 'README.md', '# Demo\n\nLine one, edited there.\n');
    commitAll(session, 'Session edit');
    const refusal = await refuses(() => getSession(fx.repo, '3f9a12c8'), 'MERGE_CONFLICTS');
    expect(refusal.paths.sort()).toEqual(['README.md', 'src/app.ts']);
    expect(refusal.message).toContain('nothing was changed');
    expect(existsSync(join(fx.repo, '.git/MERGE_HEAD'))).toBe(false);
  });

  it.each(['../repo', '-', '--help', '-c core.pager=evil', 'a/b', '..', 'x;rm -rf', ''])(
    'refuses the invalid id %j',
    async (id) => {
      await refuses(() => getSession(fx.repo, id), 'INVALID_SESSION_ID');
      await refuses(() => readSession(fx.repo, id), 'INVALID_SESSION_ID');
    },
  );

  it('refuses ids that name no worktree of this repository', async () => {
    sh(fx.repo, 'branch', 'praxis/branch-only'); // a branch without a worktree is not a session
    await refuses(() => getSession(fx.repo, 'branch-only'), 'SESSION_NOT_FOUND');
    await refuses(() => getSession(fx.repo, 'nope'), 'SESSION_NOT_FOUND');
    await refuses(() => readSession(fx.repo, 'main'), 'SESSION_IS_ACTIVE');
  });
});
