// The keys configured for a repository, read once per shim operation and shared by the git calls
// of that operation: listing them before every git process doubled the processes an operation
// starts. A reading stays in use only while every file it came from — and every file git would
// read config from if it appeared: the repository's and the worktree's config, the global and
// system files, every include target, and HEAD (which `includeIf "onbranch:"` looks at) — still
// holds the same bytes. Before each git call those few small files are read again (no process)
// and any difference makes the keys be listed again, so a git call never runs with overrides
// older than the config it reads. Outside an operation every call lists the keys itself.
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { GitTarget } from './target.ts';

/** What git reported: each configured key with the file it came from, and the include targets. */
export interface ConfigListing {
  keys: string[];
  /** Files git read config from (origins `file:<path>`), and paths named by include.path / includeIf.*.path. */
  files: string[];
}

interface Reading {
  keys: string[];
  watched: string[];
  contents: string[];
}

const readings = new AsyncLocalStorage<Map<string, Reading>>();

/** Runs `operation` with each repository's configured keys listed once unless its config changes. */
export function withOneConfigReading<T>(operation: () => Promise<T>): Promise<T> {
  return readings.run(new Map(), operation);
}

/**
 * The keys configured for `target`: the operation's reading when none of its files changed,
 * otherwise a fresh `list()`.
 */
export async function configuredKeysOf(
  target: GitTarget,
  env: NodeJS.ProcessEnv,
  list: () => Promise<ConfigListing>,
): Promise<string[]> {
  const shared = readings.getStore();
  if (!shared) return (await list()).keys;
  const key = readingKey(target, env);
  const reading = shared.get(key);
  if (reading && sameContents(reading.contents, await contentsOf(reading.watched)))
    return reading.keys;
  shared.delete(key);
  const listing = await list();
  const watched = [
    ...new Set([...candidateFiles(target, env, await commonDirOf(target)), ...listing.files]),
  ].sort();
  shared.set(key, { keys: listing.keys, watched, contents: await contentsOf(watched) });
  return listing.keys;
}

/** Parses `git config --list --includes --show-origin -z`: `<origin>\0<key>[\n<value>]\0` per entry. */
export function parseConfigListing(output: string, home: string | undefined): ConfigListing {
  const fields = output.split('\0');
  if (fields.at(-1) === '') fields.pop();
  const keys: string[] = [];
  const files = new Set<string>();
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const origin = fields[i]!;
    const entry = fields[i + 1]!;
    const newline = entry.indexOf('\n');
    const name = newline === -1 ? entry : entry.slice(0, newline);
    keys.push(name);
    const file = origin.startsWith('file:') ? origin.slice('file:'.length) : undefined;
    if (file) files.add(resolve(file));
    if (newline !== -1 && isIncludePath(name)) {
      const target = includeTarget(entry.slice(newline + 1), file, home);
      if (target) files.add(target);
    }
  }
  return { keys, files: [...files] };
}

function isIncludePath(key: string): boolean {
  const lower = key.toLowerCase();
  return lower === 'include.path' || (lower.startsWith('includeif.') && lower.endsWith('.path'));
}

/** Where git looks for an included file: `~/` is the home folder, a relative path is beside the including file. */
function includeTarget(
  path: string,
  includedFrom: string | undefined,
  home: string | undefined,
): string | undefined {
  if (path.startsWith('~/')) return home ? join(home, path.slice(2)) : undefined;
  if (isAbsolute(path)) return resolve(path);
  return includedFrom ? resolve(dirname(includedFrom), path) : undefined;
}

/** Files git reads config from for `target` whether or not they exist now. */
function candidateFiles(target: GitTarget, env: NodeJS.ProcessEnv, commonDir: string): string[] {
  const files = [
    join(target.gitDir, 'HEAD'),
    join(target.gitDir, 'config'),
    join(target.gitDir, 'config.worktree'),
    join(commonDir, 'config'),
    join(commonDir, 'config.worktree'),
  ];
  if (env.GIT_CONFIG_GLOBAL !== undefined) files.push(env.GIT_CONFIG_GLOBAL);
  else {
    if (env.HOME) files.push(join(env.HOME, '.gitconfig'));
    const xdg = env.XDG_CONFIG_HOME || (env.HOME ? join(env.HOME, '.config') : undefined);
    if (xdg) files.push(join(xdg, 'git', 'config'));
  }
  if (env.GIT_CONFIG_SYSTEM !== undefined) files.push(env.GIT_CONFIG_SYSTEM);
  else files.push('/etc/gitconfig');
  return files.filter((file) => file !== '').map((file) => resolve(file));
}

/** A linked worktree's git directory names the shared one in its `commondir` file. */
async function commonDirOf(target: GitTarget): Promise<string> {
  const named = await readFile(join(target.gitDir, 'commondir'), 'utf8').catch(() => undefined);
  return named ? resolve(target.gitDir, named.trim()) : target.gitDir;
}

/** Each file's bytes, or why it could not be read (absent, a folder, …). */
function contentsOf(files: string[]): Promise<string[]> {
  return Promise.all(
    files.map((file) =>
      readFile(file, 'latin1').catch(
        (error: NodeJS.ErrnoException) => `\0unreadable:${error.code ?? 'error'}`,
      ),
    ),
  );
}

function sameContents(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((content, i) => content === b[i]);
}

/** The environment variables that choose which config files git reads, with the repository named. */
function readingKey(target: GitTarget, env: NodeJS.ProcessEnv): string {
  return JSON.stringify([
    target.gitDir,
    target.workTree,
    env.HOME,
    env.XDG_CONFIG_HOME,
    env.GIT_CONFIG_GLOBAL,
    env.GIT_CONFIG_SYSTEM,
    env.GIT_CONFIG_NOSYSTEM,
  ]);
}
