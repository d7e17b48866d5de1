// After a deploy: /healthz until it reports the published version, then one authenticated MCP call
// with the official client — the same path an agent takes.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

export interface Health {
  status: string;
  version?: string;
  documents?: number;
}

/** Polls /healthz until it answers ok with `version` (KV edge caches may hold the old pointer up to 60 s). */
export async function waitForHealth(
  baseUrl: string,
  version: string | undefined,
  attempts: number,
  delayMs: number,
): Promise<{ ok: boolean; last: string }> {
  let last = 'no answer';
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(10_000) });
      const body = (await response.json().catch(() => ({}))) as Health;
      last = `${response.status} ${JSON.stringify(body)}`;
      if (response.status === 200 && body.status === 'ok' && (!version || body.version === version))
        return { ok: true, last };
    } catch (error) {
      last = (error as Error).message;
    }
  }
  return { ok: false, last };
}

/** tools/list with a bearer token; the tool names, or the reason it failed (never the token). */
export async function listToolsWith(
  mcpUrl: string,
  token: string,
): Promise<{ ok: true; tools: string[] } | { ok: false; problem: string }> {
  const client = new Client({ name: 'praxis-deploy', version: '1.0.0' });
  try {
    await client.connect(
      new StreamableHTTPClientTransport(new URL(mcpUrl), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    const { tools } = await client.listTools();
    return { ok: true, tools: tools.map((tool) => tool.name) };
  } catch (error) {
    return { ok: false, problem: (error as Error).message.replaceAll(token, '<token>') };
  } finally {
    await client.close().catch(() => undefined);
  }
}
