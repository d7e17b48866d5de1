// The MCP tools of the real `praxis shim`, driven over stdio by a real client, on a session whose
// agent hid terminal instructions in file contents, a file name, its branch name, a commit message
// and a worktree's directory name: no string of any result — its text or its structured content —
// holds a character a terminal or a bidi-aware display would act on, and each is there as a marker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BRANCH_SHOWN,
  controlCharacterFixture,
  expectNothingTheTerminalObeys,
  FILE_NAME_SHOWN,
  MALICIOUS_DIFF_LINE,
  ODD_DIRECTORY_SHOWN,
  SEQUENCES,
  SESSION,
  stringsIn,
} from '../../helpers/shim/control-character-session.ts';
import type { Fixture } from '../../helpers/shim/git-fixture.ts';
import { connectShim, textOf, type ShimConnection } from '../../helpers/shim/shim-client.ts';

let fx: Fixture;
let shim: ShimConnection;
beforeAll(async () => {
  fx = controlCharacterFixture();
  shim = await connectShim(['--repo', fx.repo, '--allow-agent-get']);
});
afterAll(async () => {
  await shim.close();
  fx.cleanup();
});

async function call(
  name: string,
  args: Record<string, unknown>,
): Promise<{ text: string; structured: unknown }> {
  const result = await shim.client.callTool({ name, arguments: args });
  for (const text of [textOf(result), ...stringsIn(result.structuredContent)])
    expectNothingTheTerminalObeys(text);
  return { text: textOf(result), structured: result.structuredContent };
}

describe('the shim’s tools on a session hiding terminal instructions', () => {
  it('worktree_read shows every hidden sequence in the diff as a marker, and keeps CRLF', async () => {
    const { text, structured } = await call('worktree_read', { session_id: SESSION });
    expect(text).toContain(MALICIOUS_DIFF_LINE);
    for (const { shown } of Object.values(SEQUENCES)) expect(text).toContain(shown);
    expect(text).toContain('+const windows = 1;\r\n');
    expect(structured).toMatchObject({ branch: BRANCH_SHOWN });
  });

  it('worktree_read with stat_only shows the file name with markers, as text and as structured files', async () => {
    const { text, structured } = await call('worktree_read', {
      session_id: SESSION,
      stat_only: true,
    });
    expect(text).toContain(`  ${FILE_NAME_SHOWN} | +1 -0`);
    expect((structured as { files: Array<{ path: string }> }).files.map((f) => f.path)).toContain(
      FILE_NAME_SHOWN,
    );
  });

  it('worktree_list shows the branch and a directory name with markers', async () => {
    const { text } = await call('worktree_list', {});
    expect(text).toContain(`${SESSION}  branch ${BRANCH_SHOWN}`);
    expect(text).toContain(ODD_DIRECTORY_SHOWN);
  });

  it('a refusal quoting session names shows them with markers', async () => {
    const { text, structured } = await call('worktree_read', { session_id: 'no-such-session' });
    expect(text).toContain(ODD_DIRECTORY_SHOWN);
    expect(structured).toMatchObject({ error: 'SESSION_NOT_FOUND' });
  });

  it('worktree_get shows what it merged with markers', async () => {
    const { text } = await call('worktree_get', { session_id: SESSION, no_commit: true });
    expect(text).toContain(`(branch ${BRANCH_SHOWN})`);
    expect(text).toContain(`  ${FILE_NAME_SHOWN} | +1 -0`);
  });
});
