// The VitaeContext contract: an unavailable graph, record, wiki module or unsupported URI is JSON-RPC -32002 with
// the requested URI in `error.data`. (The SDK's ResourceNotFoundError serialises as -32602, so it
// is not used here.)
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

export function resourceNotFound(uri: string, reason: string): ProtocolError {
  return new ProtocolError(
    ProtocolErrorCode.ResourceNotFound,
    `Resource not found: ${uri} (${reason})`,
    { uri },
  );
}
