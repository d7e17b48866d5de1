// Bounds on dynamic client registration (RFC 7591), which anyone may call: the body is at most
// 8 KiB, read before the library parses it, and every field the library stores is bounded in length
// and count. A registration outside them is refused with invalid_client_metadata naming the field,
// before anything is stored. Members the library does not know are ignored, as RFC 7591 §2 requires,
// and never stored; the body limit bounds them.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

export const MAX_REGISTRATION_BYTES = 8 * 1024;
const MAX_MEMBERS = 32;
const MAX_REDIRECT_URIS = 16;
const MAX_LIST_ENTRIES = 8;
/** Localised variants (client_name#fr, logo_uri#de…) the library stores next to the plain fields. */
const MAX_LOCALISED = 8;

type Kind = { type: 'text'; max: number } | { type: 'list'; maxEntries: number; maxChars: number };
const url: Kind = { type: 'text', max: 2048 };
const KNOWN: Record<string, Kind> = {
  redirect_uris: { type: 'list', maxEntries: MAX_REDIRECT_URIS, maxChars: 2048 },
  client_name: { type: 'text', max: 200 },
  client_uri: url,
  logo_uri: url,
  tos_uri: url,
  policy_uri: url,
  jwks_uri: url,
  contacts: { type: 'list', maxEntries: MAX_LIST_ENTRIES, maxChars: 320 },
  grant_types: { type: 'list', maxEntries: MAX_LIST_ENTRIES, maxChars: 256 },
  response_types: { type: 'list', maxEntries: MAX_LIST_ENTRIES, maxChars: 256 },
  token_endpoint_auth_method: { type: 'text', max: 256 },
  scope: { type: 'text', max: 1024 },
  software_id: { type: 'text', max: 256 },
  software_version: { type: 'text', max: 256 },
};

const refusal = (description: string, status = 400): Response =>
  Response.json(
    { error: 'invalid_client_metadata', error_description: description },
    { status, headers: { 'Cache-Control': 'no-store' } },
  );

/**
 * Refuses a registration body over 8 KiB before anything reads it as JSON (hono's bodyLimit counts the
 * bytes).
 */
export const registrationBodyLimit: MiddlewareHandler = bodyLimit({
  maxSize: MAX_REGISTRATION_BYTES,
  onError: () =>
    refusal(
      `The registration request is larger than ${MAX_REGISTRATION_BYTES} bytes; client metadata is far smaller.`,
      413,
    ),
});

/** undefined when every stored field is within bounds; otherwise which field is not, and its bound. */
export function registrationMetadataProblem(metadata: Record<string, unknown>): string | undefined {
  const names = Object.keys(metadata);
  if (names.length > MAX_MEMBERS)
    return `The registration has ${names.length} fields; ` + `at most ${MAX_MEMBERS} are accepted.`;
  const localised = names.filter((name) => name.includes('#'));
  if (localised.length > MAX_LOCALISED)
    return (
      `The registration has ${localised.length} localised fields ` +
      `(${localised[0]}, …); at most ${MAX_LOCALISED} are accepted.`
    );
  for (const name of names) {
    const kind = KNOWN[name.split('#')[0]!];
    if (!kind) continue;
    const problem = boundProblem(metadata[name], kind);
    if (problem) return `${name} ${problem}.`;
  }
  return undefined;
}

function boundProblem(value: unknown, kind: Kind): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (kind.type === 'text') {
    if (typeof value !== 'string') return 'must be a string';
    return value.length > kind.max
      ? `is ${value.length} characters long; at most ${kind.max} are accepted`
      : undefined;
  }
  if (!Array.isArray(value)) return 'must be an array of strings';
  if (value.length > kind.maxEntries)
    return `has ${value.length} entries; at most ${kind.maxEntries} are accepted`;
  const long = value.find((entry) => typeof entry !== 'string' || entry.length > kind.maxChars);
  if (long === undefined) return undefined;
  return typeof long === 'string'
    ? `has an entry ${long.length} characters long; at most ${kind.maxChars} are accepted`
    : 'must be an array of strings';
}
