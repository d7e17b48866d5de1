// One KV read with a deadline. A KV outage must not hang a request or surface as a stack trace: the
// caller gets ContentUnavailableError (a message fit for a client), the log gets the detail.
export const DEFAULT_KV_TIMEOUT_MS = 3000;

/** The content store could not be read right now; safe to show to a client, retrying may help. */
export class ContentUnavailableError extends Error {
  constructor(message = 'The content store did not answer; try again in a few seconds.') {
    super(message);
    this.name = 'ContentUnavailableError';
  }
}

export function kvTimeoutOf(env: { PRAXIS_KV_TIMEOUT_MS?: string }): number {
  const value = Number(env.PRAXIS_KV_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_KV_TIMEOUT_MS;
}

/** The text under `key` (null when absent), or ContentUnavailableError after a failure or `timeoutMs`. */
export async function kvText(kv: KVNamespace, key: string, timeoutMs = DEFAULT_KV_TIMEOUT_MS): Promise<string | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([kv.get(key, 'text'), timeout]);
  } catch (error) {
    console.error(JSON.stringify({ event: 'content_store_unavailable', key, error: error instanceof Error ? error.message : String(error) }));
    throw new ContentUnavailableError();
  } finally {
    clearTimeout(timer);
  }
}
