// What checking a Praxis-issued (oauth mode) access token costs per MCP request, next to a
// `praxis token` (local mode) token, in the same Worker under wrangler dev: isolate CPU per ping from
// a V8 CPU profile taken through workerd's inspector, whole and within the token check's own code
// (cpu-by-module.ts); the KV reads are counted by token-check-reads.ts. Shared by bench/commands/auth-cost.ts
// (`npm run bench:auth`) and bench/commands/run.ts (`npm run bench`).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../scripts/dev/paths.ts';
import { spawnPraxisDev } from '../../scripts/dev/spawn-praxis-dev.ts';
import {
  CLIENT_REDIRECT,
  TestBrowser,
  newVerifier,
  s256,
  signInAs,
} from '../../test/fixtures/oidc/sign-in-browser.ts';
import { profileTop, type CpuEntry } from '../profiling/cpu-top.ts';
import { moduleLines, msInModules } from '../profiling/cpu-by-module.ts';
import { busyMs } from '../profiling/isolate-cpu.ts';
import { busyMsPerWindow, monotonicMicros } from '../profiling/busy-per-window.ts';
import { openWorkerInspector } from '../profiling/worker-inspector.ts';
import type { TokenCheckReads } from './token-check-reads.ts';
import { workerdBelow } from '../hosts/workerd-processes.ts';

/** The target: a signed-in token may add this much isolate CPU to an MCP request. */
export const TARGET_EXTRA_MS = 0.3;
/** …and at most this many KV reads. */
export const TARGET_KV_READS = 1;

export interface TokenCheckCost {
  calls: number;
  /** Isolate CPU per ping, one figure per round, each token kind measured alternately. */
  localMs: number[];
  oauthMs: number[];
  /** Of that, the time spent in the token check's own code (TOKEN_CHECK_MODULES), per ping and round. */
  localCheckMs: number[];
  oauthCheckMs: number[];
  /**
   * One profile over pings alternating local, oauth, local, oauth…: each ping's isolate CPU (GC
   * and the tail after its response included), so both kinds see the same machine load.
   */
  interleaved: { localMs: number[]; oauthMs: number[]; profiledMs: number };
  /** Top self-time entries per ping for each kind (when asked for). */
  top?: { local: CpuEntry[]; oauth: CpuEntry[] };
}

export async function measureTokenCheckCost(options: {
  calls: number;
  rounds: number;
  top?: number;
}): Promise<TokenCheckCost> {
  // Thousands of calls per subject: the per-caller rate limit would answer 429 instead.
  const rateLimit = process.env.PRAXIS_RATE_LIMIT;
  process.env.PRAXIS_RATE_LIMIT = 'off';
  const dev = await spawnPraxisDev(['--auth', 'oauth']).finally(() => {
    if (rateLimit === undefined) delete process.env.PRAXIS_RATE_LIMIT;
    else process.env.PRAXIS_RATE_LIMIT = rateLimit;
  });
  try {
    const origin = new URL(dev.url).origin;
    const local = execFileSync(process.execPath, [join(PROJECT_ROOT, 'bin/praxis.mjs'), 'token'])
      .toString()
      .trim();
    const signedIn = await signInToken(origin, dev.url);
    const ping = (token: string) =>
      fetch(dev.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      }).then(async (response) => {
        if (response.status !== 200)
          throw new Error(`ping answered ${response.status}: ${await response.text()}`);
      });
    for (let i = 0; i < 50; i++) await Promise.all([ping(local), ping(signedIn)]);
    const pids = workerdBelow(dev.pid).map((process) => process.pid);
    const cost: TokenCheckCost = {
      calls: options.calls,
      localMs: [],
      oauthMs: [],
      localCheckMs: [],
      oauthCheckMs: [],
      interleaved: { localMs: [], oauthMs: [], profiledMs: 0 },
    };
    const inspector = await openWorkerInspector(pids);
    try {
      const bundles = new Map<string, (line: number) => string | undefined>();
      const measure = async (token: string) => {
        const profile = await inspector.cpuProfile(async () => {
          for (let i = 0; i < options.calls; i++) await ping(token);
        });
        for (const node of profile.nodes) {
          const { scriptId, url } = node.callFrame;
          if (url && !bundles.has(scriptId))
            bundles.set(scriptId, moduleLines(await inspector.scriptSource(scriptId)));
        }
        const inCheck = msInModules(
          profile,
          (scriptId, line) => bundles.get(scriptId)?.(line),
          isTokenCheckModule,
        );
        return { ms: busyMs(profile) / options.calls, checkMs: inCheck / options.calls };
      };
      for (let round = 0; round < options.rounds; round++) {
        const localRound = await measure(local);
        const oauthRound = await measure(signedIn);
        cost.localMs.push(localRound.ms);
        cost.localCheckMs.push(localRound.checkMs);
        cost.oauthMs.push(oauthRound.ms);
        cost.oauthCheckMs.push(oauthRound.checkMs);
      }
      const starts: number[] = [];
      const profile = await inspector.cpuProfile(async () => {
        for (let i = 0; i < options.calls * options.rounds; i++) {
          starts.push(monotonicMicros());
          await ping(local);
          starts.push(monotonicMicros());
          await ping(signedIn);
        }
      });
      const perPing = busyMsPerWindow(profile, starts);
      cost.interleaved = {
        localMs: perPing.filter((_, i) => i % 2 === 0),
        oauthMs: perPing.filter((_, i) => i % 2 === 1),
        profiledMs: busyMs(profile),
      };
    } finally {
      inspector.close();
    }
    if (options.top) {
      cost.top = {
        local: await profileTop(pids, options.calls, () => ping(local), options.top),
        oauth: await profileTop(pids, options.calls, () => ping(signedIn), options.top),
      };
    }
    return cost;
  } finally {
    await dev.stop();
  }
}

/**
 * The token check's own code: bearer parsing and the dispatch by kind, `praxis token` verification
 * (jose), the oauth lookup (workers-oauth-provider, and the memo of checked tokens in front of it) and building the principal. Reading the auth
 * settings (config.ts files) is the same in every mode (once per env object) and not part of it.
 */
const TOKEN_CHECK_MODULES = [
  'src/worker/auth/authenticate.ts',
  'src/worker/auth/cloud-token.ts',
  'src/shared/auth/local-token.ts',
  'src/worker/auth/claims.ts',
  'src/worker/auth/oauth/access-token.ts',
  'src/worker/auth/oauth/checked-tokens.ts',
  'src/worker/auth/oauth/authorization-server.ts',
  'src/shared/lru-cache.ts',
  'node_modules/jose/',
  'node_modules/@cloudflare/workers-oauth-provider/',
];
const isTokenCheckModule = (module: string): boolean =>
  TOKEN_CHECK_MODULES.some((prefix) => module.startsWith(prefix));

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

/** The extra isolate CPU of an oauth check: the median of each round's oauth − local (rounds alternate, so drift cancels). */
export function extraMs(cost: TokenCheckCost): number {
  return median(cost.oauthMs.map((ms, round) => ms - cost.localMs[round]!));
}

/** The same for the time inside the token check's own code. */
export function checkExtraMs(cost: TokenCheckCost): number {
  return median(cost.oauthCheckMs.map((ms, round) => ms - cost.localCheckMs[round]!));
}

/** Nearest-rank quantile (1 = the maximum). */
const quantile = (list: number[], q: number) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.ceil(q * list.length) - 1)] ?? 0;

const mean = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / list.length;

/** The interleaved run: mean ms per ping of each kind, the mean extra and its standard error over the pairs. */
export function interleavedExtra(cost: TokenCheckCost): {
  localMs: number;
  oauthMs: number;
  extraMs: number;
  standardErrorMs: number;
  pairs: number;
  attributed: number;
} {
  const { localMs, oauthMs, profiledMs } = cost.interleaved;
  const differences = pairedDifferences(cost);
  const extra = mean(differences);
  const variance =
    differences.reduce((sum, value) => sum + (value - extra) ** 2, 0) /
    Math.max(1, differences.length - 1);
  const attributedMs = localMs.reduce((a, b) => a + b, 0) + oauthMs.reduce((a, b) => a + b, 0);
  return {
    localMs: mean(localMs),
    oauthMs: mean(oauthMs),
    extraMs: extra,
    standardErrorMs: Math.sqrt(variance / differences.length),
    pairs: differences.length,
    attributed: profiledMs ? attributedMs / profiledMs : 0,
  };
}

/** Each interleaved pair's oauth ping minus its local ping, in ms. */
const pairedDifferences = (cost: TokenCheckCost): number[] =>
  cost.interleaved.oauthMs.map((ms, i) => ms - cost.interleaved.localMs[i]!);

/** Share of the paired differences dropped at each end by trimmedExtra. */
export const TRIM = 0.1;

/**
 * The 10 %-trimmed mean of the paired differences and its standard error (Yuen: the winsorized
 * variance over (1 − 2·TRIM)²·n). One window in a thousand can hold a garbage collection or a stall
 * of 100–300 ms, landing on either kind; the plain mean's standard error is then that window's, not
 * the token check's.
 */
export function trimmedExtra(cost: TokenCheckCost): { extraMs: number; standardErrorMs: number } {
  const differences = pairedDifferences(cost).sort((a, b) => a - b);
  const n = differences.length;
  const cut = Math.floor(TRIM * n);
  if (n - 2 * cut < 2) return { extraMs: NaN, standardErrorMs: NaN };
  const kept = differences.slice(cut, n - cut);
  const extra = mean(kept);
  const winsorized = differences.map((value) => Math.min(Math.max(value, kept[0]!), kept.at(-1)!));
  const winsorizedMean = mean(winsorized);
  const variance =
    winsorized.reduce((sum, value) => sum + (value - winsorizedMean) ** 2, 0) / (n - 1);
  return { extraMs: extra, standardErrorMs: Math.sqrt(variance) / ((1 - 2 * TRIM) * Math.sqrt(n)) };
}

/** Console lines: isolate CPU per ping of each kind, the extra and KV reads against the targets. */
export function renderTokenCheckCost(cost: TokenCheckCost, reads?: TokenCheckReads): string[] {
  const [localMs, oauthMs, extra] = [median(cost.localMs), median(cost.oauthMs), extraMs(cost)];
  const rounds = (list: number[]) => list.map((ms) => ms.toFixed(3)).join(' ');
  const lines = [
    `isolate CPU per MCP ping, ${cost.localMs.length} alternating rounds × ${cost.calls} calls of each (wrangler dev, workerd, auth mode oauth):`,
    `  local token (praxis token, HS256)      median ${localMs.toFixed(3)} ms   rounds: ${rounds(cost.localMs)}`,
    `  oauth token (issued by this Worker)    median ${oauthMs.toFixed(3)} ms   rounds: ${rounds(cost.oauthMs)}`,
    `  extra for oauth (median of per-round differences)  ${extra.toFixed(3)} ms   target ≤ ${TARGET_EXTRA_MS} ms: ${extra <= TARGET_EXTRA_MS ? 'met' : 'missed'}`,
    `  of which in the token check's own code (jose / workers-oauth-provider / src/worker/auth, WebCrypto and KV calls included; GC not):`,
    `    local ${median(cost.localCheckMs).toFixed(3)} ms (rounds: ${rounds(cost.localCheckMs)}), oauth ${median(cost.oauthCheckMs).toFixed(3)} ms (rounds: ${rounds(cost.oauthCheckMs)}), extra ${checkExtraMs(cost).toFixed(3)} ms   target ≤ ${TARGET_EXTRA_MS} ms: ${checkExtraMs(cost) <= TARGET_EXTRA_MS ? 'met' : 'missed'}`,
  ];
  const paired = interleavedExtra(cost);
  const upper = paired.extraMs + 2 * paired.standardErrorMs;
  lines.push(
    `  interleaved (one profile, ${paired.pairs} pings of each, local and oauth alternating, so both see the same load; GC included):`,
    `    per ping: local mean ${paired.localMs.toFixed(3)} ms (p50 ${quantile(cost.interleaved.localMs, 0.5).toFixed(1)}, p99 ${quantile(cost.interleaved.localMs, 0.99).toFixed(1)}, max ${quantile(cost.interleaved.localMs, 1).toFixed(1)}), oauth mean ${paired.oauthMs.toFixed(3)} ms (p50 ${quantile(cost.interleaved.oauthMs, 0.5).toFixed(1)}, p99 ${quantile(cost.interleaved.oauthMs, 0.99).toFixed(1)}, max ${quantile(cost.interleaved.oauthMs, 1).toFixed(1)})`,
    `    extra ${paired.extraMs.toFixed(3)} ± ${paired.standardErrorMs.toFixed(3)} ms (mean of paired differences ± standard error; ${(paired.attributed * 100).toFixed(1)} % of the profile's busy time attributed to pings)   target ≤ ${TARGET_EXTRA_MS} ms with the upper bound (mean + 2 SE = ${upper.toFixed(3)} ms): ${upper <= TARGET_EXTRA_MS ? 'met' : 'missed'}`,
  );
  const trimmed = trimmedExtra(cost);
  const trimmedUpper = trimmed.extraMs + 2 * trimmed.standardErrorMs;
  lines.push(
    `    extra ${trimmed.extraMs.toFixed(3)} ± ${trimmed.standardErrorMs.toFixed(3)} ms (${TRIM * 100} %-trimmed mean of the paired differences ± its standard error)   target ≤ ${TARGET_EXTRA_MS} ms with the upper bound (${trimmedUpper.toFixed(3)} ms): ${trimmedUpper <= TARGET_EXTRA_MS ? 'met' : 'missed'}`,
  );
  if (reads) {
    lines.push(
      `  KV reads per check (counted, ${reads.checks} checks each): local ${reads.local}, oauth ${reads.oauth} (${reads.oauthKeys.join(', ')})   target ≤ ${TARGET_KV_READS}: ${reads.oauth <= TARGET_KV_READS ? 'met' : 'missed'}`,
    );
  }
  if (cost.top) {
    for (const kind of ['local', 'oauth'] as const) {
      lines.push(`  top self time per ping, ${kind} token:`);
      for (const entry of cost.top[kind])
        lines.push(
          `    ${entry.ms.toFixed(3)} ms  ${(entry.share * 100).toFixed(1).padStart(5)} %  ${entry.where}`,
        );
    }
  }
  return lines;
}

/** The RESULTS.md section. */
export function renderTokenCheckSection(cost: TokenCheckCost, reads: TokenCheckReads): string[] {
  const extra = extraMs(cost);
  const paired = interleavedExtra(cost);
  const trimmed = trimmedExtra(cost);
  const check = (met: boolean) => (met ? 'met' : '**missed**');
  return [
    '## Checking a signed-in token (auth mode oauth)',
    '',
    `One \`praxis dev --auth oauth\` Worker (wrangler dev), MCP \`ping\` with a \`praxis token\` token and with an access token this Worker issued after a real sign-in; ${cost.localMs.length} alternating rounds × ${cost.calls} calls of each.`,
    '',
    '| | local token | oauth token | extra for oauth | target | |',
    '| --- | --- | --- | --- | --- | --- |',
    `| isolate CPU per request, median | ${median(cost.localMs).toFixed(3)} ms | ${median(cost.oauthMs).toFixed(3)} ms | ${extra.toFixed(3)} ms (median of per-round differences) | ≤ ${TARGET_EXTRA_MS} ms | ${check(extra <= TARGET_EXTRA_MS)} |`,
    `| of which in the token check's own code (WebCrypto and KV calls included, GC not) | ${median(cost.localCheckMs).toFixed(3)} ms | ${median(cost.oauthCheckMs).toFixed(3)} ms | ${checkExtraMs(cost).toFixed(3)} ms | ≤ ${TARGET_EXTRA_MS} ms | ${check(checkExtraMs(cost) <= TARGET_EXTRA_MS)} |`,
    `| isolate CPU per request, interleaved (one profile, pings alternating; mean ± standard error of the paired differences, GC included) | ${paired.localMs.toFixed(3)} ms | ${paired.oauthMs.toFixed(3)} ms | ${paired.extraMs.toFixed(3)} ± ${paired.standardErrorMs.toFixed(3)} ms | ≤ ${TARGET_EXTRA_MS} ms (mean + 2 SE) | ${check(paired.extraMs + 2 * paired.standardErrorMs <= TARGET_EXTRA_MS)} |`,
    `| the same, ${TRIM * 100} %-trimmed mean of the paired differences ± its standard error | | | ${trimmed.extraMs.toFixed(3)} ± ${trimmed.standardErrorMs.toFixed(3)} ms | ≤ ${TARGET_EXTRA_MS} ms (trimmed mean + 2 SE) | ${check(trimmed.extraMs + 2 * trimmed.standardErrorMs <= TARGET_EXTRA_MS)} |`,
    `| KV reads per request (counted) | ${reads.local} | ${reads.oauth} (${reads.oauthKeys.join(', ')}) | ${reads.oauth - reads.local} | ≤ ${TARGET_KV_READS} | ${check(reads.oauth <= TARGET_KV_READS)} |`,
    '',
    `Rounds (ms): local ${cost.localMs.map((ms) => ms.toFixed(3)).join(', ')}; oauth ${cost.oauthMs.map((ms) => ms.toFixed(3)).join(', ')}.`,
    '',
  ];
}

/** Register, sign in as alice at the development provider, exchange the code: a real signed-in token. */
async function signInToken(origin: string, resource: string): Promise<string> {
  const registered = (await (
    await fetch(`${origin}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'auth-cost bench',
        redirect_uris: [CLIENT_REDIRECT],
        token_endpoint_auth_method: 'none',
      }),
    })
  ).json()) as { client_id: string };
  const verifier = newVerifier();
  const authorize = new URL(`${origin}/authorize`);
  authorize.search = new URLSearchParams({
    response_type: 'code',
    client_id: registered.client_id,
    redirect_uri: CLIENT_REDIRECT,
    scope: 'praxis:read',
    state: 'bench',
    code_challenge: await s256(verifier),
    code_challenge_method: 'S256',
    resource,
  }).toString();
  const landed = new URL(
    await signInAs(new TestBrowser((request) => fetch(request)), authorize.href, 'alice'),
  );
  const token = (await (
    await fetch(`${origin}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: landed.searchParams.get('code')!,
        code_verifier: verifier,
        client_id: registered.client_id,
        redirect_uri: CLIENT_REDIRECT,
        resource,
      }).toString(),
    })
  ).json()) as { access_token: string };
  return token.access_token;
}
