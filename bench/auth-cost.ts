// What checking a Praxis-issued (oauth mode) access token costs per MCP request, next to a
// `praxis token` (local mode) token, in the same Worker under wrangler dev: isolate CPU per ping from
// a V8 CPU profile taken through workerd's inspector (isolate-cpu.ts), and the KV reads the check makes.
// `node bench/auth-cost.ts [--calls N] [--rounds N]` — prints figures; asserts nothing.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../scripts/dev/paths.ts';
import { spawnPraxisDev } from '../scripts/dev/spawn-praxis-dev.ts';
import { CLIENT_REDIRECT, TestBrowser, newVerifier, s256, signInAs } from '../test/fixtures/oidc/sign-in-browser.ts';
import { isolateCpuMsPerCall } from './isolate-cpu.ts';
import { workerdBelow } from './workerd-processes.ts';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '300' }, rounds: { type: 'string', default: '3' } } });
const calls = Number(values.calls);
const rounds = Number(values.rounds);

// Thousands of calls per subject: the per-caller rate limit would answer 429 instead.
process.env.PRAXIS_RATE_LIMIT = 'off';
const dev = await spawnPraxisDev(['--auth', 'oauth']);
try {
  const origin = new URL(dev.url).origin;
  const local = execFileSync(process.execPath, [join(PROJECT_ROOT, 'bin/praxis.mjs'), 'token']).toString().trim();
  const signedIn = await signInToken(origin, dev.url);
  const ping = (token: string) => fetch(dev.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  }).then(async (response) => {
    if (response.status !== 200) throw new Error(`ping answered ${response.status}: ${await response.text()}`);
  });
  for (let i = 0; i < 50; i++) await Promise.all([ping(local), ping(signedIn)]);
  const pids = workerdBelow(dev.pid).map((process) => process.pid);
  const figures = { local: [] as number[], oauth: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    figures.local.push(await isolateCpuMsPerCall(pids, calls, () => ping(local)));
    figures.oauth.push(await isolateCpuMsPerCall(pids, calls, () => ping(signedIn)));
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  const [localMs, oauthMs] = [median(figures.local), median(figures.oauth)];
  console.log(`isolate CPU per MCP ping, median of ${rounds} rounds × ${calls} calls (wrangler dev, workerd):`);
  console.log(`  local token (praxis token, HS256)            ${localMs.toFixed(3)} ms   rounds: ${figures.local.map((ms) => ms.toFixed(3)).join(' ')}`);
  console.log(`  oauth token (issued by this Worker)          ${oauthMs.toFixed(3)} ms   rounds: ${figures.oauth.map((ms) => ms.toFixed(3)).join(' ')}`);
  console.log(`  difference                                   ${(oauthMs - localMs).toFixed(3)} ms (target ≤ 0.3 ms)`);
  console.log('  KV reads for the oauth check: 1 per request — workers-oauth-provider looks up token:<user>:<grant>:<sha-256 of the token>');
  console.log('  in OAUTH_KV (a hot key is served from the KV cache of the location); the grant\'s props travel in that record.');
} finally {
  await dev.stop();
}

/** Register, sign in as alice at the development provider, exchange the code: a real signed-in token. */
async function signInToken(origin: string, resource: string): Promise<string> {
  const registered = await (await fetch(`${origin}/oauth/register`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'auth-cost bench', redirect_uris: [CLIENT_REDIRECT], token_endpoint_auth_method: 'none' }),
  })).json() as { client_id: string };
  const verifier = newVerifier();
  const authorize = new URL(`${origin}/authorize`);
  authorize.search = new URLSearchParams({
    response_type: 'code', client_id: registered.client_id, redirect_uri: CLIENT_REDIRECT, scope: 'praxis:read', state: 'bench',
    code_challenge: await s256(verifier), code_challenge_method: 'S256', resource,
  }).toString();
  const landed = new URL(await signInAs(new TestBrowser((request) => fetch(request)), authorize.href, 'alice'));
  const token = await (await fetch(`${origin}/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code: landed.searchParams.get('code')!, code_verifier: verifier, client_id: registered.client_id, redirect_uri: CLIENT_REDIRECT, resource }).toString(),
  })).json() as { access_token: string };
  return token.access_token;
}
