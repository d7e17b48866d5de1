// Cheap refusals before any auth or MCP work: wrong Host (DNS rebinding), foreign Origin, oversized body.
import {
  hostHeaderValidationResponse,
  originValidationResponse,
} from '@modelcontextprotocol/server';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AllowedHosts } from './allowed-hosts.ts';
import { noteForAudit } from './audit.ts';
import { jsonRpcErrorResponse, ProtocolErrorCode } from './jsonrpc-error-response.ts';
import type { McpPipeline } from './mcp-context.ts';

export const MAX_REQUEST_BYTES = 1024 * 1024;

export function hostAndOriginGuard(
  allowed: (env: unknown) => AllowedHosts,
): MiddlewareHandler<McpPipeline> {
  return async (c, next) => {
    const { hosts, origins } = allowed(c.env);
    const refused =
      (hosts && hostHeaderValidationResponse(c.req.raw, hosts)) ||
      originValidationResponse(c.req.raw, origins);
    if (refused) {
      noteForAudit(c, { outcome: 'host_or_origin_refused' });
      return refused;
    }
    await next();
  };
}

export const requestSizeLimit: MiddlewareHandler<McpPipeline> = bodyLimit({
  maxSize: MAX_REQUEST_BYTES,
  onError: (c) => {
    noteForAudit(c as never, { outcome: 'body_too_large' });
    return jsonRpcErrorResponse(
      c,
      ProtocolErrorCode.InvalidRequest,
      `Request body exceeds ${MAX_REQUEST_BYTES} bytes (1 MiB).`,
      413,
    );
  },
});
