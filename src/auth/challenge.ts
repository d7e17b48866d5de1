// The HTTP answer to a refused request: status, WWW-Authenticate (RFC 6750) and spec 000's JSON body.
import type { AuthOutcome } from './authenticate.ts';

type Refusal = Extract<AuthOutcome, { ok: false }>;

export function refusalResponse(refusal: Refusal): Response {
  const params = ['realm="praxis"'];
  if (refusal.tokenGiven) params.push(refusal.status === 403 ? 'error="insufficient_scope"' : 'error="invalid_token"');
  params.push(`error_description="${refusal.message.replace(/["\\]/g, "'")}"`);
  return Response.json(
    { error: refusal.code, message: refusal.message },
    { status: refusal.status, headers: { 'WWW-Authenticate': `Bearer ${params.join(', ')}`, 'Cache-Control': 'no-store' } },
  );
}
