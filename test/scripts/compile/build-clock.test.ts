// PRAXIS_BUILD_NOW fixes the build's clock for tests and docs; anything unreadable is refused, never guessed.
import { describe, expect, it } from 'vitest';
import { buildNow } from '../../../scripts/compile/build-clock.ts';

describe('buildNow', () => {
  it('reads a date or an ISO date and time', () => {
    expect(buildNow({ PRAXIS_BUILD_NOW: '2026-03-01' })).toEqual({
      ok: true,
      nowMs: Date.parse('2026-03-01T00:00:00Z'),
    });
    expect(buildNow({ PRAXIS_BUILD_NOW: '2026-03-01T10:30:00+02:00' })).toEqual({
      ok: true,
      nowMs: Date.parse('2026-03-01T08:30:00Z'),
    });
  });

  it('is the real time when unset or empty', () => {
    const before = Date.now();
    const read = buildNow({ PRAXIS_BUILD_NOW: ' ' });
    expect(read.ok && read.nowMs >= before).toBe(true);
  });

  it.each(['yesterday', '2026-02-30', '2026-03-01 10:00', '1700000000'])('refuses %j', (text) => {
    const read = buildNow({ PRAXIS_BUILD_NOW: text });
    expect(read.ok).toBe(false);
    expect(!read.ok && read.message).toMatch(/^PRAXIS_BUILD_NOW must be a date/);
  });
});
