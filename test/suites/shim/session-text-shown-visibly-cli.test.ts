// `praxis worktree list|read|get` as a real process on a session whose agent hid terminal
// instructions in file contents, a file name, its branch name, a commit message and a worktree's
// directory name: nothing the terminal would obey reaches stdout or stderr, and every hidden
// sequence is there to see as a marker.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BRANCH_SHOWN,
  controlCharacterFixture,
  expectNothingTheTerminalObeys,
  FILE_NAME_SHOWN,
  MALICIOUS_DIFF_LINE,
  ODD_DIRECTORY_SHOWN,
  SEQUENCES,
  SESSION,
} from '../../helpers/shim/control-character-session.ts';
import { sh, type Fixture } from '../../helpers/shim/git-fixture.ts';
import { praxis, type CliRun } from '../../helpers/cli-run.ts';

let fx: Fixture;
beforeEach(() => {
  fx = controlCharacterFixture();
});
afterEach(() => fx.cleanup());

function expectShownOnly(run: CliRun): void {
  expectNothingTheTerminalObeys(run.stdout);
  expectNothingTheTerminalObeys(run.stderr);
}

describe('praxis worktree on a session hiding terminal instructions', () => {
  it('read shows every hidden sequence in the diff as a marker, and keeps CRLF', async () => {
    const read = await praxis('worktree', 'read', SESSION, '--repo', fx.repo);
    expect(read.code).toBe(0);
    expectShownOnly(read);
    expect(read.stdout).toContain(MALICIOUS_DIFF_LINE);
    for (const { shown } of Object.values(SEQUENCES)) expect(read.stdout).toContain(shown);
    expect(read.stdout).toContain('+const windows = 1;\r\n');
    expect(read.stdout).toContain(`branch ${BRANCH_SHOWN}`);
    expect(read.stdout).toContain('+uncommitted ‹ESC›[2K');
  });

  it('read --stat shows the file name and the branch with markers', async () => {
    const stat = await praxis('worktree', 'read', SESSION, '--stat', '--repo', fx.repo);
    expect(stat.code).toBe(0);
    expectShownOnly(stat);
    expect(stat.stdout).toContain(`  ${FILE_NAME_SHOWN} | +1 -0`);
    expect(stat.stdout).toContain(`branch ${BRANCH_SHOWN}`);
  });

  it('list shows the branch and a directory name with markers', async () => {
    const list = await praxis('worktree', 'list', '--repo', fx.repo);
    expect(list.code).toBe(0);
    expectShownOnly(list);
    expect(list.stdout).toContain(`${SESSION}  branch ${BRANCH_SHOWN}`);
    expect(list.stdout).toContain(ODD_DIRECTORY_SHOWN);
  });

  it('a refusal quoting session names shows them with markers', async () => {
    const refused = await praxis('worktree', 'read', 'no-such-session', '--repo', fx.repo);
    expect(refused.code).toBe(1);
    expectShownOnly(refused);
    expect(refused.stderr).toContain('Known sessions:');
    expect(refused.stderr).toContain(ODD_DIRECTORY_SHOWN);
  });

  it('get shows what it merged with markers; its merge commit message carries none of the characters', async () => {
    const get = await praxis('worktree', 'get', SESSION, '--repo', fx.repo);
    expect(get.code).toBe(0);
    expectShownOnly(get);
    expect(get.stdout).toContain(`(branch ${BRANCH_SHOWN})`);
    expect(get.stdout).toContain(`  ${FILE_NAME_SHOWN} | +1 -0`);
    const message = sh(fx.repo, 'log', '-1', '--format=%B');
    expectNothingTheTerminalObeys(message);
    expect(message).toContain(`Merge praxis session '${SESSION}' (branch ${BRANCH_SHOWN})`);
  });
});
