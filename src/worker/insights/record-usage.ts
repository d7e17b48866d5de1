// A request's tool calls as usage events, written after the answer: what the tools found is
// collected while they answer (collectsUsage decides whether), and once the answer has been sent the
// caller's id is computed and the rows written in the background (waitUntil), so an answer never
// waits for D1 and never fails with it. What goes wrong is one JSON log line; the answer is unchanged.
import type { Principal } from '../auth/principal.ts';
import type { ToolCallOutcome } from '../mcp/tool-call-outcome.ts';
import { callerId } from './caller-id.ts';
import { usageEventStore, type InsightsEnv } from './settings.ts';
import { epochMinute, usageEvent, writeUsageEvents } from './usage-events.ts';

/**
 * Whether a request's tool calls are collected: it calls tools, a person called them (auth mode
 * off's anonymous developer is not one), and insights are on and configured — a misconfiguration
 * is logged, once per request.
 */
export function collectsUsage(
  env: InsightsEnv,
  principal: Principal,
  callsTools: boolean,
): boolean {
  if (!callsTools || principal.via === 'off') return false;
  const store = usageEventStore(env);
  if (!store.ok && !store.off)
    console.error(JSON.stringify({ event: 'insights_unavailable', reason: store.reason }));
  return store.ok;
}

export interface AnsweredRequest {
  principal: Principal;
  /** Filled in as the tools answer; complete once `sent` settles. */
  toolCalls: readonly ToolCallOutcome[];
  sent: Promise<void>;
  version: string | undefined;
  /** When the request arrived, in ms since the epoch. */
  at: number;
}

/** Writes the request's usage events once its answer is sent; never rejects. */
export async function recordUsage(env: InsightsEnv, request: AnsweredRequest): Promise<void> {
  try {
    await request.sent;
    const { toolCalls } = request;
    const store = usageEventStore(env);
    if (!toolCalls.length || !store.ok) return;
    const caller = await callerId(store.key, request.principal.subject);
    const at = { minute: epochMinute(request.at), caller, version: request.version ?? null };
    await writeUsageEvents(
      store.db,
      toolCalls.map((outcome) => usageEvent(outcome, at)),
    );
  } catch (error) {
    console.error(
      JSON.stringify({
        event: 'insights_write_failed',
        reason: error instanceof Error ? error.message : String(error),
        events: request.toolCalls.length,
      }),
    );
  }
}
