// The hints of a tool that only reads: it changes nothing, a repeat gives the same answer, and it
// reaches nothing outside the data it serves. One constant for the Worker's tools and the shim's.
import type { ToolAnnotations } from '@modelcontextprotocol/server';

export const READ_ONLY = Object.freeze({
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
}) satisfies ToolAnnotations;
