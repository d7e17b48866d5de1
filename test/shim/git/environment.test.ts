import { describe, expect, it } from 'vitest';
import { gitEnvironment } from '../../../src/shim/git/environment.ts';

describe('git invocation', () => {
  const target = { gitDir: '/r/.git/worktrees/s', workTree: '/w/s' };
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
});
