// Shared by the insights tests in workerd: the usage events the test D1 holds, the caller id a
// subject gets there, and tools/call bodies.
import { callerId } from '../../../src/worker/insights/caller-id.ts';
import { testEnv } from './helpers.ts';

export interface StoredEvent {
  id: number;
  minute: number;
  caller: string;
  tool: string;
  kind: string;
  query: string | null;
  result_count: number | null;
  top_score: number | null;
  names: string;
  is_error: number;
  version: string | null;
  /** A search's terms key (migrations/0002_insights_report.sql). */
  terms: string | null;
}

export const insightsDb = (): D1Database => testEnv.INSIGHTS!;

export async function storedEvents(): Promise<StoredEvent[]> {
  const { results } = await insightsDb()
    .prepare('SELECT * FROM usage_events ORDER BY id')
    .all<StoredEvent>();
  return results;
}

export async function clearEvents(): Promise<void> {
  await insightsDb().prepare('DELETE FROM usage_events').run();
}

/** The caller id the Worker under test stores for `subject`. */
export const storedCallerOf = (subject: string): Promise<string> =>
  callerId(testEnv.PRAXIS_INSIGHTS_KEY!, subject);

let nextId = 1;
export const toolCall = (name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id: nextId++,
  method: 'tools/call',
  params: { name, arguments: args },
});
