// A `resource` parameter (RFC 8707) that a client sent without setting it. MCP Inspector 0.15 sends
// the text `undefined` to the token endpoint (a JavaScript value turned into a string); other clients
// send an empty value. Neither names a resource, so both are read as no parameter at all, by the same
// rule at /authorize and at the token endpoint, before the library sees the request: the server's one
// protected resource then applies, as when the parameter is left out. Every other value, a wrong
// resource included, reaches the library unchanged, and it refuses what is not this server's
// resource with `invalid_target`.
import { AUTHORIZE_PATH, TOKEN_PATH } from './authorization-server.ts';

/** Whether one `resource` value stands for "not set": empty, or the text a JavaScript `undefined` becomes. */
export const isUnsetResource = (value: string): boolean => value === '' || value === 'undefined';

/** `params` without its unset `resource` values, or null when it has none (the request then stays as sent). */
function withoutUnsetResources(params: URLSearchParams): URLSearchParams | null {
  const resources = params.getAll('resource');
  if (!resources.some(isUnsetResource)) return null;
  const kept = new URLSearchParams(params);
  kept.delete('resource');
  for (const resource of resources)
    if (!isUnsetResource(resource)) kept.append('resource', resource);
  return kept;
}

/** A form-encoded body's fields (every value of such a body is text). */
function formFields(form: FormData): URLSearchParams {
  const fields = new URLSearchParams();
  for (const [name, value] of form) if (typeof value === 'string') fields.append(name, value);
  return fields;
}

const isFormEncoded = (request: Request): boolean =>
  (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase() ===
  'application/x-www-form-urlencoded';

/** The request the library should see: an authorization or token request without unset `resource` values. */
export async function withUnsetResourceDropped(request: Request): Promise<Request> {
  const url = new URL(request.url);
  if (request.method === 'GET' && url.pathname === AUTHORIZE_PATH) {
    const query = withoutUnsetResources(url.searchParams);
    if (!query) return request;
    url.search = query.toString();
    return new Request(url, request);
  }
  if (request.method === 'POST' && url.pathname === TOKEN_PATH && isFormEncoded(request)) {
    const sentForm = await request
      .clone()
      .formData()
      .catch(() => undefined);
    // A body that is not a form: the library refuses it, so it goes on as sent.
    const form = sentForm && withoutUnsetResources(formFields(sentForm));
    if (!form) return request;
    const headers = new Headers(request.headers);
    headers.delete('content-length');
    return new Request(request.url, { method: 'POST', headers, body: form.toString() });
  }
  return request;
}
