// The insights page's per-day series against the real D1 (migrations applied): reads count only
// successful gets of documents the author's view names — a restricted document, another kind's
// document of the same name, errors and searches are not reads — and asks count only the searches
// whose wording analyses to the terms of a question on the gap list. Every day of the period is there.
import { beforeEach, describe, expect, it } from 'vitest';
import { analyseQuery } from '../../../src/worker/content/search/query-terms.ts';
import {
  MAX_SERIES_DAYS,
  gapAsksPerDay,
  readsPerDay,
} from '../../../src/worker/insights/series.ts';
import { termsKeyOf } from '../../../src/worker/insights/terms-key.ts';
import { clearEvents, insightsDb } from '../../helpers/workerd/insights-helpers.ts';

const DAY_MS = 86_400_000;
/** 2026-12-01T00:00Z and the two days after it. */
const DAY_1 = Date.UTC(2026, 11, 1);
/** The three days, both ends included as the report includes them. */
const period = { since: DAY_1, until: DAY_1 + 3 * DAY_MS - 60_000 };

async function event(
  at: number,
  tool: string,
  fields: { query?: string; names?: string[]; isError?: boolean },
): Promise<void> {
  const kind = tool.slice(0, tool.indexOf('_'));
  await insightsDb()
    .prepare(
      'INSERT INTO usage_events (minute, caller, tool, kind, query, names, is_error, terms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)',
    )
    .bind(
      Math.floor(at / 60_000),
      'c'.repeat(64),
      tool,
      kind,
      fields.query ?? null,
      JSON.stringify(fields.names ?? []),
      fields.isError ? 1 : 0,
      // A search's terms key, as recording stores it.
      kind === 'search' && fields.query ? termsKeyOf(analyseQuery(fields.query).terms) : null,
    )
    .run();
}

const visible = [
  { kind: 'processes' as const, names: ['deployment', 'code-review'] },
  { kind: 'checklists' as const, names: ['release'] },
];

beforeEach(clearEvents);

describe('reads per day', () => {
  it('counts successful gets of visible documents, per day, every day of the period', async () => {
    await event(DAY_1 + 60_000, 'get_process', { query: 'deployment', names: ['deployment'] });
    await event(DAY_1 + 2 * 60_000, 'get_process', { query: 'deployment', names: ['deployment'] });
    await event(DAY_1 + 2 * DAY_MS + 5, 'get_checklist', { query: 'release', names: ['release'] });
    expect(await readsPerDay(insightsDb(), period, visible)).toEqual([
      { day: '2026-12-01', count: 2 },
      { day: '2026-12-02', count: 0 },
      { day: '2026-12-03', count: 1 },
    ]);
  });

  it('leaves out restricted documents, same-named documents of another kind, errors, searches and other days', async () => {
    await event(DAY_1 + 1, 'get_process', { names: ['security-incident-playbook'] });
    await event(DAY_1 + 1, 'get_checklist', { names: ['deployment'] });
    await event(DAY_1 + 1, 'get_process', { names: [], isError: true, query: 'deployment' });
    await event(DAY_1 + 1, 'search_processes', { query: 'deploy', names: ['deployment'] });
    await event(DAY_1 - 1, 'get_process', { names: ['deployment'] });
    await event(DAY_1 + 3 * DAY_MS, 'get_process', { names: ['deployment'] });
    const days = await readsPerDay(insightsDb(), period, visible);
    expect(days.map((day) => day.count)).toEqual([0, 0, 0]);
  });
});

describe('asks per day of the gap list', () => {
  const gap = 'how do we rotate the on-call pager';

  it('counts the searches whose wording has a gap question’s terms, per day', async () => {
    await event(DAY_1 + 1, 'search_processes', { query: gap });
    await event(DAY_1 + 2, 'search_checklists', { query: gap });
    await event(DAY_1 + DAY_MS + 1, 'search_processes', {
      query: 'the on-call pager: how do we rotate',
    });
    await event(DAY_1 + 3, 'search_processes', { query: 'deploy' });
    await event(DAY_1 + 4, 'search_processes', { query: 'rotate the pager' });
    expect(await gapAsksPerDay(insightsDb(), period, [analyseQuery(gap).terms])).toEqual([
      { day: '2026-12-01', count: 2 },
      { day: '2026-12-02', count: 1 },
      { day: '2026-12-03', count: 0 },
    ]);
  });

  it('an empty gap list counts nothing', async () => {
    await event(DAY_1 + 1, 'search_processes', { query: gap });
    const days = await gapAsksPerDay(insightsDb(), period, []);
    expect(days.map((day) => day.count)).toEqual([0, 0, 0]);
  });
});

it('a period longer than MAX_SERIES_DAYS is cut to its most recent days', async () => {
  const long = { since: DAY_1 - 1000 * DAY_MS, until: DAY_1 + DAY_MS - 60_000 };
  const days = await readsPerDay(insightsDb(), long, visible);
  expect(days).toHaveLength(MAX_SERIES_DAYS);
  expect(days.at(-1)!.day).toBe('2026-12-01');
});
