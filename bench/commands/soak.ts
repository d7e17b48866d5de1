// Bounded loopback soak: `praxis dev` (wrangler dev → workerd, local auth, rate limiting as
// deployed) under ≥100 concurrent clients for a fixed time, mixed tools, valid, invalid and missing
// tokens, and one greedy subject that should be rate limited. Prints and records requests, outcome
// classes, unexpected errors, p50/p99 per window and at steady state, the Worker isolate's JS heap
// after a forced GC (through its inspector), and each workerd process's RSS over time; writes a
// `## Soak` section (between soak markers) into bench/results/RESULTS.md.
// `--control` sends the same load as `GET /healthz` (no token, no content, no logging): the memory
// the local stack itself gains under this load, to tell it apart from the Worker's.
//
//   node bench/commands/soak.ts [--seconds 90] [--requests N] [--clients 120] [--subjects 400] [--control] [--no-write]
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { issueLocalToken } from '../../src/shared/auth/local-token.ts';
import { openWorkerInspector, type WorkerInspector } from '../profiling/worker-inspector.ts';
import { rssBytes, workerdBelow } from '../hosts/workerd-processes.ts';
import { localSecret } from '../../scripts/dev/local-secret.ts';
import { PROJECT_ROOT } from '../../scripts/dev/paths.ts';
import { spawnPraxisDev } from '../../scripts/dev/spawn-praxis-dev.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '90' },
    clients: { type: 'string', default: '120' },
    subjects: { type: 'string', default: '400' },
    'no-write': { type: 'boolean', default: false },
    requests: { type: 'string' },
    control: { type: 'boolean', default: false },
  },
});
const SECONDS = Number(values.seconds);
const CLIENTS = Number(values.clients);
const MAX_REQUESTS = values.requests ? Number(values.requests) : Infinity;
const CONTROL = values.control;
/** A forced GC pauses the isolate: the heap is sampled every this many windows, not every window. */
const HEAP_EVERY_WINDOWS = 6;
const WINDOW_MS = 5000;
const WARMUP_WINDOWS = 2;
/** Clients sharing one subject, to drive it over the 600-per-minute limit while the rest stay under. */
const GREEDY_CLIENTS = 10;

type Outcome = 'ok' | 'tool_error' | 'unauthorized' | 'rate_limited' | 'unexpected';
interface Sample {
  at: number;
  ms: number;
  outcome: Outcome;
}
/** RSS of the Worker's workerd process and of wrangler's proxy workerd; the isolate heap when sampled. */
interface MemoryPoint {
  at: number;
  workerMiB: number;
  proxyMiB: number;
  heapMiB?: number;
}

/** The request mix: what each kind of call sends and which answers are expected of it. */
const CALLS: { weight: number; body: unknown }[] = [
  {
    weight: 4,
    body: call('tools/call', {
      name: 'search_processes',
      arguments: { query: 'review a change before merge', limit: 5 },
    }),
  },
  {
    weight: 3,
    body: call('tools/call', { name: 'get_process', arguments: { name: 'code-review' } }),
  },
  {
    weight: 2,
    body: call('tools/call', { name: 'get_checklist', arguments: { name: 'release' } }),
  },
  {
    weight: 1,
    body: call('tools/call', { name: 'get_process', arguments: { name: 'no-such-process' } }),
  },
  { weight: 1, body: call('tools/call', { name: 'list_templates', arguments: {} }) },
  {
    weight: 1,
    body: call('tools/call', { name: 'search_vitaegraph', arguments: { query: 'workers' } }),
  },
  {
    weight: 1,
    body: call('tools/call', { name: 'graph_neighbors', arguments: { id: 'skill-git' } }),
  },
  { weight: 1, body: call('resources/read', { uri: 'vitaegraph://record/skill-typescript' }) },
  {
    weight: 1,
    body: call('prompts/get', {
      name: 'follow_process',
      arguments: { process: 'deployment', task: 'ship' },
    }),
  },
  { weight: 1, body: call('tools/list', {}) },
];
const WEIGHTED = CALLS.flatMap((entry) => Array(entry.weight).fill(entry.body) as unknown[]);

function call(method: string, params: unknown): unknown {
  return { jsonrpc: '2.0', id: 1, method, params };
}

async function main(): Promise<void> {
  console.log(
    `soak: starting praxis dev (test/fixtures/content) for ${SECONDS} s with ${CLIENTS} clients…`,
  );
  const dev = await spawnPraxisDev(['--content', 'test/fixtures/content']);
  try {
    const secret = await localSecret();
    const tokens = await Promise.all(
      Array.from({ length: Number(values.subjects) }, (_, i) =>
        issueLocalToken(secret, `soak-agent-${i}`),
      ),
    );
    const greedy = await issueLocalToken(secret, 'soak-greedy');
    const invalid = await issueLocalToken(
      'not-the-checkout-secret-0123456789abcdef',
      'soak-intruder',
    );
    const workerd = workerdProcesses(dev.pid);
    const inspector = await openWorkerInspector([workerd.worker, workerd.proxy]);
    const healthz = dev.url.replace(/\/mcp$/, '/healthz');
    const memory: MemoryPoint[] = [];
    const samples: Sample[] = [];
    const unexpected = new Map<string, number>();
    const started = Date.now();
    const deadline = started + SECONDS * 1000;
    let sent = 0;
    let windows = 0;
    const sampler = setInterval(() => {
      windows += 1;
      void memoryPoint(
        started,
        workerd,
        windows % HEAP_EVERY_WINDOWS === 0 ? inspector : null,
      ).then((point) => memory.push(point));
    }, WINDOW_MS);
    memory.push(await memoryPoint(started, workerd, inspector, healthz));
    const client = async (index: number): Promise<void> => {
      let n = index;
      while (Date.now() < deadline && sent < MAX_REQUESTS) {
        n++;
        sent++;
        if (CONTROL) {
          const t0 = performance.now();
          const outcome = await fetch(healthz).then(
            async (response) => (
              await response.text(),
              response.status === 200 ? 'ok' : `healthz ${response.status}`
            ),
            (error: Error) => `network: ${error.message}`,
          );
          record(outcome, performance.now() - t0);
          continue;
        }
        const kind =
          index < GREEDY_CLIENTS
            ? 'greedy'
            : n % 20 === 0
              ? 'invalid'
              : n % 20 === 1
                ? 'missing'
                : 'valid';
        const bearer =
          kind === 'greedy'
            ? greedy
            : kind === 'invalid'
              ? invalid
              : kind === 'missing'
                ? null
                : tokens[(n * 7919 + index) % tokens.length]!;
        const body = WEIGHTED[(n * 31 + index) % WEIGHTED.length];
        const t0 = performance.now();
        const outcome = await send(dev.url, bearer, body, kind).catch(
          (error: Error) => `network: ${error.message}`,
        );
        record(outcome, performance.now() - t0);
      }
    };
    const record = (outcome: string, ms: number): void => {
      if (!isOutcome(outcome)) unexpected.set(outcome, (unexpected.get(outcome) ?? 0) + 1);
      samples.push({
        at: Date.now() - started,
        ms,
        outcome: isOutcome(outcome) ? outcome : 'unexpected',
      });
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
    clearInterval(sampler);
    memory.push(await memoryPoint(started, workerd, inspector, healthz));
    inspector.close();
    memory.sort((a, b) => a.at - b.at);
    const report = summarise(samples, memory, unexpected);
    console.log(report);
    if (!values['no-write']) await writeSection(report);
  } finally {
    await dev.stop();
  }
}

const isOutcome = (value: string): value is Outcome =>
  ['ok', 'tool_error', 'unauthorized', 'rate_limited'].includes(value);

/** One request; the outcome class, or a description of why the answer was unexpected. */
async function send(
  url: string,
  bearer: string | null,
  body: unknown,
  kind: string,
): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (kind === 'invalid' || kind === 'missing')
    return response.status === 401 ? 'unauthorized' : `${kind} token got ${response.status}`;
  if (response.status === 429)
    return kind === 'greedy' && response.headers.get('retry-after')
      ? 'rate_limited'
      : `429 for ${kind} (retry-after ${response.headers.get('retry-after')})`;
  if (response.status !== 200) return `${response.status} ${text.slice(0, 80)}`;
  const json = JSON.parse(
    text.startsWith('event:')
      ? text
          .split('\n')
          .find((line) => line.startsWith('data:'))!
          .slice(5)
      : text,
  ) as { result?: { isError?: boolean }; error?: { code: number } };
  if (json.error) return `JSON-RPC ${json.error.code}`;
  return json.result?.isError ? 'tool_error' : 'ok';
}

/** The Worker's workerd process and wrangler's proxy in front of it, below the `praxis dev` process. */
function workerdProcesses(devPid: number): { worker: number; proxy: number } {
  const below = workerdBelow(devPid);
  const worker = below.find((process) => process.runsWorker);
  const proxy = below.find((process) => !process.runsWorker);
  if (!worker || !proxy)
    throw new Error(
      `expected wrangler dev's two workerd processes below praxis dev (pid ${devPid}), found ${below.length}`,
    );
  return { worker: worker.pid, proxy: proxy.pid };
}

/** RSS of both processes now, and the isolate heap after a forced GC when an inspector is given. */
async function memoryPoint(
  started: number,
  workerd: { worker: number; proxy: number },
  inspector: WorkerInspector | null,
  wake?: string,
): Promise<MemoryPoint> {
  const at = Date.now() - started;
  const point: MemoryPoint = {
    at,
    workerMiB: rssMiB(workerd.worker),
    proxyMiB: rssMiB(workerd.proxy),
  };
  if (inspector) {
    const heap = await inspector.usedHeapAfterGc(
      wake ? () => fetch(wake).then((response) => response.text()) : undefined,
    );
    point.heapMiB = Math.round((heap / 2 ** 20) * 10) / 10;
  }
  return point;
}

const rssMiB = (pid: number): number => Math.round((rssBytes(pid) / 2 ** 20) * 10) / 10;

const percentile = (sorted: number[], p: number): number =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : NaN;

/** At most this many rows in the over-time table: a long soak's windows are merged into rows. */
const MAX_ROWS = 30;

function summarise(
  samples: Sample[],
  memory: MemoryPoint[],
  unexpected: Map<string, number>,
): string {
  const count = (outcome: Outcome, from = samples) =>
    from.filter((sample) => sample.outcome === outcome).length;
  const steady = samples.filter(
    (sample) => sample.at >= WARMUP_WINDOWS * WINDOW_MS && sample.outcome !== 'rate_limited',
  );
  const steadyMs = steady.map((sample) => sample.ms).sort((a, b) => a - b);
  const seconds = Math.max(...samples.map((sample) => sample.at)) / 1000;
  const first = memory[0]!;
  const warm =
    memory.find((point) => point.at >= WARMUP_WINDOWS * WINDOW_MS && point.heapMiB !== undefined) ??
    first;
  const last = memory.at(-1)!;
  const heaps = memory
    .filter((point) => point.heapMiB !== undefined)
    .map((point) => point.heapMiB!);
  const max = (key: 'workerMiB' | 'proxyMiB') => Math.max(...memory.map((point) => point[key]));
  const command = `node bench/commands/soak.ts --seconds ${SECONDS}${values.requests ? ` --requests ${values.requests}` : ''} --clients ${CLIENTS}${CONTROL ? ' --control' : ` --subjects ${values.subjects}`}`;
  const load = CONTROL
    ? '`GET /healthz` only (the control: no token, no content read, no log line)'
    : 'mixed tools, valid, invalid and missing tokens, deployed rate limiting: 600 requests / 60 s per subject';
  const lines = [
    `Run ${new Date().toISOString()}: \`${command}\` against \`praxis dev\` on 127.0.0.1 (wrangler dev → workerd, local HS256 auth); ${load}.`,
    '',
    '| figure | value |',
    '| --- | --- |',
    `| requests sent | ${samples.length} in ${seconds.toFixed(1)} s (${(samples.length / seconds).toFixed(0)}/s), ${CLIENTS} concurrent clients |`,
    CONTROL
      ? `| answered as expected | ${count('ok')} × 200 |`
      : `| answered as expected | ${count('ok')} results, ${count('tool_error')} domain errors (unknown process, on purpose), ${count('unauthorized')} × 401 (invalid or missing token, on purpose), ${count('rate_limited')} × 429 with Retry-After (the greedy subject, shared by ${GREEDY_CLIENTS} clients) |`,
    `| unexpected errors | ${count('unexpected')}${unexpected.size ? ` — ${[...unexpected].map(([what, n]) => `${n} × ${what}`).join('; ')}` : ''} |`,
    `| latency at steady state (after ${(WARMUP_WINDOWS * WINDOW_MS) / 1000} s, 429s excluded) | p50 ${percentile(steadyMs, 50).toFixed(1)} ms, p99 ${percentile(steadyMs, 99).toFixed(1)} ms (p99/p50 = ${(percentile(steadyMs, 99) / percentile(steadyMs, 50)).toFixed(2)}) over ${steady.length} requests |`,
    `| Worker isolate JS heap after a forced GC (V8 inspector) | before the load ${first.heapMiB} MiB, first sample under load ${warm.heapMiB} MiB, after the load ${last.heapMiB} MiB; range ${Math.min(...heaps)}–${Math.max(...heaps)} MiB over ${heaps.length} samples (one every ${(HEAP_EVERY_WINDOWS * WINDOW_MS) / 1000} s) |`,
    `| RSS of the Worker's workerd process | start ${first.workerMiB} MiB, end ${last.workerMiB} MiB, max ${max('workerMiB')} MiB |`,
    `| RSS of wrangler's proxy workerd process (no Praxis code runs in it) | start ${first.proxyMiB} MiB, end ${last.proxyMiB} MiB, max ${max('proxyMiB')} MiB |`,
    '',
    'Over time: requests, p50 / p99 ms, unexpected, memory at the end of the row',
    '',
    '| from | requests | p50 ms | p99 ms | unexpected | Worker RSS MiB | proxy RSS MiB | heap after GC MiB |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows(samples, memory),
  ];
  return lines.join('\n');
}

function rows(samples: Sample[], memory: MemoryPoint[]): string[] {
  const span =
    Math.max(1, Math.ceil(Math.max(...samples.map((sample) => sample.at)) / WINDOW_MS / MAX_ROWS)) *
    WINDOW_MS;
  const byRow = new Map<number, Sample[]>();
  for (const sample of samples) {
    const row = Math.floor(sample.at / span);
    const list = byRow.get(row);
    if (list) list.push(sample);
    else byRow.set(row, [sample]);
  }
  return [...byRow]
    .sort(([a], [b]) => a - b)
    .map(([row, list]) => {
      const ms = list.map((sample) => sample.ms).sort((a, b) => a - b);
      const end = (row + 1) * span;
      const point = memory.findLast((candidate) => candidate.at <= end) ?? memory[0]!;
      const heap =
        memory.findLast((candidate) => candidate.at <= end && candidate.heapMiB !== undefined)
          ?.heapMiB ?? '';
      return `| ${(row * span) / 1000} s | ${list.length} | ${percentile(ms, 50).toFixed(1)} | ${percentile(ms, 99).toFixed(1)} | ${list.filter((sample) => sample.outcome === 'unexpected').length} | ${point.workerMiB} | ${point.proxyMiB} | ${heap} |`;
    });
}

/** The soak and its control each own a section of bench/results/RESULTS.md, between their own markers. */
const SECTION = CONTROL
  ? { name: 'soakControl', title: 'Soak control: the same load on /healthz' }
  : { name: 'soak', title: 'Soak' };

async function writeSection(report: string): Promise<void> {
  const file = `${PROJECT_ROOT}bench/results/RESULTS.md`;
  const current = await readFile(file, 'utf8').catch(() => '# Benchmark results\n');
  const begin = `<!-- ${SECTION.name}:begin (written by bench/commands/soak.ts; everything between these markers is replaced on each run) -->`;
  const end = `<!-- ${SECTION.name}:end -->`;
  const section = `${begin}\n## ${SECTION.title}\n\n${report}\n${end}`;
  const start = current.indexOf(`<!-- ${SECTION.name}:begin`);
  const stop = current.indexOf(end);
  const next =
    start >= 0 && stop > start
      ? `${current.slice(0, start)}${section}${current.slice(stop + end.length)}`
      : `${current.trimEnd()}\n\n${section}\n`;
  await writeFile(file, next);
  console.log(`soak: wrote the "${SECTION.title}" section of ${file}`);
}

await main();
