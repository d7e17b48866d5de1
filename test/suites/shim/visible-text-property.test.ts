// How session text is shown (src/shim/visible-text.ts), as properties over any string: nothing a
// terminal or a bidi-aware display would act on survives; text without such characters is left as
// it is; and the rendering reads back to exactly the input, so a marker always means a replaced
// character — a literal backslash, a literal `‹ESC›` or a literal `‹` cannot pass for one.
// FUZZ_RUNS=<n> raises the number of runs per property for a long run.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { visibleName, visibleText } from '../../../src/text/visible-text.ts';
import { forbiddenCodePoints } from '../../helpers/shim/control-character-session.ts';
import { fuzzRuns } from '../../helpers/fuzz-runs.ts';

const C0_NAMES = [
  'NUL',
  'SOH',
  'STX',
  'ETX',
  'EOT',
  'ENQ',
  'ACK',
  'BEL',
  'BS',
  'HT',
  'LF',
  'VT',
  'FF',
  'CR',
  'SO',
  'SI',
  'DLE',
  'DC1',
  'DC2',
  'DC3',
  'DC4',
  'NAK',
  'SYN',
  'ETB',
  'CAN',
  'EM',
  'SUB',
  'ESC',
  'FS',
  'GS',
  'RS',
  'US',
];

/** The documented notation read back: `‹NAME›`, `‹DEL›` or `‹U+XXXX›` is the one character it names. */
function readBack(shown: string): string {
  return shown.replace(/‹([^›]*)›/g, (_marker, name: string) => {
    if (name === 'DEL') return '\x7f';
    if (name.startsWith('U+')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    const c0 = C0_NAMES.indexOf(name);
    if (c0 === -1) throw new Error(`not a marker: ‹${name}›`);
    return String.fromCharCode(c0);
  });
}

/** Characters that matter here, mixed with ordinary text: every class shown, the marker's own brackets, look-alikes. */
const interesting = fc.constantFrom(
  '\x00',
  '\x07',
  '\x08',
  '\x1b',
  '\x7f',
  '\r',
  '\n',
  '\t',
  '\r\n',
  '\x85',
  '\x9b',
  '\x9d',
  '\u061c',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u2028',
  '\u2029',
  '‹',
  '›',
  '‹ESC›',
  '‹U+202E›',
  '‹DEL',
  '\\x1b',
  '\\u202e',
  '\\',
  '^[',
  '␛',
  '<ESC>',
  'U+',
  '[2K',
  ']52;c;',
);
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc
    .array(
      fc.oneof(
        interesting,
        fc.string({ maxLength: 4 }),
        fc.string({ unit: 'binary', maxLength: 2 }),
      ),
      {
        maxLength: 40,
      },
    )
    .map((parts) => parts.join('')),
);

describe('visibleText', () => {
  it('leaves nothing a terminal or a bidi-aware display would act on', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(forbiddenCodePoints(visibleText(text))).toEqual([]);
      }),
      { numRuns: fuzzRuns(3000) },
    );
  });

  it('reads back to exactly its input: no two texts are shown alike', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(readBack(visibleText(text))).toBe(text);
      }),
      { numRuns: fuzzRuns(3000) },
    );
  });

  it('leaves text without such characters, or the marker opener, as it is', () => {
    const plain = anyText.filter(
      (text) => forbiddenCodePoints(text).length === 0 && !/[‹\u2028\u2029]/.test(text),
    );
    fc.assert(
      fc.property(plain, (text) => {
        expect(visibleText(text)).toBe(text);
      }),
      { numRuns: fuzzRuns(3000) },
    );
  });

  it('shows each class of character by its marker, keeping newline, tab and CRLF', () => {
    expect(visibleText('a\x1b[2K\x1b[1Gb')).toBe('a‹ESC›[2K‹ESC›[1Gb');
    expect(visibleText('\x1b]52;c;eA==\x07')).toBe('‹ESC›]52;c;eA==‹BEL›');
    expect(visibleText('safe\rrewritten\r\nnext\n\tx')).toBe('safe‹CR›rewritten\r\nnext\n\tx');
    expect(visibleText('end\r')).toBe('end‹CR›');
    expect(visibleText('\x7f\x9b2K\u202eabc\u2066\u200f')).toBe(
      '‹DEL›‹U+009B›2K‹U+202E›abc‹U+2066›‹U+200F›',
    );
  });

  it('cannot be imitated: a literal marker, backslash escape or opener is shown differently from the character', () => {
    expect(visibleText('‹ESC›')).toBe('‹U+2039›ESC›');
    expect(visibleText('‹ESC›')).not.toBe(visibleText('\x1b'));
    expect(visibleText('\\x1b[2K')).toBe('\\x1b[2K');
    expect(visibleText('\\x1b[2K')).not.toBe(visibleText('\x1b[2K'));
  });
});

describe('visibleName', () => {
  it('also shows invisible characters and whitespace other than the space', () => {
    expect(visibleName('worktree\u200b_list')).toBe('worktree‹U+200B›_list');
    expect(visibleName('worktree\u00a0list\n')).toBe('worktree‹U+00A0›list‹LF›');
    expect(visibleName('worktree_list ')).toBe('worktree_list ');
  });

  it('leaves nothing a terminal would act on and reads back to its input', () => {
    fc.assert(
      fc.property(anyText, (name) => {
        const shown = visibleName(name);
        expect(forbiddenCodePoints(shown)).toEqual([]);
        expect(shown).not.toMatch(/[\n\t\u200b\u2060\ufeff]/);
        expect(readBack(shown)).toBe(name);
      }),
      { numRuns: fuzzRuns(2000) },
    );
  });
});
