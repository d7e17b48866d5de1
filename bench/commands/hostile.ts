// The isolate CPU of the hostile requests a per-request bound must hold against, in a warm isolate
// over the generated corpus: `npm run bench:hostile -- --docs 100000 --work DIR` (the corpus is
// built and published once per size, as bench/commands/cpu.ts does, and shared with it). For each request:
// what it was answered, the isolate CPU per request (bench/profiling/isolate-cpu.ts, median of profiles) and
// the on-CPU time of the whole workerd process per request (kernel accounting: an upper bound that
// a loaded machine does not lower), next to an ordinary search and a small 401 for scale.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { localAuthEnv } from '../lib/local-auth-env.ts';
import { MAX_QUERY_CHARS } from '../../src/worker/http/request-caps.ts';
import { bundleBenchWorker, startDirectWorker } from '../hosts/direct-host.ts';
import { medianIsolateCpuMsPerCall } from '../profiling/isolate-cpu.ts';
import { preparedCorpus } from '../lib/prepared-corpus.ts';
import { processCpuMsPerCall } from '../profiling/process-cpu.ts';

const { values } = parseArgs({
  options: {
    docs: { type: 'string' },
    work: { type: 'string' },
    calls: { type: 'string' },
    profiles: { type: 'string' },
  },
});
const documents = Number(values.docs ?? 10_000);
const calls = Number(values.calls ?? 10);
const profiles = Number(values.profiles ?? 3);
const log = (line: string) => console.log(`[hostile] ${line}`);
const { dir, config, kvDir } = await preparedCorpus(
  documents,
  values.work ?? join(tmpdir(), 'praxis-cpu'),
  log,
);
const envFile = join(dir, 'hostile.env');
const token = await localAuthEnv(envFile, 'bench', ['PRAXIS_RATE_LIMIT=off']);
const host = await startDirectWorker(
  await bundleBenchWorker(config, join(dir, 'bundle')),
  kvDir,
  envFile,
);

const search = (id: number, query: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'search_processes', arguments: { query } },
});
/** A process of the generated corpus (at 10 000 documents and more). */
const getProcess = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'get_process', arguments: { name: '1-record-architecture-decisions-1011' } },
});
const MIB = 1024 * 1024;
const REQUESTS: [string, string, boolean][] = [
  ['ordinary search_processes', JSON.stringify(search(1, 'deployment pipeline')), true],
  [
    'small body, no token (401)',
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    false,
  ],
  ['1 MiB nested arrays, no token', '['.repeat(MIB / 2) + ']'.repeat(MIB / 2), false],
  ['1 MiB nested arrays, token', '['.repeat(MIB / 2) + ']'.repeat(MIB / 2), true],
  [
    'batch of 100 searches',
    JSON.stringify(Array.from({ length: 100 }, (_, i) => search(i + 1, 'deployment pipeline'))),
    true,
  ],
  [
    'prompts/get, 60 000 arguments',
    JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'prompts/get',
      params: {
        name: 'any',
        arguments: Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`a${i}`, 'x'])),
      },
    }),
    true,
  ],
  ['search, 1 MiB query', JSON.stringify(search(1, 'deploy '.repeat(MIB / 7 - 20))), true],
  [
    'resources/read, 1 000 000-char URI',
    JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'resources/read',
      params: { uri: `vitaegraph://record/${'a'.repeat(1_000_000)}` },
    }),
    true,
  ],
  // The largest requests the caps still serve: the bound is measured on them, not argued.
  ['search, longest accepted query', JSON.stringify(search(1, longestQuery())), true],
  [
    'batch: longest search + get_process',
    JSON.stringify([search(1, longestQuery()), getProcess(2)]),
    true,
  ],
];

/** Common words, repeated up to the query cap: each distinct term reaches the index. */
function longestQuery(offset = 0): string {
  const words = [
    'deploy',
    'rollback',
    'incident',
    'review',
    'release',
    'access',
    'checklist',
    'security',
    'onboarding',
    'pipeline',
    'production',
    'database',
    'migration',
    'alert',
    'monitoring',
    'customer',
    'service',
    'team',
    'process',
    'approval',
    'change',
    'test',
    'build',
    'branch',
    'merge',
    'config',
    'secret',
    'token',
    'network',
    'backup',
    'restore',
    'outage',
    'escalation',
    'owner',
    'runbook',
    'metric',
    'latency',
    'error',
    'budget',
    'quality',
    'design',
    'document',
  ];
  const picked: string[] = [];
  for (let i = 0; picked.join(' ').length + 12 < MAX_QUERY_CHARS; i++)
    picked.push(words[(i + offset) % words.length]!);
  return picked.join(' ');
}

const send = (body: string, withToken: boolean) =>
  fetch(new URL('/mcp', host.url), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(withToken ? { authorization: `Bearer ${token}` } : {}),
    },
    body,
  });
/** A refusal sent before the body was read may close the connection while the client still sends it. */
const sentAndAnswered = (body: string, withToken: boolean) =>
  send(body, withToken)
    .then((response) => response.text())
    .catch(() => 'closed');

try {
  for (let i = 0; i < 20; i++) await (await send(REQUESTS[0]![1], true)).text();
  log(
    `${documents} documents; per request: isolate CPU (median of ${profiles} profiles of ${calls}) ` +
      `and workerd process on-CPU time (least of ${profiles} rounds of ${calls})`,
  );
  for (const [name, body, withToken] of REQUESTS) {
    const first = await send(body, withToken);
    const text = await first.text();
    const code =
      /"code":(-?\d+)/.exec(text)?.[1] ?? /"error":"([A-Z_]+)"/.exec(text)?.[1] ?? 'result';
    const call = () => sentAndAnswered(body, withToken);
    for (let i = 0; i < 3; i++) await call();
    const isolate = await medianIsolateCpuMsPerCall(host.pids, profiles, calls, call);
    const processMs = await processCpuMsPerCall(host.pids, profiles, calls, call);
    log(
      `  ${name.padEnd(36)} ${String(first.status).padStart(3)} ${code.padEnd(24)} ` +
        `isolate ${isolate.toFixed(2).padStart(7)} ms  process ${processMs.toFixed(2).padStart(7)} ms  ` +
        `(${(body.length / 1024).toFixed(0)} KiB)`,
    );
  }
} finally {
  await host.close();
}
