// What an agent could leave in its session folder to make the user's git run a program: planted
// `.git` files and directories whose config names programs, attributes that select drivers, and
// drivers the user's own config defines. Every payload touches a file in one markers folder, so
// "nothing ran" is "that folder is empty". Setup uses git only before anything is planted.
import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import {
  commitAll,
  copyOfTemplate,
  fixtureAt,
  initialRepository,
  sh,
  write,
  type Fixture,
} from './git-fixture.ts';

export const SESSION = '3f9a12c8';

export interface HostileFixture extends Fixture {
  session: string;
  markers: string;
  /** The payload files that exist: any entry means git ran a program it was made to run. */
  ran(): string[];
}

/** A fixture with one committed session that has text files for attributes to select; `at` as for copyOfTemplate. */
export function hostileFixture(at?: string): HostileFixture {
  const fx = fixtureAt(copyOfTemplate('hostile', hostileRepository, at));
  const markers = join(fx.root, 'markers');
  return {
    ...fx,
    session: join(fx.root, 'sessions', SESSION),
    markers,
    ran: () => readdirSync(markers).sort(),
  };
}

/** Active and session work that diverged from a shared file, uncommitted session files, an empty markers folder. */
function hostileRepository(root: string): void {
  initialRepository(root);
  const fx = fixtureAt(root);
  mkdirSync(join(root, 'markers'));
  write(fx.repo, 'shared.txt', lines('base'));
  commitAll(fx.repo, 'Shared file');
  const session = fx.addSession(SESSION);
  write(session, 'src/app.ts', 'export const answer = 42;\n');
  write(session, 'shared.txt', lines('base').replace('line 9 base', 'line 9 session'));
  commitAll(session, 'Session work');
  write(fx.repo, 'shared.txt', lines('base').replace('line 0 base', 'line 0 active'));
  commitAll(fx.repo, 'Active work');
  write(session, 'notes.txt', 'uncommitted notes\n');
  write(session, 'doc.md', 'uncommitted page\n');
}

function lines(tag: string): string {
  return Array.from({ length: 10 }, (_, i) => `line ${i} ${tag}\n`).join('');
}

/** A shell command that leaves the named marker; config values naming programs run via sh. */
export function touch(fx: HostileFixture, name: string): string {
  return `touch ${join(fx.markers, name)}`;
}

function script(fx: HostileFixture, path: string, name: string): string {
  write(fx.root, path, `#!/bin/sh\n${touch(fx, name)}\n`);
  chmodSync(join(fx.root, path), 0o755);
  return join(fx.root, path);
}

let scripts = 0;

/** Every config key of git that names a program, each pointing at its own marker. */
export function programConfig(fx: HostileFixture, hooksDir: string): string {
  const askpass = script(fx, `askpass-${++scripts}.sh`, 'askpass');
  return [
    '[core]',
    `\tfsmonitor = ${touch(fx, 'fsmonitor')}`,
    `\thooksPath = ${hooksDir}`,
    `\tpager = ${touch(fx, 'pager')}`,
    `\teditor = ${touch(fx, 'editor')}`,
    `\tsshCommand = ${touch(fx, 'ssh-command')}; false`,
    `\taskPass = ${askpass}`,
    `\talternateRefsCommand = ${touch(fx, 'alternate-refs-command')}`,
    '[filter "x"]',
    `\tclean = ${touch(fx, 'filter-clean')}; cat`,
    `\tsmudge = ${touch(fx, 'filter-smudge')}; cat`,
    '\trequired = true',
    '[filter "y"]',
    `\tprocess = ${touch(fx, 'filter-process')}`,
    '[diff "x"]',
    `\ttextconv = ${touch(fx, 'textconv')}; cat`,
    `\tcommand = ${touch(fx, 'diff-driver-command')}`,
    '[diff]',
    `\texternal = ${touch(fx, 'diff-external')}`,
    '[merge "x"]',
    `\tdriver = ${touch(fx, 'merge-driver')}`,
    '[credential]',
    `\thelper = !${touch(fx, 'credential-helper')}`,
    '[gpg]',
    `\tprogram = ${touch(fx, 'gpg')}`,
    '[commit]',
    '\tgpgSign = true',
    '[log]',
    '\tshowSignature = true',
    '[protocol "ext"]',
    '\tallow = always',
    '',
  ].join('\n');
}

export const ATTRIBUTES = '*.txt filter=x diff=x merge=x\n*.md filter=y diff=x\n';

function hooks(fx: HostileFixture, dir: string): string {
  mkdirSync(dir, { recursive: true });
  for (const hook of [
    'post-index-change',
    'pre-commit',
    'post-checkout',
    'post-merge',
    'pre-merge-commit',
    'reference-transaction',
    'fsmonitor-watchman',
  ]) {
    writeFileSync(join(dir, hook), `#!/bin/sh\n${touch(fx, `hook-${hook}`)}\n`);
    chmodSync(join(dir, hook), 0o755);
  }
  return dir;
}

export type Remote = 'alternates' | 'ext' | 'ssh';

/**
 * A git directory at `dir` that passes for the session's: HEAD on the session branch, config
 * naming programs, and either alternates onto the real objects or no objects at all and a
 * promisor remote, so that reading any object makes git fetch — over `ext::` or ssh.
 */
export function evilGitDir(
  fx: HostileFixture,
  dir: string,
  remote: Remote,
  extraConfig = '',
): void {
  const branch = `refs/heads/praxis/${SESSION}`;
  // The branch's loose ref, as git wrote it (nothing here packs refs); git itself otherwise.
  const loose = join(fx.repo, '.git', branch);
  const head = existsSync(loose)
    ? readFileSync(loose, 'utf8').trim()
    : sh(fx.repo, 'rev-parse', branch).trim();
  mkdirSync(join(dir, 'objects/info'), { recursive: true });
  mkdirSync(join(dir, 'refs/heads/praxis'), { recursive: true });
  writeFileSync(join(dir, 'HEAD'), `ref: ${branch}\n`);
  writeFileSync(join(dir, branch), `${head}\n`);
  mkdirSync(join(dir, 'info'), { recursive: true });
  writeFileSync(join(dir, 'info/attributes'), ATTRIBUTES);
  let config = programConfig(fx, hooks(fx, join(dir, 'hooks')));
  if (remote === 'alternates') {
    writeFileSync(join(dir, 'objects/info/alternates'), `${join(fx.repo, '.git/objects')}\n`);
    config = `[core]\n\trepositoryformatversion = 0\n${config}`;
  } else {
    const url =
      remote === 'ext'
        ? `ext::sh -c ${touch(fx, 'ext-transport').replace(' ', '% ')}`
        : 'ssh://praxis.invalid/repo.git';
    config = `[core]\n\trepositoryformatversion = 1\n[extensions]\n\tpartialClone = origin\n[remote "origin"]\n\turl = ${url}\n\tpromisor = true\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n${config}`;
  }
  writeFileSync(join(dir, 'config'), config + extraConfig);
}

/** Where and how a vector plants its files in the session folder. */
export interface Vector {
  name: string;
  /** True when the session's own `.git` is replaced: Praxis must refuse to touch the session. */
  tampersSessionGit: boolean;
  plant(fx: HostileFixture): void;
}

function redirectSessionGit(fx: HostileFixture, remote: Remote, extraConfig = ''): void {
  evilGitDir(fx, join(fx.session, '.evil'), remote, extraConfig);
  writeFileSync(join(fx.session, '.git'), 'gitdir: .evil\n');
  write(fx.session, '.gitattributes', ATTRIBUTES);
}

function nested(fx: HostileFixture, level: string, kind: 'file' | 'dir'): void {
  write(fx.session, `${level}/inner.txt`, 'nested text\n');
  write(fx.session, `${level}/.gitattributes`, ATTRIBUTES);
  if (kind === 'dir') evilGitDir(fx, join(fx.session, level, '.git'), 'alternates');
  else {
    evilGitDir(fx, join(fx.session, level, '.nested-evil'), 'alternates');
    writeFileSync(join(fx.session, level, '.git'), 'gitdir: .nested-evil\n');
  }
}

const LEVELS = ['a', 'a/b', 'a/b/c'];

export const VECTORS: Vector[] = [
  {
    name: 'session .git file redirected to a planted git dir with alternates onto the real objects',
    tampersSessionGit: true,
    plant: (fx) => redirectSessionGit(fx, 'alternates'),
  },
  {
    name: 'session .git file redirected to a partial clone whose promisor remote is an ext:: command',
    tampersSessionGit: true,
    plant: (fx) => redirectSessionGit(fx, 'ext'),
  },
  {
    name: 'session .git file redirected to a partial clone fetched over ssh with core.sshCommand',
    tampersSessionGit: true,
    plant: (fx) => redirectSessionGit(fx, 'ssh'),
  },
  {
    name: 'session .git file redirected to a config that includes a planted file (include.path)',
    tampersSessionGit: true,
    plant: (fx) => {
      write(
        fx.session,
        'included.cfg',
        programConfig(fx, hooks(fx, join(fx.session, 'included-hooks'))),
      );
      redirectSessionGit(
        fx,
        'alternates',
        `[include]\n\tpath = ${join(fx.session, 'included.cfg')}\n`,
      );
    },
  },
  {
    name: 'session .git file replaced by a planted git directory',
    tampersSessionGit: true,
    plant: (fx) => {
      evilGitDir(fx, join(fx.session, '.evil'), 'alternates');
      rmSync(join(fx.session, '.git'));
      renameSync(join(fx.session, '.evil'), join(fx.session, '.git'));
      write(fx.session, '.gitattributes', ATTRIBUTES);
    },
  },
  {
    name: "session .git file pointing at another worktree's admin dir",
    tampersSessionGit: true,
    plant: (fx) => {
      fx.addSession('other-session');
      write(fx.session, '.gitattributes', ATTRIBUTES);
      writeFileSync(
        join(fx.session, '.git'),
        `gitdir: ${join(fx.repo, '.git/worktrees', 'other-session')}\n`,
      );
    },
  },
  ...LEVELS.flatMap((level) =>
    (['file', 'dir'] as const).map((kind): Vector => ({
      name: `a .git ${kind} planted at ${level}/ of the session`,
      tampersSessionGit: false,
      plant: (fx) => nested(fx, level, kind),
    })),
  ),
  {
    name: 'a planted repository registered in the session index as a gitlink (submodule)',
    tampersSessionGit: false,
    plant: (fx) => {
      const sub = join(fx.session, 'sub');
      mkdirSync(sub);
      sh(sub, 'init', '-q');
      write(sub, 'inner.txt', 'inner\n');
      write(sub, '.gitattributes', ATTRIBUTES);
      sh(sub, '-c', 'user.name=a', '-c', 'user.email=a@b.c', 'add', '.');
      sh(sub, '-c', 'user.name=a', '-c', 'user.email=a@b.c', 'commit', '-q', '-m', 'inner');
      sh(fx.session, 'add', 'sub');
      sh(fx.session, 'commit', '-q', '-m', 'Add a gitlink');
      write(fx.session, '.gitmodules', '[submodule "sub"]\n\tpath = sub\n\turl = ./sub\n');
      // Planted last: the nested repository's config names programs, and its file changes after
      // the index recorded it, so a recursing status would run its clean filter.
      writeFileSync(
        join(sub, '.git/config'),
        `[core]\n\trepositoryformatversion = 0\n${programConfig(fx, hooks(fx, join(sub, '.git/hooks')))}`,
      );
      write(sub, 'inner.txt', 'INNER\n'); // same size: git must run the clean filter to compare
    },
  },
  {
    name: "session .gitattributes selecting drivers the user's own config defines",
    tampersSessionGit: false,
    plant: (fx) => {
      write(fx.session, '.gitattributes', ATTRIBUTES);
      const userConfig = programConfig(fx, hooks(fx, join(fx.root, 'user-hooks')))
        .split('\n')
        .filter(
          (line) =>
            !/hooksPath|fsmonitor|pager|editor|gpgSign|showSignature|protocol|allow = /.test(line),
        )
        .join('\n');
      appendFileSync(join(fx.repo, '.git/config'), userConfig);
    },
  },
];
