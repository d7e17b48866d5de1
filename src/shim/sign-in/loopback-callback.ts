// The redirect target of a sign-in (RFC 8252 loopback redirect): an HTTP listener on
// 127.0.0.1, on a port the system picks, that takes exactly one callback carrying this sign-in's
// state. Any local process can reach the port, so a request without that state (a wrong, missing
// or repeated one, another path, a favicon) is answered with a small refusal page and ignored: it
// cannot end or cancel the sign-in. The first callback with the state ends it whatever else it
// carries — the code, an error from the authorization server, no code — and the listener closes;
// so does a timeout. The page the browser gets says what happened and contains nothing from the
// request but escaped text.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PraxisError } from '../../shared/praxis-error.ts';

export const CALLBACK_PATH = '/callback';

export interface AuthorizationResponse {
  code: string;
  /** RFC 9207 issuer, when the server sent one (the SDK checks it). */
  iss?: string;
}

export interface LoopbackCallback {
  /** http://127.0.0.1:<port>/callback */
  redirectUrl: string;
  /** The code, once the browser arrives with it and the right state; rejects on anything else. */
  response: Promise<AuthorizationResponse>;
  /** Stops listening (idempotent). */
  close(): Promise<void>;
}

export class SignInCallbackError extends PraxisError {
  static override code = 'ERR_SIGN_IN_CALLBACK';
  override readonly code = 'ERR_SIGN_IN_CALLBACK';
}

/** `signal`: aborting it ends the wait as a refusal and closes the listener (the shim, closing). */
export async function listenForCallback(options: {
  state: string;
  timeoutMs: number;
  signal?: AbortSignal;
}): Promise<LoopbackCallback> {
  let settle!: (
    outcome: { ok: true; value: AuthorizationResponse } | { ok: false; error: Error },
  ) => void;
  const response = new Promise<AuthorizationResponse>((resolve, reject) => {
    settle = (outcome) => (outcome.ok ? resolve(outcome.value) : reject(outcome.error));
  });
  response.catch(() => undefined); // the caller awaits it; an early failure must not go unhandled
  let done = false;

  const server = createServer((request, reply) => {
    // A request target no URL parser takes (`GET http://[`) is just another wrong request; thrown,
    // it would end the whole process.
    const url = URL.parse(request.url ?? '/', 'http://127.0.0.1');
    if (!url || request.method !== 'GET' || url.pathname !== CALLBACK_PATH || done) {
      page(reply, 404, 'Not found', 'This address only takes the sign-in callback.');
      return;
    }
    // The state went only to the authorization server, inside the URL the browser opened: a
    // callback without it was not sent by that server for this sign-in, which goes on waiting.
    if (!carriesState(url.searchParams, options.state)) {
      page(
        reply,
        400,
        'Not this sign-in',
        "This request did not carry this sign-in's state, so it was ignored " +
          '(it may come from another or an old sign-in attempt). The sign-in is still waiting for the browser.',
      );
      return;
    }
    done = true;
    const outcome = judge(url.searchParams);
    if (outcome.ok)
      page(reply, 200, 'Signed in', 'You are signed in to Praxis. You can close this tab.');
    else page(reply, 400, 'Sign-in failed', outcome.error.message);
    settle(outcome);
    void close();
  });

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    done = true;
    clearTimeout(timer);
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    return closing;
  };
  const timer = setTimeout(() => {
    settle({
      ok: false,
      error: new SignInCallbackError(
        `no sign-in arrived within ${Math.round(options.timeoutMs / 1000)} s`,
      ),
    });
    void close();
  }, options.timeoutMs);

  const cancel = () => {
    settle({ ok: false, error: new SignInCallbackError('the sign-in was cancelled') });
    void close();
  };
  if (options.signal?.aborted) cancel();
  else options.signal?.addEventListener('abort', cancel, { once: true });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return { redirectUrl: `http://127.0.0.1:${port}${CALLBACK_PATH}`, response, close };
}

function carriesState(params: URLSearchParams, state: string): boolean {
  const sent = params.getAll('state');
  if (sent.length !== 1) return false;
  const [given, expected] = [Buffer.from(sent[0]!), Buffer.from(state)];
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A callback that carries the state: the code, or why there is none. */
function judge(
  params: URLSearchParams,
): { ok: true; value: AuthorizationResponse } | { ok: false; error: Error } {
  const error = params.get('error');
  if (error) {
    const description = params.get('error_description');
    return {
      ok: false,
      error: new SignInCallbackError(
        `the sign-in was not completed: ${printable(error)}${description ? ` (${printable(description)})` : ''}`,
      ),
    };
  }
  const codes = params.getAll('code');
  if (codes.length !== 1 || !codes[0])
    return {
      ok: false,
      error: new SignInCallbackError('the callback carried no authorization code'),
    };
  const iss = params.get('iss') ?? undefined;
  return { ok: true, value: iss === undefined ? { code: codes[0] } : { code: codes[0], iss } };
}

/** Text from the request, cut and stripped of control characters, for messages. */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').slice(0, 200);
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

function page(reply: ServerResponse, status: number, title: string, text: string): void {
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><h1>${escape(title)}</h1><p>${escape(text)}</p></body></html>`;
  reply.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    connection: 'close',
  });
  reply.end(html);
}
