// Text someone else chose, shown to a person who decides on it: what a session wrote (diffs, file
// contents, paths, branch names, git's messages about them), shown in a terminal or an MCP client by
// the shim, and what a client registered (its name, its redirect URI), shown on the consent page. A
// control character in it is an instruction to that terminal, not text: `ESC[2K` erases the line it
// ends, OSC 52 writes the clipboard, a lone CR returns to the start of the line to overwrite it, and
// a bidirectional override reorders what follows. So every such character is shown as a marker
// instead — `‹ESC›`, `‹CR›`, `‹DEL›`, `‹U+009B›`, `‹U+202E›` — and the marker's opening `‹`
// is itself shown as `‹U+2039›` when the text holds one, so a marker always means a replaced
// character and the rendering can be read back exactly. Newline and tab stay, and so does the CR of
// a CRLF.

const OPEN = '‹';
const CLOSE = '›';

/**
 * Control characters (C0, DEL, C1), bidirectional controls, line and paragraph separators, and the
 * marker's opener.
 */
const SHOWN_IN_TEXT = /[\p{Cc}\p{Bidi_Control}\p{Zl}\p{Zp}‹]/gu;

/**
 * For names that must look like what they are: also every whitespace but the space, every format
 * character and every invisible one (zero-width characters, soft hyphen, Hangul fillers).
 */
const SHOWN_IN_NAMES =
  /[\p{Cc}\p{Cf}\p{Bidi_Control}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\p{White_Space}‹]/gu;

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

/** The marker that stands for one code point: its C0 abbreviation, DEL, or U+ and at least four hex digits. */
export function markerFor(char: string): string {
  const code = char.codePointAt(0)!;
  if (code < C0_NAMES.length) return `${OPEN}${C0_NAMES[code]}${CLOSE}`;
  if (code === 0x7f) return `${OPEN}DEL${CLOSE}`;
  return `${OPEN}U+${code.toString(16).toUpperCase().padStart(4, '0')}${CLOSE}`;
}

/** `text` with every control and reordering character shown as a marker; newlines, tabs and CRLF kept. */
export function visibleText(text: string): string {
  return text.replace(SHOWN_IN_TEXT, (char, offset: number) => {
    if (char === '\n' || char === '\t') return char;
    if (char === '\r' && text[offset + 1] === '\n') return char;
    return markerFor(char);
  });
}

/** A name (a tool's, say) with everything that is not a visible non-space character shown as a marker. */
export function visibleName(name: string): string {
  return name.replace(SHOWN_IN_NAMES, (char) => (char === ' ' ? char : markerFor(char)));
}

/** `text` cut to at most `maxChars` characters, ending in … when it was cut. */
export function shortened(text: string, maxChars: number): string {
  return text.length > maxChars ? `${text.slice(0, maxChars)}…` : text;
}
