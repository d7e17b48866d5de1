// What bench/commands/floors.ts hands the contract floor (contract-floor-worker.ts): Praxis's tools
// as its tools/list gave them, and its result for each measured call, by tool name, as JSON in one
// plain-text binding.
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';

export const RECORDING_BINDING = 'CONTRACT_RECORDING';

export interface ContractRecording {
  tools: Tool[];
  answers: Record<string, CallToolResult>;
}
