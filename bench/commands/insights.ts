// What recording usage events adds to a search (docs/insights.md): `npm run bench:insights [--
// --docs N --work DIR --calls N --profiles N]`. One Worker (bench/workers/insights-worker.ts, the
// real app with its D1 binding counted) over one generated corpus (10 000 documents by default,
// built once and kept in DIR), insights switched per request, so both settings run in the same
// isolate in the same run. For each protocol era (2026-07-28 through the official client's
// negotiation, and the 2025 initialize handshake), the isolate CPU per search_processes call with
// insights on and off — profiles alternated, median of each — their difference and ratio, and the
// D1 round trips per request (counted by the binding's wrapper; 1 expected on, 0 off). The
// caller's write goes to D1 after the answer (waitUntil): its CPU is counted, D1's own work runs in
// another isolate (as on Cloudflare, where it is not the Worker's CPU either).
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Client } from '@modelcontextprotocol/client';
import { issueLocalToken } from '../../src/shared/auth/local-token.ts';
import { readQueries, sharedQueriesFile } from './search.ts';
import { praxisClient, timedCall } from '../lib/clients.ts';
import { preparedCorpus } from '../lib/prepared-corpus.ts';
import { profileTop } from '../profiling/cpu-top.ts';
import { busyMsUnder, selfTimeUnder, type FrameMatch } from '../profiling/attributed-cpu.ts';
import { busyMs, intervalCrossCheck } from '../profiling/isolate-cpu.ts';
import { openWorkerInspector } from '../profiling/worker-inspector.ts';
import { bundleBenchWorker, startDirectWorker } from '../hosts/direct-host.ts';
import {
  applyLocalMigrations,
  insightsDatabaseId,
  writeInsightsConfig,
} from '../hosts/insights-d1.ts';
import { D1_PATH, INSIGHTS_HEADER } from '../workers/insights-bench-routes.ts';

const { values } = parseArgs({
  options: {
    docs: { type: 'string' },
    work: { type: 'string' },
    calls: { type: 'string' },
    profiles: { type: 'string' },
    top: { type: 'string' },
  },
});
const documents = Number(values.docs ?? 10_000);
const calls = Number(values.calls ?? 100);
const profiles = Number(values.profiles ?? 5);
const top = Number(values.top ?? 0);
const log = (line: string) => console.log(`[insights] ${line}`);
const load = () =>
  loadavg()
    .map((figure) => figure.toFixed(1))
    .join(' ');
const started = performance.now();

const { dir, kvDir } = await preparedCorpus(
  documents,
  values.work ?? join(tmpdir(), 'praxis-cpu'),
  log,
);
const config = await writeInsightsConfig(
  join(dir, 'wrangler.insights.toml'),
  'praxis-bench-insights',
  'bench/workers/insights-worker.ts',
);
await applyLocalMigrations(config, kvDir);
const secret = randomBytes(32).toString('hex');
const envFile = join(dir, 'insights.env');
await writeFile(
  envFile,
  [
    'PRAXIS_AUTH_MODE=local',
    `PRAXIS_LOCAL_SECRET=${secret}`,
    'PRAXIS_POINTER_TTL_MS=5000',
    `PRAXIS_INSIGHTS_KEY=${randomBytes(32).toString('hex')}`,
    '',
  ].join('\n'),
  { mode: 0o600 },
);
const script = await bundleBenchWorker(config, join(dir, 'bundle-insights'));
const queries = (await readQueries(sharedQueriesFile)).slice(0, 25).map((q) => q.query);
const host = await startDirectWorker(script, kvDir, envFile, {
  d1Databases: { INSIGHTS: insightsDatabaseId() },
});

/** The round trips to D1 since the last ask, once the writes the calls left running have started. */
async function d1Since(): Promise<{ roundTrips: number; rows: number }> {
  await new Promise((done) => setTimeout(done, 500));
  return (await (await fetch(new URL(D1_PATH, host.url))).json()) as {
    roundTrips: number;
    rows: number;
  };
}

/**
 * The frames of recording usage: the Worker's insights functions (src/worker/insights/, the
 * outcome read off each answer, the SSE pass-through that tells when an answer was sent) and
 * workerd's D1 binding code. The bundle keeps function names (it is not minified).
 */
const INSIGHTS_FUNCTIONS = new Set([
  'recordUsage',
  'collectsUsage',
  'usageEventStore',
  'insightsStore',
  'callerId',
  'hmacKey',
  'usageEvent',
  'writeUsageEvents',
  'storedQuery',
  'storedTermsKey',
  'termsKeyOf',
  'toolCallOutcome',
  'watchedUntilSent',
]);
const insightsFrame: FrameMatch = (frame) =>
  INSIGHTS_FUNCTIONS.has(frame.functionName) || /d1/i.test(frame.url);

/** One profile of `calls` calls: busy ms per call, of which under insights frames, and the median gap between busy samples. */
async function profiled(
  calls: number,
  call: (i: number) => Promise<unknown>,
): Promise<{
  ms: number;
  insightsMs: number;
  busyGapMs: number | null;
  insightsTop: { where: string; ms: number }[];
}> {
  const inspector = await openWorkerInspector(host.pids);
  try {
    const profile = await inspector.cpuProfile(async () => {
      for (let i = 0; i < calls; i++) await call(i);
    });
    return {
      ms: busyMs(profile) / calls,
      insightsMs: busyMsUnder(profile, insightsFrame) / calls,
      busyGapMs: intervalCrossCheck(profile).busyGapMs,
      insightsTop: selfTimeUnder(profile, insightsFrame, 12).map((entry) => ({
        ...entry,
        ms: entry.ms / calls,
      })),
    };
  } finally {
    inspector.close();
  }
}

const median = (figures: number[]): number =>
  [...figures].sort((a, b) => a - b)[Math.floor(figures.length / 2)]!;

try {
  log(
    `${documents} documents; isolate CPU per search_processes call, median of ${profiles} profiles of ${calls} calls each, on and off alternated; load average ${load()}`,
  );
  for (const era of ['modern', 'legacy'] as const) {
    // One subject per setting and era: past 60 rows a minute the per-caller cap drops the row, but
    // the round trip, and the isolate's part of it, are the same.
    const clients: Record<'on' | 'off', Client> = {
      on: await praxisClient(host.url, await issueLocalToken(secret, `bench-on-${era}`), {
        era,
        headers: { [INSIGHTS_HEADER]: 'on' },
      }),
      off: await praxisClient(host.url, await issueLocalToken(secret, `bench-off-${era}`), {
        era,
        headers: { [INSIGHTS_HEADER]: 'off' },
      }),
    };
    const search = (setting: 'on' | 'off') => (i: number) =>
      timedCall(
        clients[setting],
        'search_processes',
        { query: queries[i % queries.length]! },
        'results',
      );
    for (const setting of ['on', 'off'] as const)
      for (let i = 0; i < 2 * queries.length; i++) await search(setting)(i); // warm-up
    await d1Since();
    const figures: Record<'on' | 'off', number[]> = { on: [], off: [] };
    const attributed: number[] = [];
    let insightsTop: { where: string; ms: number }[] = [];
    const gaps: number[] = [];
    for (let p = 0; p < profiles; p++)
      for (const setting of p % 2 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
        const profile = await profiled(calls, search(setting));
        figures[setting].push(profile.ms);
        if (setting === 'on') {
          attributed.push(profile.insightsMs);
          if (attributed.length === Math.ceil(profiles / 2)) insightsTop = profile.insightsTop;
        }
        if (profile.busyGapMs !== null) gaps.push(profile.busyGapMs);
      }
    const on = median(figures.on);
    const off = median(figures.off);
    await d1Since();
    for (let i = 0; i < calls; i++) await search('on')(i);
    const withInsights = await d1Since();
    for (let i = 0; i < calls; i++) await search('off')(i);
    const without = await d1Since();
    const label = era === 'modern' ? '2026-07-28 (modern)' : '2025 (legacy)';
    const whereItGoes = insightsTop.map(({ where, ms }) => `${ms.toFixed(3)} ms ${where}`);
    log(
      `${label}: on ${on.toFixed(3)} ms, off ${off.toFixed(3)} ms, added ${(on - off).toFixed(3)} ms (ratio ${(on / off).toFixed(3)}); ` +
        `profiles on [${figures.on.map((ms) => ms.toFixed(3)).join(', ')}], off [${figures.off.map((ms) => ms.toFixed(3)).join(', ')}]`,
    );
    log(
      `${label}: under the insights frames (recording, the D1 binding) per call with insights on: median ${median(attributed).toFixed(3)} ms [${attributed.map((ms) => ms.toFixed(3)).join(', ')}]; the sampler's period within calls ${gaps.length ? median(gaps).toFixed(3) : '—'} ms (V8 was asked for 0.1; the figures count each sample as this period)`,
    );
    log(`${label}: where the insights frames' time goes (self time per call, one profile):`);
    for (const line of whereItGoes) console.log(`  ${line}`);
    log(
      `${label}: D1 round trips per request: on ${(withInsights.roundTrips / calls).toFixed(2)} (${withInsights.roundTrips} for ${calls} calls), off ${(without.roundTrips / calls).toFixed(2)}; usage_events rows now ${without.rows}`,
    );
    if (top)
      for (const setting of ['on', 'off'] as const) {
        log(`${label}, insights ${setting}: top self time per call`);
        for (const entry of await profileTop(host.pids, calls, search(setting), top))
          console.log(
            `  ${entry.ms.toFixed(3)} ms ${(entry.share * 100).toFixed(1).padStart(5)} %  ${entry.where}`,
          );
      }
    await clients.on.close();
    await clients.off.close();
  }
  log(`${((performance.now() - started) / 1000).toFixed(0)} s; load average ${load()}`);
} finally {
  await host.close();
}
