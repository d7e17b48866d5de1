// What a request asked for, as its audit line names it: "tools/call:get_process", "tools/list", a
// comma-joined batch, or null when the body holds no JSON-RPC method.
import type { PlannedMessage } from './json-rpc-message.ts';

const MAX_NAMES = 10;
const MAX_NAME_CHARS = 200;
const NAMING_TARGET = new Set(['tools/call', 'prompts/get', 'resources/read']);

export function operationOf(messages: PlannedMessage[]): string | null {
  const names = messages
    .slice(0, MAX_NAMES)
    .map(operationName)
    .filter((name): name is string => name !== null);
  return names.length ? names.join(',') : null;
}

function operationName({ method, name, uri }: PlannedMessage): string | null {
  if (method === undefined) return null;
  const target = name ?? uri;
  return (target !== undefined && NAMING_TARGET.has(method) ? `${method}:${target}` : method).slice(
    0,
    MAX_NAME_CHARS,
  );
}
