// Text a client chose (its name, its metadata URL's host, its redirect URI), made safe to show a
// person who decides on it: control characters, bidirectional overrides and isolates, zero-width and
// other invisible format characters, line separators and blank-rendering fillers are shown as
// [U+XXXX] instead of acting on the text around them (a right-to-left override can make
// "Evil‮ edoC‬" read as something else). One character class, no backtracking: linear in the text.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0]/gu;

/** `text` with each invisible character written out; cut at `maxChars` (then ending in …) when given. */
export function visibleText(text: string, maxChars = Infinity): string {
  const shown = text.replace(INVISIBLE, (char) => `[U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`);
  return shown.length > maxChars ? `${shown.slice(0, maxChars)}…` : shown;
}
