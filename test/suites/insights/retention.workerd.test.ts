// Retention: the cron trigger's scheduled event deletes usage events older than
// PRAXIS_INSIGHTS_DAYS (90 by default), whether insights are on or off, and keeps the rest.
import {
  createExecutionContext,
  createScheduledController,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import worker, { type Env } from '../../../src/worker/index.ts';
import { epochMinute, writeUsageEvents } from '../../../src/worker/insights/usage-events.ts';
import { testEnv } from '../../helpers/workerd/helpers.ts';
import { clearEvents, insightsDb, storedEvents } from '../../helpers/workerd/insights-helpers.ts';

const DAY = 24 * 60;
const NOW = Date.UTC(2027, 0, 15, 3, 17);

async function eventsAged(days: number[]): Promise<void> {
  await writeUsageEvents(
    insightsDb(),
    days.map((age, i) => ({
      minute: epochMinute(NOW) - age * DAY,
      caller: `caller-${i}`,
      tool: 'search_processes',
      kind: 'search',
      query: `aged ${age}`,
      resultCount: 0,
      topScore: null,
      names: '[]',
      isError: 0,
      version: 'v',
    })),
  );
}

async function fireCron(env: Partial<Env> = {}): Promise<void> {
  const context = createExecutionContext();
  await worker.scheduled(
    createScheduledController({ scheduledTime: NOW, cron: '17 3 * * *' }),
    { ...testEnv, ...env } as Env,
    context,
  );
  await waitOnExecutionContext(context);
}

const remaining = async () => (await storedEvents()).map((event) => event.query);

beforeEach(clearEvents);

describe('the scheduled retention', () => {
  it('deletes events older than 90 days by default and keeps the rest', async () => {
    await eventsAged([0, 1, 89, 90, 91, 400]);
    await fireCron({ PRAXIS_INSIGHTS_DAYS: undefined });
    expect(await remaining()).toEqual(['aged 0', 'aged 1', 'aged 89', 'aged 90']);
  });

  it("deletes the report's gap states no report checked within the period", async () => {
    await insightsDb().prepare('DELETE FROM gap_answers').run();
    for (const [terms, age] of [
      ['kept', 3],
      ['old', 8],
    ] as const)
      await insightsDb()
        .prepare(
          'INSERT INTO gap_answers (access, terms, checked_minute, was_unanswered) VALUES (?1, ?2, ?3, 1)',
        )
        .bind('a', terms, epochMinute(NOW) - age * DAY)
        .run();
    await fireCron({ PRAXIS_INSIGHTS_DAYS: '7' });
    const { results } = await insightsDb().prepare('SELECT terms FROM gap_answers').all();
    expect(results).toEqual([{ terms: 'kept' }]);
  });

  it('follows PRAXIS_INSIGHTS_DAYS', async () => {
    await eventsAged([0, 6, 7, 8, 30]);
    await fireCron({ PRAXIS_INSIGHTS_DAYS: '7' });
    expect(await remaining()).toEqual(['aged 0', 'aged 6', 'aged 7']);
  });

  it('still deletes old events with insights off, and falls back to 90 days on a nonsense setting', async () => {
    await eventsAged([0, 100]);
    await fireCron({ PRAXIS_INSIGHTS: 'off', PRAXIS_INSIGHTS_DAYS: '-3' });
    expect(await remaining()).toEqual(['aged 0']);
  });

  it('does nothing, and does not fail, without the binding', async () => {
    await eventsAged([400]);
    await fireCron({ INSIGHTS: undefined });
    expect(await remaining()).toEqual(['aged 400']);
  });
});
