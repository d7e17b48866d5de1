// One way to declare a tool: its name, its definition (schemas, annotations) and how it answers.
// A tool answers with what it found; the server turns every answer into the MCP result the same
// way (tool-result.ts), so no tool builds a CallToolResult of its own.
import type {
  ContentBlock,
  StandardSchemaWithJSON,
  ToolAnnotations,
} from '@modelcontextprotocol/server';

/** What a tool found: a structured object (sent as JSON text too), or text, or both. */
export interface ToolAnswer {
  structured?: Record<string, unknown>;
  /** The text a client shows; the structured object's JSON when absent. */
  text?: string;
  isError?: boolean;
  /** Content after the text, such as resource links to what the answer names. */
  more?: ContentBlock[];
}

export interface ToolDefinition<Input extends StandardSchemaWithJSON> {
  title: string;
  description: string;
  inputSchema: Input;
  outputSchema?: StandardSchemaWithJSON;
  annotations: ToolAnnotations;
}

export interface Tool {
  name: string;
  definition: ToolDefinition<StandardSchemaWithJSON>;
  answer: (args: unknown) => ToolAnswer | Promise<ToolAnswer>;
}

/** A tool whose answer is typed by its input schema. */
export function tool<Input extends StandardSchemaWithJSON>(
  name: string,
  definition: ToolDefinition<Input>,
  answer: (args: StandardSchemaWithJSON.InferOutput<Input>) => ToolAnswer | Promise<ToolAnswer>,
): Tool {
  return { name, definition, answer: answer as Tool['answer'] };
}
