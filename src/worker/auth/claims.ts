// What a verified token says about its holder. Providers spell scopes and groups differently:
// RFC 9068 `scope` (space-separated string), Entra/Okta `scp` (string or array); groups under a
// configurable claim, either a top-level name (also namespaced ones such as
// https://example.com/groups) or a dotted path such as realm_access.roles (Keycloak).
import type { JWTPayload } from 'jose';

export function scopesOf(payload: JWTPayload): string[] {
  return [...new Set([...stringList(payload.scope), ...stringList(payload.scp)])];
}

export function groupsOf(payload: JWTPayload, claim: string): string[] {
  const value = Object.hasOwn(payload, claim) ? payload[claim] : claimAtPath(payload, claim);
  return [...new Set(stringList(value))];
}

function claimAtPath(payload: JWTPayload, path: string): unknown {
  let value: unknown = payload;
  for (const step of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, step))
      return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

function stringList(value: unknown): string[] {
  if (typeof value === 'string') return value.split(/\s+/).filter(Boolean);
  if (Array.isArray(value))
    return value.filter((item): item is string => typeof item === 'string' && item !== '');
  return [];
}
