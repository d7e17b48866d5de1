// The one part of client ID metadata documents the workerd tests simulate: a client's web server.
// workers-oauth-provider fetches only https:// URLs with a publicly trusted certificate, which no
// loopback server can present inside workerd, and the library has no test hook. So the Worker's
// outbound fetch (this isolate's global fetch: the Worker runs in-process) answers for the URLs
// `answer` claims, and records them; everything else goes out as usual. Restored after each test.
import { afterEach, beforeEach, vi } from 'vitest';

/** `answer` gives the client web server's response for a URL, or null to let the fetch go out. */
export function simulateClientWebServers(answer: (url: URL) => Response | null): {
  fetched: string[];
} {
  const fetched: string[] = [];
  beforeEach(() => {
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        const response = answer(url);
        if (!response) return realFetch(input, init);
        fetched.push(url.href);
        return Promise.resolve(response);
      },
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
    fetched.splice(0);
  });
  return { fetched };
}

/** A client metadata document as a client's web server serves it: JSON, not to be cached. */
export const servedDocument = (document: unknown): Response =>
  Response.json(document, { headers: { 'cache-control': 'no-store' } });
