// The one door to git: argv arrays (never a shell), hooks and fsmonitor disabled, no prompts,
// no pager, no optional index refreshes, and no inherited variables that would point git at
// another repository than the one we name.
import { execFile } from 'node:child_process';

export interface GitResult {
  stdout: string;
  stderr: string;
  code: number;
}

export interface GitOptions {
  cwd: string;
  /** Extra variables, e.g. GIT_INDEX_FILE for a throwaway index. */
  env?: Record<string, string>;
  /** Exit codes that are answers rather than failures (merge-tree exits 1 on conflicts). */
  okCodes?: number[];
}

/** A git command that failed; the message carries git's own words for the reader. */
export class GitError extends Error {
  readonly code: number;
  readonly stderr: string;
  constructor(args: string[], code: number, stderr: string) {
    super(`git ${args.join(' ')} failed (exit ${code}): ${stderr.trim() || 'no message'}`);
    this.code = code;
    this.stderr = stderr;
  }
}

// Configuration that could run programs or wait for a human is switched off per invocation,
// and so is automatic maintenance: the shim answers a request, it does not repack a repository.
const HARDENING = [
  '-c', 'core.hooksPath=/dev/null',
  '-c', 'core.fsmonitor=false',
  '-c', 'core.pager=cat',
  '-c', 'gc.auto=0',
  '-c', 'maintenance.auto=false',
  '--no-pager',
];

// Variables that would redirect git to a different repository, index or object store.
const REDIRECTING_VARIABLES = [
  'GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY', 'GIT_COMMON_DIR',
  'GIT_ALTERNATE_OBJECT_DIRECTORIES', 'GIT_NAMESPACE', 'GIT_PREFIX', 'GIT_EXEC_PATH',
];

const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;
const TIMEOUT_MS = 120_000;

/** The argv git actually receives: hardening first, then the caller's arguments. */
export function gitArgv(args: string[]): string[] {
  return [...HARDENING, ...args];
}

/** The environment git runs with: inherited, minus redirections, plus no-prompt settings. */
export function gitEnv(base: NodeJS.ProcessEnv, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base };
  for (const name of REDIRECTING_VARIABLES) delete env[name];
  return {
    ...env,
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0',
    GIT_EDITOR: 'true',
    GIT_MERGE_AUTOEDIT: 'no',
    GCM_INTERACTIVE: 'never',
    ...extra,
  };
}

/** Runs git and resolves with its output; rejects with GitError on an exit code not in okCodes. */
export function git(args: string[], options: GitOptions): Promise<GitResult> {
  const okCodes = options.okCodes ?? [0];
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      gitArgv(args),
      { cwd: options.cwd, env: gitEnv(process.env, options.env), maxBuffer: MAX_OUTPUT_BYTES, timeout: TIMEOUT_MS, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const code = error ? exitCodeOf(error) : 0;
        if (okCodes.includes(code)) resolve({ stdout, stderr, code });
        else reject(new GitError(args, code, stderr || (error?.message ?? '')));
      },
    );
  });
}

function exitCodeOf(error: { code?: unknown }): number {
  // execFile reports the exit status as a number in `code`; spawn failures carry a string code.
  return typeof error.code === 'number' ? error.code : -1;
}

/** Splits NUL-terminated output (`-z`) into its fields, dropping the empty tail. */
export function splitNul(output: string): string[] {
  const fields = output.split('\0');
  if (fields.at(-1) === '') fields.pop();
  return fields;
}
