// The one door to git. Every process gets argv arrays (never a shell), a repository named
// explicitly (git directory and work tree, never discovered from files in a work tree), an
// environment without inherited redirections, and an override for every configured key that
// names a program (see program-keys.ts). Only opening the active repository discovers it, from
// the directory the person named.
import { execFile } from 'node:child_process';
import { configuredKeysOf, parseConfigListing, type ConfigListing } from './config-reading.ts';
import { gitEnvironment } from './environment.ts';
import { FIXED_OVERRIDES, overridesFor } from './program-keys.ts';
import type { GitTarget } from './target.ts';
import { PraxisError } from '../../shared/praxis-error.ts';

export type { GitTarget } from './target.ts';

export interface GitResult {
  stdout: string;
  stderr: string;
  code: number;
}

export interface GitOptions {
  /** A throwaway index to use instead of the target's own. */
  indexFile?: string;
  /** Exit codes that are answers rather than failures (merge-tree exits 1 on conflicts). */
  okCodes?: number[];
}

/** A git command that failed; the message carries git's own words for the reader. */
export class GitError extends PraxisError {
  static override code = 'ERR_GIT_FAILED';
  override readonly code = 'ERR_GIT_FAILED';
  readonly exitCode: number;
  readonly stderr: string;
  constructor(args: string[], exitCode: number, stderr: string) {
    super(`git ${args.join(' ')} failed (exit ${exitCode}): ${stderr.trim() || 'no message'}`);
    this.exitCode = exitCode;
    this.stderr = stderr;
  }
}

const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;
const TIMEOUT_MS = 120_000;

/** The argv git receives: no pager, then the caller's arguments. Config comes by environment. */
export function gitArgv(args: string[]): string[] {
  return ['--no-pager', ...args];
}

/** Runs git on `target` and resolves with its output; rejects with GitError on an exit code not in okCodes. */
export async function git(
  target: GitTarget,
  args: string[],
  options: GitOptions = {},
): Promise<GitResult> {
  const overrides = overridesFor(await configuredKeys(target));
  const extra: Record<string, string> = options.indexFile
    ? { GIT_INDEX_FILE: options.indexFile }
    : {};
  return spawnGit(
    args,
    target.workTree,
    gitEnvironment(process.env, target, overrides, extra),
    options.okCodes ?? [0],
  );
}

/**
 * Runs git in `dir`, letting it discover the repository there: only for opening the active
 * repository the person named. Everything after that names the repository explicitly.
 */
export function gitDiscovering(dir: string, args: string[]): Promise<GitResult> {
  return spawnGit(args, dir, gitEnvironment(process.env, undefined, FIXED_OVERRIDES), [0]);
}

/** Every key set at any config level git reads for `target`, includes followed (read once per operation, see config-reading.ts). */
function configuredKeys(target: GitTarget): Promise<string[]> {
  return configuredKeysOf(target, process.env, () => listConfig(target));
}

async function listConfig(target: GitTarget): Promise<ConfigListing> {
  const env = gitEnvironment(process.env, target, FIXED_OVERRIDES);
  const { stdout } = await spawnGit(
    ['config', '--list', '--includes', '--show-origin', '-z'],
    target.workTree,
    env,
    [0],
  );
  return parseConfigListing(stdout, process.env.HOME);
}

function spawnGit(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  okCodes: number[],
): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      gitArgv(args),
      { cwd, env, maxBuffer: MAX_OUTPUT_BYTES, timeout: TIMEOUT_MS, encoding: 'utf8' },
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
