// The pre-parse shape check of /mcp bodies (src/worker/http/json-body-shape.ts): it must agree with
// JSON on where strings end (escaped quotes, runs of backslashes), accept every ordinary JSON value
// within its limits, and refuse exactly past each limit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_JSON_DEPTH,
  MAX_JSON_MEMBERS,
  MAX_JSON_STRING_BYTES,
  MAX_JSON_VALUES,
  jsonShapeRefusal,
} from '../../../src/worker/http/json-body-shape.ts';

const shape = (text: string) => jsonShapeRefusal(new TextEncoder().encode(text));

describe('jsonShapeRefusal', () => {
  it('accepts any small JSON value, strings with quotes and backslashes of every kind included', () => {
    const text = fc.string({
      unit: fc.constantFrom('"', '\\', '\\"', 'a', '[', ']', '{', '}', ',', ':', 'ä', '\n'),
    });
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.integer(),
        fc.constant(null),
        fc.array(tie('node'), { maxLength: 5 }),
        fc.dictionary(text, tie('node'), { maxKeys: 5 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        const json = JSON.stringify(v);
        fc.pre(json.length < 20_000);
        expect(shape(json)).toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  it('refuses one level past the depth limit, not at it', () => {
    expect(shape('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBeNull();
    expect(shape('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1))).toMatch(
      /more than 32 levels deep/,
    );
    // Brackets inside a string are text, not nesting.
    expect(shape(JSON.stringify(['['.repeat(1000)]))).toBeNull();
  });

  it('refuses one member past the members limit, in arrays and objects', () => {
    const array = (n: number) => JSON.stringify(Array.from({ length: n }, () => 0));
    const object = (n: number) =>
      JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 0])));
    expect(shape(array(MAX_JSON_MEMBERS))).toBeNull();
    expect(shape(array(MAX_JSON_MEMBERS + 1))).toMatch(/more than 256 members/);
    expect(shape(object(MAX_JSON_MEMBERS))).toBeNull();
    expect(shape(object(MAX_JSON_MEMBERS + 1))).toMatch(/more than 256 members/);
  });

  it('counts values and keys across the whole body', () => {
    const rows = (n: number) =>
      JSON.stringify(Array.from({ length: n }, () => Array.from({ length: 100 }, () => 1)));
    // n rows: 1 outer array, n inner arrays, 100 n numbers.
    expect(shape(rows(20))).toBeNull();
    expect(shape(rows(21))).toMatch(new RegExp(`more than ${MAX_JSON_VALUES} JSON values`));
  });

  it('measures strings to their real closing quote, escapes included', () => {
    expect(shape(JSON.stringify('x'.repeat(MAX_JSON_STRING_BYTES)))).toBeNull();
    expect(shape(JSON.stringify('x'.repeat(MAX_JSON_STRING_BYTES + 1)))).toMatch(
      /at most 65536 bytes per string/,
    );
    // A quote escaped by an odd run of backslashes does not end the string; an even run does.
    const escapedQuotes = JSON.stringify('\\"'.repeat(MAX_JSON_STRING_BYTES / 3));
    expect(shape(escapedQuotes)).toMatch(/bytes per string/);
    expect(shape(`["${'\\\\'.repeat(10)}", ${JSON.stringify('x'.repeat(100))}]`)).toBeNull();
    expect(shape(`"${'x'.repeat(MAX_JSON_STRING_BYTES + 1)}`)).toMatch(/bytes per string/); // unterminated
  });

  it('does work linear in the body: a body of 2n escaped quotes costs twice one of n (indexOf calls counted)', () => {
    const calls = (n: number) => {
      const bytes = new TextEncoder().encode(`"${'\\"'.repeat(n)}"`);
      const original = bytes.indexOf.bind(bytes);
      let count = 0;
      bytes.indexOf = ((...args: Parameters<typeof original>) => {
        count++;
        return original(...args);
      }) as typeof bytes.indexOf;
      jsonShapeRefusal(bytes);
      return count;
    };
    const n = 10_000;
    expect(calls(2 * n) / calls(n)).toBeLessThan(2.1);
  });
});
