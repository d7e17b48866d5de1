// A D1 outage never changes an answer: with the INSIGHTS binding throwing on every call, or the
// table gone, every tool call answers byte for byte what it answers with D1 working, and the failure
// is one JSON log line.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  callWorker,
  mcpRequest,
  publishFixture,
  settleBackgroundWork,
  token,
} from '../../helpers/workerd/helpers.ts';
import { insightsDb, storedEvents, toolCall } from '../../helpers/workerd/insights-helpers.ts';

beforeAll(publishFixture);
afterEach(() => vi.restoreAllMocks());

const BODIES = [
  toolCall('search_processes', { query: 'code review' }),
  toolCall('get_process', { name: 'deployment' }),
  toolCall('get_process', { name: 'no-such-process' }),
  toolCall('list_checklists', {}),
  [toolCall('search_checklists', { query: 'release' }), toolCall('list_templates', {})],
];

/** Every body's answer as raw bytes (status, content type and body), with these overrides. */
async function answers(overrides: object): Promise<string[]> {
  const bearer = await token('outage-tester');
  const seen: string[] = [];
  for (const body of BODIES) {
    const response = await callWorker(mcpRequest(body, { bearer }), overrides);
    const bytes = new Uint8Array(await response.arrayBuffer());
    seen.push(`${response.status} ${response.headers.get('content-type')} ${bytes.join(',')}`);
  }
  await settleBackgroundWork();
  return seen;
}

/** A binding whose every method throws, as a D1 outage does. */
const brokenDb = new Proxy({} as D1Database, {
  get() {
    return () => {
      throw new Error('D1_ERROR: Network connection lost.');
    };
  },
});

function errorLines(spy: { mock: { calls: unknown[][] } }): Array<Record<string, unknown>> {
  return spy.mock.calls
    .map(([line]) => {
      try {
        return JSON.parse(String(line)) as Record<string, unknown>;
      } catch {
        return {};
      }
    })
    .filter((line: Record<string, unknown>) => line.event === 'insights_write_failed');
}

describe('with D1 failing', () => {
  it('a binding that throws: the same answers, byte for byte, and one log line per request', async () => {
    const working = await answers({});
    expect((await storedEvents()).length).toBe(6);
    const errors = vi.spyOn(console, 'error');
    const failing = await answers({ INSIGHTS: brokenDb });
    expect(failing).toEqual(working);
    const lines = errorLines(errors);
    expect(lines).toHaveLength(BODIES.length);
    expect(lines[0]).toMatchObject({ reason: 'D1_ERROR: Network connection lost.', events: 1 });
  });

  it('the table dropped: the same answers, byte for byte, and nothing else breaks', async () => {
    const working = await answers({});
    await insightsDb().prepare('DROP TABLE usage_events').run();
    try {
      const errors = vi.spyOn(console, 'error');
      expect(await answers({})).toEqual(working);
      const lines = errorLines(errors);
      expect(lines).toHaveLength(BODIES.length);
      expect(String(lines[0]!.reason)).toMatch(/no such table: usage_events/);
    } finally {
      await insightsDb().exec(
        "CREATE TABLE usage_events (id INTEGER PRIMARY KEY, minute INTEGER NOT NULL, caller TEXT NOT NULL, tool TEXT NOT NULL, kind TEXT NOT NULL, query TEXT, result_count INTEGER, top_score REAL, names TEXT NOT NULL DEFAULT '[]', is_error INTEGER NOT NULL DEFAULT 0, version TEXT)",
      );
    }
  });

  it('a key too short to use: answers unchanged, insights_unavailable logged, nothing written', async () => {
    const working = await answers({ PRAXIS_INSIGHTS: 'off' });
    const before = (await storedEvents()).length;
    const errors = vi.spyOn(console, 'error');
    expect(await answers({ PRAXIS_INSIGHTS_KEY: 'short' })).toEqual(working);
    expect((await storedEvents()).length).toBe(before);
    expect(
      errors.mock.calls.filter(([line]) => String(line).includes('"insights_unavailable"')),
    ).toHaveLength(BODIES.length);
  });
});
