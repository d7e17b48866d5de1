// Git configuration that names a program for git to run, and the value that keeps git from
// running it. Files an agent wrote in a session can select such a program — `.gitattributes`
// names filter, diff and merge drivers that any config level may define — so every git process
// the shim starts overrides each of them, whatever config defines it. Pure, so the rules can be
// tested without git.

/** Settings the shim always overrides: programs with fixed key names, and behaviour that would
 * start other git processes in repositories the shim did not choose. */
export const FIXED_OVERRIDES: ReadonlyArray<readonly [key: string, value: string]> = [
  ['core.hooksPath', '/dev/null'],
  ['core.fsmonitor', 'false'],
  ['core.pager', 'cat'],
  ['core.editor', ':'],
  ['sequence.editor', ':'],
  ['core.sshCommand', ''],
  ['core.askPass', ''],
  ['core.gitProxy', ''],
  ['core.alternateRefsCommand', ''],
  ['diff.external', ''],
  ['credential.helper', ''],
  ['gpg.program', ''],
  ['gpg.openpgp.program', ''],
  ['gpg.x509.program', ''],
  ['gpg.ssh.program', ''],
  ['gpg.ssh.defaultKeyCommand', ''],
  ['commit.gpgSign', 'false'],
  ['tag.gpgSign', 'false'],
  ['merge.verifySignatures', 'false'],
  ['log.showSignature', 'false'],
  ['uploadpack.packObjectsHook', ''],
  // No transport at all: a lazy fetch of a partial clone or a submodule fetch would run one.
  ['protocol.allow', 'never'],
  // Never descend into a submodule: that runs git again in a repository found from files there.
  ['submodule.recurse', 'false'],
  ['fetch.recurseSubmodules', 'false'],
  ['diff.submodule', 'short'],
  ['diff.ignoreSubmodules', 'dirty'],
  ['status.submoduleSummary', 'false'],
  // A bare repository is used only when named, never found by walking up from a directory.
  ['safe.bareRepository', 'explicit'],
  // The shim answers a request; it does not repack a repository.
  ['gc.auto', '0'],
  ['maintenance.auto', 'false'],
];

// Families of keys with a free middle part (`filter.<driver>.clean`): the part is whatever a
// config file defines, so these are matched on the names git reports as configured.
const FAMILIES: ReadonlyArray<
  readonly [section: string, variables: readonly string[], value: string]
> = [
  ['filter', ['clean', 'smudge', 'process'], ''],
  ['filter', ['required'], 'false'],
  ['diff', ['textconv', 'command'], ''],
  ['merge', ['driver'], ''],
  ['credential', ['helper'], ''],
  ['gpg', ['program'], ''],
  ['difftool', ['cmd', 'path'], ''],
  ['mergetool', ['cmd', 'path'], ''],
  ['remote', ['uploadpack', 'receivepack', 'vcs'], ''],
  ['browser', ['cmd', 'path'], ''],
  ['man', ['cmd', 'path'], ''],
  ['guitool', ['cmd'], ''],
  ['submodule', ['update'], 'none'],
];

/**
 * The value that disarms `key` (a configured name as `git config --list` prints it:
 * section and variable in lower case), or undefined when the key names no program.
 */
export function neutralValueOf(key: string): string | undefined {
  const first = key.indexOf('.');
  const last = key.lastIndexOf('.');
  if (first === -1) return undefined;
  const section = key.slice(0, first).toLowerCase();
  const variable = key.slice(last + 1).toLowerCase();
  if (section === 'pager') return 'false';
  if (first === last) return undefined;
  return FAMILIES.find(([s, variables]) => s === section && variables.includes(variable))?.[2];
}

/** Every override for a repository whose config defines `configuredKeys`: the fixed ones last. */
export function overridesFor(configuredKeys: Iterable<string>): Array<readonly [string, string]> {
  const fixed = new Set(FIXED_OVERRIDES.map(([key]) => key.toLowerCase()));
  const found = new Map<string, string>();
  for (const key of configuredKeys) {
    const value = neutralValueOf(key);
    if (value !== undefined && !fixed.has(key.toLowerCase())) found.set(key, value);
  }
  return [...found, ...FIXED_OVERRIDES];
}
