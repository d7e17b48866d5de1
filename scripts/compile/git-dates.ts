// Each document's last change date, from git: the committer date (UTC calendar day) of the newest
// commit that touched its file. Three git processes whatever the corpus size — one `rev-parse`, one
// `status`, one `log` over the whole content folder read as a stream and stopped once every wanted
// file has its date — never one per file, so 100 000 documents cost what ten do.
//
// - Outside a git checkout (or without git): no dates, and nothing printed.
// - A file with uncommitted changes (modified, added, untracked): the build's own day — it is being
//   changed now, so it is not stale, and its newest commit's date would be older than its text.
// - A shallow clone: the commits at the boundary show every file they hold as added, so a file whose
//   newest fetched commit is a boundary commit gets no date (it would be wrong); files changed in
//   a commit after the boundary get their real date. The caller warns once (`shallow`).
import { execFile, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { isoDateOf } from '../../src/bundle/freshness.ts';

export interface ContentDates {
  /** YYYY-MM-DD by path relative to the content folder (`processes/deploy.md`). */
  dates: Map<string, string>;
  /** The checkout is shallow: files last changed at its boundary have no date. */
  shallow: boolean;
}

const GIT_ENV = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' };

/**
 * The last change date of each of `wanted` (paths relative to `contentDir`), or undefined outside a
 * git checkout. A wanted file git never committed and that is not changed in the work tree either
 * (ignored by .gitignore) has no date.
 */
export async function lastChangeDates(
  contentDir: string,
  wanted: ReadonlySet<string>,
  todayMs: number,
): Promise<ContentDates | undefined> {
  const repository = await repositoryOf(contentDir);
  if (!repository) return undefined;
  const dates = new Map<string, string>();
  const today = isoDateOf(todayMs);
  for (const path of await changedPaths(contentDir, repository.prefix))
    if (wanted.has(path)) dates.set(path, today);
  const boundary = repository.shallow ? await shallowBoundary(repository.shallowFile) : new Set();
  const undated = new Set([...wanted].filter((path) => !dates.has(path)));
  const newest = await newestCommits(contentDir, repository.prefix, undated);
  for (const [path, commit] of newest)
    if (!boundary.has(commit.hash)) dates.set(path, isoDateOf(commit.seconds * 1000));
  return { dates, shallow: repository.shallow };
}

interface Repository {
  /** The content folder's path inside the repository, with a trailing slash ('' at the top). */
  prefix: string;
  shallow: boolean;
  shallowFile: string;
}

async function repositoryOf(dir: string): Promise<Repository | undefined> {
  try {
    const { stdout } = await promisify(execFile)(
      'git',
      ['-C', dir, 'rev-parse', '--show-prefix', '--is-shallow-repository', '--git-path', 'shallow'],
      { env: GIT_ENV },
    );
    const [prefix, shallow, shallowFile] = stdout.split('\n');
    if (shallowFile === undefined || shallowFile === '') return undefined;
    return {
      prefix: prefix ?? '',
      shallow: shallow === 'true',
      shallowFile: resolve(dir, shallowFile),
    };
  } catch {
    return undefined;
  }
}

/** The commits a shallow clone's history stops at (git lists them in its `shallow` file). */
async function shallowBoundary(file: string): Promise<Set<string>> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return new Set(text.split('\n').filter(Boolean));
}

/** Paths under `dir` (relative to it) that differ from HEAD or are untracked. */
async function changedPaths(dir: string, prefix: string): Promise<string[]> {
  try {
    const { stdout } = await promisify(execFile)(
      'git',
      ['-C', dir, 'status', '--porcelain', '-z', '--untracked-files=all', '--', '.'],
      { env: GIT_ENV, maxBuffer: 256 * 1024 * 1024 },
    );
    const fields = stdout.split('\0');
    const paths: string[] = [];
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i]!;
      if (field.length < 4) continue;
      paths.push(field.slice(3));
      // A rename or copy is followed by the path it came from, which is not a change of its own.
      if (field[0] === 'R' || field[0] === 'C') i++;
    }
    return paths.filter((path) => path.startsWith(prefix)).map((path) => path.slice(prefix.length));
  } catch {
    return [];
  }
}

interface Commit {
  hash: string;
  seconds: number;
}

/**
 * The newest commit touching each of `wanted`, from one `git log` of the folder, newest first. The
 * log is read as it comes and stopped once every wanted path is found. A repository without commits
 * yields nothing.
 */
function newestCommits(
  dir: string,
  prefix: string,
  wanted: ReadonlySet<string>,
): Promise<Map<string, Commit>> {
  const found = new Map<string, Commit>();
  if (!wanted.size) return Promise.resolve(found);
  return new Promise((done) => {
    // -z: commits and file names end with NUL, names unquoted; %x01 marks a commit's header, which
    // no path can start with here (every wanted path starts with a kind folder's name). Whatever the
    // repository's config says: no signatures or colours in the output, and no rename detection (a
    // renamed file is dated by its rename either way, and detection costs time on a long history).
    const git = spawn(
      'git',
      [
        '-C',
        dir,
        'log',
        '-z',
        '--no-show-signature',
        '--no-color',
        '--no-renames',
        '--format=%x01%H %ct',
        '--name-only',
        '--',
        '.',
      ],
      { env: GIT_ENV, stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let commit: Commit | undefined;
    let pending = Buffer.alloc(0);
    const take = (field: string): void => {
      if (field.startsWith('\u0001')) {
        const [hash, seconds] = field.slice(1).split(' ');
        commit = { hash: hash!, seconds: Number(seconds) };
        return;
      }
      const path = field.replace(/^\n/, '');
      if (!commit || !path.startsWith(prefix)) return;
      const relative = path.slice(prefix.length);
      if (wanted.has(relative) && !found.has(relative)) found.set(relative, commit);
    };
    git.stdout.on('data', (chunk: Buffer) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      let start = 0;
      for (let end = pending.indexOf(0, start); end !== -1; end = pending.indexOf(0, start)) {
        take(pending.toString('utf8', start, end));
        start = end + 1;
      }
      pending = pending.subarray(start);
      if (found.size === wanted.size) git.kill();
    });
    git.on('error', () => done(found));
    git.on('close', () => done(found));
  });
}
