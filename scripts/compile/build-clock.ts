// The build's clock, for what it computes from today: stale warnings and the date of files with
// uncommitted changes. PRAXIS_BUILD_NOW (YYYY-MM-DD, or an ISO date and time) fixes it, so tests and
// the pages that show a build's output give the same answer on any day; unset, it is the real time.
import { isoDateMs } from '../../src/bundle/freshness.ts';
import type { BuildError } from './errors.ts';

export const BUILD_NOW_VARIABLE = 'PRAXIS_BUILD_NOW';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** Milliseconds since 1970 the build takes as now, or why PRAXIS_BUILD_NOW cannot be read. */
export function buildNow(
  env: Readonly<Record<string, string | undefined>> = process.env,
): { ok: true; nowMs: number } | { ok: false; message: string } {
  const fixed = env[BUILD_NOW_VARIABLE]?.trim();
  if (!fixed) return { ok: true, nowMs: Date.now() };
  const nowMs = ISO_DATE_TIME.test(fixed) ? Date.parse(fixed) : isoDateMs(fixed);
  if (nowMs === undefined || Number.isNaN(nowMs))
    return {
      ok: false,
      message: `${BUILD_NOW_VARIABLE} must be a date (2026-12-03) or an ISO date and time (2026-12-03T09:00:00Z), not '${fixed.slice(0, 40)}'`,
    };
  return { ok: true, nowMs };
}

/** The clock a build runs by: the one it was given, else buildNow's; an unreadable one as a build error. */
export function buildClock(
  nowMs: number | undefined,
): { ok: true; nowMs: number } | { ok: false; errors: BuildError[] } {
  const clock = nowMs === undefined ? buildNow() : { ok: true as const, nowMs };
  return clock.ok
    ? clock
    : { ok: false, errors: [{ file: BUILD_NOW_VARIABLE, line: 1, message: clock.message }] };
}
