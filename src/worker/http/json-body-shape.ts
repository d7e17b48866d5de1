// The shape of a JSON body, checked on its bytes before JSON.parse sees them. Parsing costs CPU in
// proportion to the number of values and the nesting (a 1 MiB body of 60 000 keys or of 500 000
// nested arrays costs tens of milliseconds to parse, several times the free plan's 10 ms per
// request), so a body whose structure no MCP message needs is refused in one linear pass first.
// This is no JSON parser: it tracks only the strings (skipped to their closing quote), the nesting
// depth, the members of each open object or array, and the length of each string. Whether
// the text is JSON at all is left to JSON.parse, which then meets only bounded input.

/** Deeper than any MCP message (params.arguments.x.y… stays well under ten levels). */
export const MAX_JSON_DEPTH = 32;
/** Members of one object or array (prompt arguments, a batch, a record of values…). */
export const MAX_JSON_MEMBERS = 256;
/** Values and object keys in the whole body: objects, arrays, strings, numbers, literals and keys together. */
export const MAX_JSON_VALUES = 2048;
/** Bytes of one string (UTF-8, escapes as written). Longer values are never meaningful to Praxis. */
export const MAX_JSON_STRING_BYTES = 64 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const COLON = 0x3a;
const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

/** Why `bytes` is refused before parsing, naming the limit; null when its shape is within every limit. */
export function jsonShapeRefusal(bytes: Uint8Array): string | null {
  // commas[d]: commas seen so far in the container open at depth d (its members less one).
  const commas = new Uint32Array(MAX_JSON_DEPTH + 1);
  let depth = 0;
  let values = 0;
  // Whether a value (or an object key) has started since the last comma, colon or opening bracket.
  let valueOpen = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte === SPACE || byte === TAB || byte === LF || byte === CR) continue;
    if (byte === COMMA || byte === COLON) {
      valueOpen = false;
      if (byte === COMMA && depth > 0 && ++commas[depth]! >= MAX_JSON_MEMBERS) {
        return (
          `an object or array in the request has more than ${MAX_JSON_MEMBERS} members; ` +
          `at most ${MAX_JSON_MEMBERS} are accepted`
        );
      }
      continue;
    }
    if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      if (depth > 0) depth--;
      valueOpen = true;
      continue;
    }
    // Anything else starts a value or a key, or continues one (a number's digits, a literal's letters).
    if (!valueOpen) {
      valueOpen = true;
      if (++values > MAX_JSON_VALUES) {
        return (
          `the request holds more than ${MAX_JSON_VALUES} JSON values and keys; ` +
          `at most ${MAX_JSON_VALUES} are accepted`
        );
      }
    }
    if (byte === QUOTE) {
      const end = closingQuote(bytes, i + 1);
      if (end - (i + 1) > MAX_JSON_STRING_BYTES) return stringTooLong(end - (i + 1));
      i = end;
    } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > MAX_JSON_DEPTH) {
        return (
          `the request nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep; ` +
          `at most ${MAX_JSON_DEPTH} are accepted`
        );
      }
      commas[depth] = 0;
      valueOpen = false;
    }
  }
  return null;
}

/**
 * Where the string starting at `from` ends: its closing quote (one not escaped by an odd run of
 * backslashes), or the end of the bytes. The search for each quote is native (indexOf), and each
 * backslash is counted once, for the quote it precedes: linear in the string's length.
 */
function closingQuote(bytes: Uint8Array, from: number): number {
  for (let at = from; ; at++) {
    const quote = bytes.indexOf(QUOTE, at);
    if (quote < 0) return bytes.length;
    let backslashes = 0;
    while (quote - backslashes - 1 >= from && bytes[quote - backslashes - 1] === BACKSLASH)
      backslashes++;
    if (backslashes % 2 === 0) return quote;
    at = quote;
  }
}

const stringTooLong = (bytes: number): string =>
  `a string in the request is ${bytes} bytes long; at most ${MAX_JSON_STRING_BYTES} bytes per string are accepted`;
