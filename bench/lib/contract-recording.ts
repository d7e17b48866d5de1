// What the contract floor (bench/workers/contract-floor-worker.ts) serves: Praxis's own tools/list
// and its answer to each call the bench makes, asked of the Praxis Worker under test in the 2026-07-28
// envelope just before the measuring starts, so the floor answers the same bytes Praxis does.
import type { ContractRecording } from '../workers/contract-recording-binding.ts';
import { eraRequest, type JsonRpcRequest } from './era-envelope.ts';

async function resultOf(
  url: URL,
  message: JsonRpcRequest,
  headers: Record<string, string>,
): Promise<Record<string, unknown>> {
  const answer = await fetch(url, { method: 'POST', ...eraRequest('modern', message, headers) });
  const text = await answer.text();
  const parsed = answer.ok ? (JSON.parse(text) as { result?: Record<string, unknown> }) : {};
  if (!parsed.result || parsed.result.isError)
    throw new Error(
      `recording ${message.method} for the contract floor failed: HTTP ${answer.status}: ${text.slice(0, 300)}`,
    );
  // The 2026-07-28 envelope's own fields are the SDK's to add again, not part of the answer.
  const { _meta: _envelope, resultType: _resultType, ...result } = parsed.result;
  return result;
}

/** Praxis's tools/list and its result for each of `calls` (tools/call requests), by tool name. */
export async function recordContract(
  url: URL,
  calls: JsonRpcRequest[],
  headers: Record<string, string>,
): Promise<ContractRecording> {
  const listed = await resultOf(url, { id: 1, method: 'tools/list' }, headers);
  const recording: ContractRecording = {
    tools: listed.tools as ContractRecording['tools'],
    answers: {},
  };
  for (const call of calls) {
    const name = call.params?.name as string;
    recording.answers[name] = (await resultOf(
      url,
      call,
      headers,
    )) as ContractRecording['answers'][string];
  }
  return recording;
}
