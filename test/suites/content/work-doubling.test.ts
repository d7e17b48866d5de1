// The instrument of linear-time-parsers.test.ts, held to work whose growth is known: it must find
// quadratic work whose cost becomes measurable while its linear part still shows, and must never
// call linear work that allocates super-linear (one such call fails a parser's test).
import { describe, expect, it } from 'vitest';
import { superLinearDoubling } from '../../helpers/node/work-doubling.ts';

const run = (n: number): string => 'ab'.repeat(n >> 1);

/** Reads every character once, allocating as it goes as a parser's output does: linear. */
function linear(text: string): number[] {
  const codes: number[] = [];
  for (let i = 0; i < text.length; i++) codes.push(text.charCodeAt(i));
  return codes;
}

/** Reads the text before every character again, as a backtracking scan does: quadratic. */
function quadratic(text: string): number {
  let sum = 0;
  for (let i = 0; i < text.length; i++) for (let j = 0; j < i; j++) sum += text.charCodeAt(j) & 1;
  return sum;
}

describe('the doubling measure behind the linear-time parser checks', () => {
  // A rare miss is noise (a collection inside one measurement). Stopping at the first ratio under
  // the limit found this function in 67 attempts of 100 (load average 4); this rule in 100 of 100.
  it('finds quadratic work in 18 attempts of 20 at least', () => {
    const found = Array.from({ length: 20 }, () => superLinearDoubling(run, quadratic));
    expect(found.filter(Boolean).length).toBeGreaterThanOrEqual(18);
  });

  it('calls linear work linear, every time', () => {
    for (let attempt = 0; attempt < 20; attempt++)
      expect(superLinearDoubling(run, linear), `attempt ${attempt}`).toBeUndefined();
  });
});
