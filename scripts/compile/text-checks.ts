// Checks on a content file's text that no parser makes: bytes that only a binary file has, and
// Markdown an agent or a renderer could mistake for something else (active HTML, text addressed to
// the agent). The first is an error; the others are warnings with file:line, and the document is
// flagged in its metadata so clients see it was not vetted as plain guidance.
import type { BuildError } from './errors.ts';

/** C0 controls other than tab, LF, FF and CR, and DEL: text editors never write them, binaries always do. */
const BINARY_BYTE = /[\u0000-\u0008\u000B\u000E-\u001F\u007F]/;

/** `file:line: …` for the first binary-looking character, or null for text. */
export function binaryContentError(text: string, file: string): BuildError | null {
  const match = BINARY_BYTE.exec(text);
  if (!match) return null;
  const line = text.slice(0, match.index).split('\n').length;
  const code = match[0].charCodeAt(0).toString(16).padStart(2, '0');
  return {
    file,
    line,
    message: `file looks binary (control byte 0x${code}): only UTF-8 text is published; remove the byte or the file`,
  };
}

export type ContentFlag = 'active-html' | 'agent-directed-text';

const CHECKS: { flag: ContentFlag; pattern: RegExp; message: string }[] = [
  {
    flag: 'active-html',
    pattern:
      /<\s*(script|iframe|object|embed|form|style|meta|link|base)\b|\bon[a-z]+\s*=\s*["']|\b(javascript|vbscript|data:text\/html)\s*:/i,
    message:
      'raw HTML that runs or loads something (script, iframe, event handler, javascript: URL): served as text, but a client that renders Markdown may run it — use Markdown instead',
  },
  {
    flag: 'agent-directed-text',
    pattern:
      /\b(ignore|disregard|forget|override)\b[^.\n]{0,40}\b(previous|prior|above|earlier|all|your|system)\b[^.\n]{0,20}\b(instructions?|prompts?|rules|directions)\b|\byou are now\b|\bnew (system )?instructions?\s*:|<\/?\s*(system|assistant|instructions?)\s*>|\bsystem prompt\b/i,
    message:
      'text that addresses the agent rather than the reader ("ignore previous instructions", role tags): it is served flagged as content_warnings, never as instructions — reword it if it is genuine guidance',
  },
];

/** Warnings for a Markdown body whose first line is line `firstLine` of `file`, plus the flags to record. */
export function contentWarnings(
  body: string,
  file: string,
  firstLine: number,
): { warnings: BuildError[]; flags: ContentFlag[] } {
  const warnings: BuildError[] = [];
  const flags: ContentFlag[] = [];
  const lines = body.split('\n');
  for (const { flag, pattern, message } of CHECKS) {
    const index = lines.findIndex((line) => pattern.test(line));
    if (index === -1) continue;
    flags.push(flag);
    warnings.push({ file, line: firstLine + index, message });
  }
  return { warnings, flags };
}
