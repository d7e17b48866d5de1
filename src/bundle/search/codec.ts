// Compact number streams inside JSON strings. Each character carries 6 bits from a URL-safe
// alphabet that JSON never escapes, so a posting costs ~2 bytes instead of ~8 as JSON numbers,
// and JSON.parse only copies strings (fast) instead of building millions of numbers.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE_OF = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUE_OF[ALPHABET.charCodeAt(i)] = i;

const MORE = 32; // continuation bit of a varint character
const PAYLOAD = 31;

/** Appends `value` (a non-negative integer) as a little-endian base-32 varint. */
export function writeVarint(out: string[], value: number): void {
  let rest = value;
  while (rest >= MORE) {
    out.push(ALPHABET[MORE | (rest & PAYLOAD)] as string);
    rest = Math.floor(rest / MORE);
  }
  out.push(ALPHABET[rest] as string);
}

/** Appends `value` in [0, 63] as exactly one character. */
export function writeDigit(out: string[], value: number): void {
  out.push(ALPHABET[value & 63] as string);
}

/** A cursor over an encoded string; `pos` advances as values are read. */
export interface Reader {
  text: string;
  pos: number;
}

export function readVarint(reader: Reader): number {
  let value = 0;
  let scale = 1;
  for (;;) {
    const digit = VALUE_OF[reader.text.charCodeAt(reader.pos++)] ?? -1;
    if (digit < 0) throw new Error(`corrupt search index near offset ${reader.pos - 1}`);
    value += (digit & PAYLOAD) * scale;
    if (digit < MORE) return value;
    scale *= MORE;
  }
}

export function readDigit(reader: Reader): number {
  const digit = VALUE_OF[reader.text.charCodeAt(reader.pos++)] ?? -1;
  if (digit < 0) throw new Error(`corrupt search index near offset ${reader.pos - 1}`);
  return digit;
}

/** Encodes a list of non-negative integers. */
export function encodeVarints(values: readonly number[]): string {
  const out: string[] = [];
  for (const value of values) writeVarint(out, value);
  return out.join('');
}

/** Decodes a whole varint string; a tight loop, as it runs on an isolate's first query. */
export function decodeVarints(text: string): number[] {
  const values: number[] = [];
  let value = 0;
  let scale = 1;
  for (let pos = 0; pos < text.length; pos++) {
    const digit = VALUE_OF[text.charCodeAt(pos)] ?? -1;
    if (digit < 0) throw new Error(`corrupt search index near offset ${pos}`);
    value += (digit & PAYLOAD) * scale;
    if (digit >= MORE) {
      scale *= MORE;
      continue;
    }
    values.push(value);
    value = 0;
    scale = 1;
  }
  if (scale !== 1) throw new Error('corrupt search index: truncated number');
  return values;
}
