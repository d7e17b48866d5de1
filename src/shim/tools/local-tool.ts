// The shape of a tool the shim serves itself. Definitions are plain data (name, JSON Schema,
// annotations) so the list a client sees is exactly the spec's; `run` returns a finished result.
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import { GitError } from '../git/run.ts';
import { Refusal } from '../refusal.ts';
import { refusalResult } from './results.ts';

export interface ToolContext {
  /** The active repository directory (`--repo`). */
  repoDir: string;
}

export interface LocalTool {
  definition: Tool;
  run(args: Record<string, unknown>, context: ToolContext): Promise<CallToolResult>;
}

/** Turns refusals and git failures thrown anywhere below into tool error results. */
export async function answering(work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Refusal) return refusalResult(error);
    if (error instanceof GitError) return refusalResult(new Refusal('GIT_FAILED', error.message));
    throw error;
  }
}
