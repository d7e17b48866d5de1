// Bounded loopback soak: `praxis dev` (wrangler dev → workerd, local auth, rate limiting as
// deployed) under ≥100 concurrent clients for a fixed time, mixed tools, valid, invalid and missing
// tokens, and one greedy subject that should be rate limited. Prints and records requests, outcome
// classes, unexpected errors, p50/p99 per window and at steady state, and workerd RSS over time;
// writes a `## Soak` section (between soak markers) into bench/RESULTS.md.
//
//   node bench/soak.ts [--seconds 90] [--clients 120] [--subjects 400] [--no-write]
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { issueLocalToken } from '../src/auth/local-token.ts';
import { localSecret } from '../scripts/dev/local-secret.ts';
import { PROJECT_ROOT } from '../scripts/dev/paths.ts';
import { spawnPraxisDev } from '../scripts/dev/spawn-praxis-dev.ts';

const { values } = parseArgs({ options: {
  seconds: { type: 'string', default: '90' }, clients: { type: 'string', default: '120' },
  subjects: { type: 'string', default: '400' }, 'no-write': { type: 'boolean', default: false },
} });
const SECONDS = Number(values.seconds);
const CLIENTS = Number(values.clients);
const WINDOW_MS = 5000;
const WARMUP_WINDOWS = 2;
/** Clients sharing one subject, to drive it over the 600-per-minute limit while the rest stay under. */
const GREEDY_CLIENTS = 10;

type Outcome = 'ok' | 'tool_error' | 'unauthorized' | 'rate_limited' | 'unexpected';
interface Sample { at: number; ms: number; outcome: Outcome }

/** The request mix: what each kind of call sends and which answers are expected of it. */
const CALLS: { weight: number; body: unknown }[] = [
  { weight: 4, body: call('tools/call', { name: 'search_processes', arguments: { query: 'review a change before merge', limit: 5 } }) },
  { weight: 3, body: call('tools/call', { name: 'get_process', arguments: { name: 'code-review' } }) },
  { weight: 2, body: call('tools/call', { name: 'get_checklist', arguments: { name: 'release' } }) },
  { weight: 1, body: call('tools/call', { name: 'get_process', arguments: { name: 'no-such-process' } }) },
  { weight: 1, body: call('tools/call', { name: 'list_templates', arguments: {} }) },
  { weight: 1, body: call('tools/call', { name: 'search_vitaegraph', arguments: { query: 'workers' } }) },
  { weight: 1, body: call('tools/call', { name: 'graph_neighbors', arguments: { id: 'skill-git' } }) },
  { weight: 1, body: call('resources/read', { uri: 'vitaegraph://record/skill-typescript' }) },
  { weight: 1, body: call('prompts/get', { name: 'follow_process', arguments: { process: 'deployment', task: 'ship' } }) },
  { weight: 1, body: call('tools/list', {}) },
];
const WEIGHTED = CALLS.flatMap((entry) => Array(entry.weight).fill(entry.body) as unknown[]);

function call(method: string, params: unknown): unknown {
  return { jsonrpc: '2.0', id: 1, method, params };
}

async function main(): Promise<void> {
  console.log(`soak: starting praxis dev (test/fixtures/content) for ${SECONDS} s with ${CLIENTS} clients…`);
  const dev = await spawnPraxisDev(['--content', 'test/fixtures/content']);
  try {
    const secret = await localSecret();
    const tokens = await Promise.all(Array.from({ length: Number(values.subjects) }, (_, i) => issueLocalToken(secret, `soak-agent-${i}`)));
    const greedy = await issueLocalToken(secret, 'soak-greedy');
    const invalid = await issueLocalToken('not-the-checkout-secret-0123456789abcdef', 'soak-intruder');
    const workerd = workerdPids(dev.port);
    const memory: { at: number; rssMiB: number }[] = [];
    const samples: Sample[] = [];
    const unexpected = new Map<string, number>();
    const started = Date.now();
    const deadline = started + SECONDS * 1000;
    const sampler = setInterval(() => memory.push({ at: Date.now() - started, rssMiB: rssMiB(workerd) }), WINDOW_MS);
    memory.push({ at: 0, rssMiB: rssMiB(workerd) });
    const client = async (index: number): Promise<void> => {
      let n = index;
      while (Date.now() < deadline) {
        n++;
        const kind = index < GREEDY_CLIENTS ? 'greedy' : n % 20 === 0 ? 'invalid' : n % 20 === 1 ? 'missing' : 'valid';
        const bearer = kind === 'greedy' ? greedy : kind === 'invalid' ? invalid : kind === 'missing' ? null : tokens[(n * 7919 + index) % tokens.length]!;
        const body = WEIGHTED[(n * 31 + index) % WEIGHTED.length];
        const t0 = performance.now();
        const outcome = await send(dev.url, bearer, body, kind).catch((error: Error) => `network: ${error.message}`);
        const ms = performance.now() - t0;
        if (typeof outcome === 'string' && !isOutcome(outcome)) {
          unexpected.set(outcome, (unexpected.get(outcome) ?? 0) + 1);
          samples.push({ at: Date.now() - started, ms, outcome: 'unexpected' });
        } else {
          samples.push({ at: Date.now() - started, ms, outcome: outcome as Outcome });
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
    clearInterval(sampler);
    memory.push({ at: Date.now() - started, rssMiB: rssMiB(workerd) });
    const report = summarise(samples, memory, unexpected, workerd.length);
    console.log(report);
    if (!values['no-write']) await writeSection(report);
  } finally {
    await dev.stop();
  }
}

const isOutcome = (value: string): value is Outcome => ['ok', 'tool_error', 'unauthorized', 'rate_limited'].includes(value);

/** One request; the outcome class, or a description of why the answer was unexpected. */
async function send(url: string, bearer: string | null, body: unknown, kind: string): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (kind === 'invalid' || kind === 'missing') return response.status === 401 ? 'unauthorized' : `${kind} token got ${response.status}`;
  if (response.status === 429) return kind === 'greedy' && response.headers.get('retry-after') ? 'rate_limited' : `429 for ${kind} (retry-after ${response.headers.get('retry-after')})`;
  if (response.status !== 200) return `${response.status} ${text.slice(0, 80)}`;
  const json = JSON.parse(text.startsWith('event:') ? text.split('\n').find((line) => line.startsWith('data:'))!.slice(5) : text) as { result?: { isError?: boolean }; error?: { code: number } };
  if (json.error) return `JSON-RPC ${json.error.code}`;
  return json.result?.isError ? 'tool_error' : 'ok';
}

/** workerd processes below the `praxis dev --port <port>` process. */
function workerdPids(port: number): number[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' }).trim().split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/)!).map(([, pid, ppid, args]) => ({ pid: Number(pid), ppid: Number(ppid), args: args! }));
  const root = rows.find((row) => row.args.includes('praxis.mjs dev') && row.args.includes(`--port ${port}`));
  if (!root) return [];
  const below = new Set([root.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows) if (below.has(row.ppid) && !below.has(row.pid)) { below.add(row.pid); grew = true; }
  }
  return rows.filter((row) => below.has(row.pid) && /workerd/.test(row.args.split(' ')[0]!)).map((row) => row.pid);
}

function rssMiB(pids: number[]): number {
  let kib = 0;
  for (const pid of pids) {
    try {
      const status = execFileSync('cat', [`/proc/${pid}/status`], { encoding: 'utf8' });
      kib += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch { /* exited */ }
  }
  return Math.round(kib / 102.4) / 10;
}

const percentile = (sorted: number[], p: number): number => sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

function summarise(samples: Sample[], memory: { at: number; rssMiB: number }[], unexpected: Map<string, number>, workerdCount: number): string {
  const count = (outcome: Outcome, from = samples) => from.filter((sample) => sample.outcome === outcome).length;
  const windows = new Map<number, Sample[]>();
  for (const sample of samples) windows.set(Math.floor(sample.at / WINDOW_MS), [...(windows.get(Math.floor(sample.at / WINDOW_MS)) ?? []), sample]);
  const steady = samples.filter((sample) => sample.at >= WARMUP_WINDOWS * WINDOW_MS && sample.outcome !== 'rate_limited');
  const steadyMs = steady.map((sample) => sample.ms).sort((a, b) => a - b);
  const seconds = Math.max(...samples.map((sample) => sample.at)) / 1000;
  const steadyMemory = memory.filter((point) => point.at >= WARMUP_WINDOWS * WINDOW_MS);
  const lines = [
    `Run ${new Date().toISOString()}: \`node bench/soak.ts --seconds ${SECONDS} --clients ${CLIENTS} --subjects ${values.subjects}\` against \`praxis dev\` on 127.0.0.1 (wrangler dev → workerd, local HS256 auth, deployed rate limiting: 600 requests / 60 s per subject). Machine shared with other engineers' test runs.`,
    '',
    `| figure | value |`, `| --- | --- |`,
    `| requests sent | ${samples.length} in ${seconds.toFixed(1)} s (${(samples.length / seconds).toFixed(0)}/s), ${CLIENTS} concurrent clients |`,
    `| answered as expected | ${count('ok')} results, ${count('tool_error')} domain errors (unknown process, on purpose), ${count('unauthorized')} × 401 (invalid or missing token, on purpose), ${count('rate_limited')} × 429 with Retry-After (the greedy subject, shared by ${GREEDY_CLIENTS} clients) |`,
    `| unexpected errors | ${count('unexpected')}${unexpected.size ? ` — ${[...unexpected].map(([what, n]) => `${n} × ${what}`).join('; ')}` : ''} |`,
    `| latency at steady state (after ${WARMUP_WINDOWS * WINDOW_MS / 1000} s, 429s excluded) | p50 ${percentile(steadyMs, 50).toFixed(1)} ms, p99 ${percentile(steadyMs, 99).toFixed(1)} ms (p99/p50 = ${(percentile(steadyMs, 99) / percentile(steadyMs, 50)).toFixed(2)}) over ${steady.length} requests |`,
    `| workerd RSS (${workerdCount} process${workerdCount === 1 ? '' : 'es'}) | start ${memory[0]?.rssMiB} MiB, after warm-up ${steadyMemory[0]?.rssMiB} MiB, end ${memory.at(-1)?.rssMiB} MiB, max ${Math.max(...memory.map((point) => point.rssMiB))} MiB |`,
    '',
    'Per 5 s window: requests, p50 / p99 ms, unexpected, workerd RSS MiB',
    '',
    '| window | requests | p50 ms | p99 ms | unexpected | RSS MiB |', '| --- | --- | --- | --- | --- | --- |',
    ...[...windows].sort(([a], [b]) => a - b).map(([index, window]) => {
      const ms = window.map((sample) => sample.ms).sort((a, b) => a - b);
      const rss = memory.find((point) => point.at >= (index + 1) * WINDOW_MS)?.rssMiB ?? memory.at(-1)?.rssMiB;
      return `| ${index * 5}–${index * 5 + 5} s | ${window.length} | ${percentile(ms, 50).toFixed(1)} | ${percentile(ms, 99).toFixed(1)} | ${count('unexpected', window)} | ${rss} |`;
    }),
  ];
  return lines.join('\n');
}

const BEGIN = '<!-- soak:begin (written by bench/soak.ts; everything between these markers is replaced on each run) -->';
const END = '<!-- soak:end -->';

async function writeSection(report: string): Promise<void> {
  const file = `${PROJECT_ROOT}bench/RESULTS.md`;
  const current = await readFile(file, 'utf8').catch(() => '# Benchmark results\n');
  const section = `${BEGIN}\n## Soak\n\n${report}\n${END}`;
  const start = current.indexOf('<!-- soak:begin');
  const end = current.indexOf(END);
  const next = start >= 0 && end > start ? `${current.slice(0, start)}${section}${current.slice(end + END.length)}` : `${current.trimEnd()}\n\n${section}\n`;
  await writeFile(file, next);
  console.log(`soak: wrote the Soak section of ${file}`);
}

await main();
