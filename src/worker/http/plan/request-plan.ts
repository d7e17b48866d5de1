// A /mcp request's plan, made once from its parsed body and handed down: what the audit line names,
// the tool a lone tools/call calls (the MCP server then registers only that tool's kind), how many
// calls the rate limit counts, whether any message calls a tool (its usage events are collected),
// and what of the content version to load, searches ahead included.
import type { BundleNeeds } from '../../content/bundle-needs.ts';
import type { JsonBody } from '../json-body.ts';
import { MAX_BATCH_MESSAGES } from '../request-caps.ts';
import { contentNeeds } from './content-needs.ts';
import { messagesOf } from './json-rpc-message.ts';
import { operationOf } from './operation.ts';
import { searchesAhead } from './searches-ahead.ts';

export interface RequestPlan {
  /** "tools/call:get_process", "tools/list", a comma-joined batch; null without a JSON-RPC body. */
  operation: string | null;
  /** The tool named by a body that is one tools/call request (not a batch). */
  calledTool?: string;
  /** JSON-RPC calls, as the rate limit counts them: each member of a batch, at least one. */
  calls: number;
  /** Whether any message is a tools/call: what the tools find is collected for usage events. */
  callsTools: boolean;
  needs: BundleNeeds;
}

export function requestPlan(body: JsonBody): RequestPlan {
  const { messages, batch } = messagesOf(body);
  const lone = batch ? undefined : messages[0];
  const calledTool = lone?.method === 'tools/call' ? lone.name : undefined;
  return {
    operation: operationOf(messages),
    calledTool,
    // Longer batches are refused before the plan is used (request-caps.ts); counting never goes past it.
    calls: batch ? Math.min(MAX_BATCH_MESSAGES, Math.max(1, messages.length)) : 1,
    callsTools: messages.some((message) => message.method === 'tools/call'),
    needs: contentNeeds(calledTool, searchesAhead(messages), messages),
  };
}
