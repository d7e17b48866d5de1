// Approvals remembered per user and client in the browser, so the consent page appears again only for
// a new client, another user or more access. A __Host- cookie holds a JWT (HS256, jose) listing, per
// approval, the SHA-256 of (client ID, redirect URI, resource, user) and when it lapses (30 days).
//
// What an approval covers: Praxis grants one scope, praxis:read, and every grant comes with refresh
// tokens (their lifetimes are the server's, whatever the request says). So `offline_access`, which
// MCP SDK clients put in every request, adds nothing to what a person approved: an approval of a
// client covers its requests with or without it. Any other scope brings the page back.
import type { AuthRequest } from '@cloudflare/workers-oauth-provider';
import { SignJWT, jwtVerify } from 'jose';
import { cookieValue, hostCookie } from './cookies.ts';
import { purposeKey } from './purpose-keys.ts';
import { sha256Base64url } from './sha256-base64url.ts';

const COOKIE = '__Host-praxis-approvals';
const AUDIENCE = 'praxis-remembered-approvals';
const MAX_AGE_S = 30 * 24 * 3600;
/** Newest first; the oldest are dropped beyond this, keeping the cookie far under 4 KiB. */
const MAX_APPROVALS = 20;
/** Requested scopes every approval includes: refresh tokens come with every grant anyway. */
const IMPLIED_SCOPES = new Set(['offline_access']);

interface Approval {
  key: string;
  scopes: string[];
  until: number;
}

export async function isApprovalRemembered(
  request: Request,
  authRequest: AuthRequest,
  subject: string,
  secret: string,
): Promise<boolean> {
  const key = await approvalKey(authRequest, subject);
  const now = Math.floor(Date.now() / 1000);
  const approval = (await approvalsIn(request, secret)).find(
    (entry) => entry.key === key && entry.until > now,
  );
  if (!approval) return false;
  return authRequest.scope.every(
    (scope) => IMPLIED_SCOPES.has(scope) || approval.scopes.includes(scope),
  );
}

/**
 * The Set-Cookie that adds this approval (its scopes as granted) to the ones the browser already
 * holds.
 */
export async function rememberedApprovalCookie(
  request: Request,
  approved: AuthRequest,
  subject: string,
  secret: string,
): Promise<string> {
  const key = await approvalKey(approved, subject);
  const now = Math.floor(Date.now() / 1000);
  const kept = (await approvalsIn(request, secret)).filter(
    (entry) => entry.key !== key && entry.until > now,
  );
  const approvals: Approval[] = [
    { key, scopes: approved.scope, until: now + MAX_AGE_S },
    ...kept,
  ].slice(0, MAX_APPROVALS);
  const value = await new SignJWT({ approvals })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${MAX_AGE_S}s`)
    .sign(await purposeKey(secret, 'remembered-approvals'));
  return hostCookie(COOKIE, value, MAX_AGE_S);
}

async function approvalsIn(request: Request, secret: string): Promise<Approval[]> {
  const value = cookieValue(request, COOKIE);
  if (!value) return [];
  try {
    const { payload } = await jwtVerify(value, await purposeKey(secret, 'remembered-approvals'), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
    });
    return Array.isArray(payload.approvals)
      ? (payload.approvals as unknown[]).filter(isApproval)
      : [];
  } catch {
    return [];
  }
}

function isApproval(value: unknown): value is Approval {
  const entry = value as Approval | null;
  return (
    typeof entry?.key === 'string' &&
    typeof entry.until === 'number' &&
    Array.isArray(entry.scopes) &&
    entry.scopes.every((scope) => typeof scope === 'string')
  );
}

async function approvalKey(request: AuthRequest, subject: string): Promise<string> {
  const material = JSON.stringify([
    request.clientId,
    request.redirectUri,
    request.resource ?? null,
    subject,
  ]);
  return sha256Base64url(material);
}
