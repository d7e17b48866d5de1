// The environment of every git process the shim starts. Inherited GIT_* variables go — they can
// name programs (GIT_EXTERNAL_DIFF, GIT_SSH_COMMAND, GIT_ASKPASS), other repositories or config
// (GIT_DIR, GIT_CONFIG_PARAMETERS) — except the identity and the choice of the user's own config
// files. Then the repository is named, prompts are off, and the overrides go in as
// GIT_CONFIG_KEY_n/GIT_CONFIG_VALUE_n pairs, which need no quoting whatever a key contains.
import { ceilingOf, type GitTarget } from './target.ts';

const KEPT_GIT_VARIABLES = new Set([
  'GIT_AUTHOR_NAME',
  'GIT_AUTHOR_EMAIL',
  'GIT_AUTHOR_DATE',
  'GIT_COMMITTER_NAME',
  'GIT_COMMITTER_EMAIL',
  'GIT_COMMITTER_DATE',
  'GIT_CONFIG_GLOBAL',
  'GIT_CONFIG_SYSTEM',
  'GIT_CONFIG_NOSYSTEM',
]);

// Not GIT_* but read by git to choose a program.
const PROGRAM_VARIABLES = ['SSH_ASKPASS', 'GIT_PAGER', 'PAGER'];

export function gitEnvironment(
  base: NodeJS.ProcessEnv,
  target: GitTarget | undefined,
  overrides: ReadonlyArray<readonly [string, string]>,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(base)) {
    if (name.startsWith('GIT_') && !KEPT_GIT_VARIABLES.has(name)) continue;
    if (PROGRAM_VARIABLES.includes(name)) continue;
    env[name] = value;
  }
  if (target) {
    env.GIT_DIR = target.gitDir;
    env.GIT_WORK_TREE = target.workTree;
    env.GIT_CEILING_DIRECTORIES = ceilingOf(target);
  }
  Object.assign(env, {
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0',
    GIT_EDITOR: ':',
    GIT_SEQUENCE_EDITOR: ':',
    GIT_MERGE_AUTOEDIT: 'no',
    GIT_ATTR_NOSYSTEM: '1',
    GIT_ALLOW_PROTOCOL: '',
    GIT_PROTOCOL_FROM_USER: '0',
    GIT_NO_LAZY_FETCH: '1',
    GCM_INTERACTIVE: 'never',
    GIT_CONFIG_COUNT: String(overrides.length),
  });
  overrides.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return { ...env, ...extra };
}
