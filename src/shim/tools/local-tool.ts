// The shape of a tool the shim serves itself, declared like the Worker's tools: a zod input schema
// next to the handler. The definition a client lists is plain data (name, JSON Schema, annotations):
// the zod schema converted once, which is the spec's schema word for word (a test compares them);
// `run` returns a finished result.
import type { CallToolResult, Tool, ToolAnnotations } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { GitError } from '../git/run.ts';
import { Refusal } from '../refusal.ts';
import { refusalResult } from './results.ts';
import { visibleResult } from './visible-result.ts';

export interface ToolContext {
  /** The active repository directory (`--repo`). */
  repoDir: string;
}

export interface LocalTool {
  definition: Tool;
  run(args: Record<string, unknown>, context: ToolContext): Promise<CallToolResult>;
}

export interface LocalToolDeclaration<Input extends z.ZodObject> {
  name: string;
  description: string;
  inputSchema: Input;
  annotations: ToolAnnotations;
  /** Called with arguments already checked against `inputSchema`'s JSON Schema. */
  run(args: z.input<Input>, context: ToolContext): Promise<CallToolResult>;
}

/**
 * A declared tool as the shim serves it: its JSON Schema converted from zod once, as the client
 * lists it, and every result with the control characters session text may hold shown as markers.
 */
export function localTool<Input extends z.ZodObject>(
  declaration: LocalToolDeclaration<Input>,
): LocalTool {
  const { $schema: _dialect, ...inputSchema } = z.toJSONSchema(declaration.inputSchema, {
    io: 'input',
  });
  return {
    definition: {
      name: declaration.name,
      description: declaration.description,
      inputSchema: inputSchema as Tool['inputSchema'],
      annotations: declaration.annotations,
    },
    run: async (args, context) =>
      visibleResult(await declaration.run(args as z.input<Input>, context)),
  };
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
