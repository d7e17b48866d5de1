// A /mcp request's body, read once and parsed once, after the caller is known: the MCP handler is
// given the parsed value too. A body whose shape is out of bounds (json-body-shape.ts) is refused
// before JSON.parse sees it.
import { jsonShapeRefusal } from './json-body-shape.ts';

/** A POST's body as parsed JSON; null when it is not JSON (or not a POST). */
export type JsonBody = { value: unknown } | null;

const utf8 = new TextDecoder();

export type ReadBody = { body: JsonBody; request: Request } | { refused: string };

/**
 * A request's body, read once (cloning it to keep the original readable cost more than the parse):
 * its JSON value, and the request to hand on — the original when nothing was read, else a copy
 * carrying the same bytes, for the SDK to read when the body did not parse (its parse error is the
 * one the client gets). `refused`: why the body's shape was refused unparsed.
 */
export async function readJsonBody(request: Request): Promise<ReadBody> {
  if (request.method !== 'POST') return { body: null, request };
  const bytes = new Uint8Array(await request.arrayBuffer());
  const refused = jsonShapeRefusal(bytes);
  if (refused) return { refused };
  try {
    return { body: { value: JSON.parse(utf8.decode(bytes)) as unknown }, request };
  } catch {
    return { body: null, request: new Request(request, { body: bytes }) };
  }
}
