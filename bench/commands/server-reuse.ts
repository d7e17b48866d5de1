// What a fresh MCP server per request costs in the SDK itself: `node bench/commands/server-reuse.ts
// [--rounds 5] [--calls 100] [--work DIR]`. Serves the SDK floor (bench/workers/sdk-floor-worker.ts:
// a new server for every request) and the same Worker with its servers reused
// (bench/workers/sdk-floor-reused-worker.ts), and measures, in the 2026-07-28 era, the isolate CPU
// per tools/list and per tools/call of each: one profile each in turn, round after round, the
// median printed with the saving. First it checks that both answer every call with the same bytes.
import { mkdir } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { eraRequest, type JsonRpcRequest } from '../lib/era-envelope.ts';
import { startStatelessWorker } from '../lib/sdk-floor.ts';
import { isolateCpuMsPerCall } from '../profiling/isolate-cpu.ts';

const { values } = parseArgs({
  options: { rounds: { type: 'string' }, calls: { type: 'string' }, work: { type: 'string' } },
});
const rounds = Number(values.rounds ?? 5);
const calls = Number(values.calls ?? 100);
const dir = join(values.work ?? join(tmpdir(), 'praxis-cpu'), 'server-reuse');
await mkdir(dir, { recursive: true });
const load = () =>
  loadavg()
    .map((figure) => figure.toFixed(2))
    .join(' ');
console.log(`[server-reuse] ${new Date().toISOString()}; load average ${load()}`);

const hosts = {
  fresh: await startStatelessWorker(dir, 'sdk-floor', 'bench/workers/sdk-floor-worker.ts'),
  reused: await startStatelessWorker(
    dir,
    'sdk-floor-reused',
    'bench/workers/sdk-floor-reused-worker.ts',
  ),
};
type Target = keyof typeof hosts;
const messages: Record<string, JsonRpcRequest> = {
  'tools/list': { id: 1, method: 'tools/list' },
  'tools/call echo': {
    id: 1,
    method: 'tools/call',
    params: { name: 'echo', arguments: { text: 'hello' } },
  },
};
const answer = async (target: Target, message: JsonRpcRequest): Promise<string> => {
  const response = await fetch(new URL('/mcp', hosts[target].url), {
    method: 'POST',
    ...eraRequest('modern', message, {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${target}: HTTP ${response.status}: ${text.slice(0, 200)}`);
  return text;
};
const median = (figures: number[]): number =>
  [...figures].sort((a, b) => a - b)[Math.floor(figures.length / 2)]!;

try {
  for (const [name, message] of Object.entries(messages)) {
    for (let i = 0; i < 30; i++) {
      const [fresh, reused] = [await answer('fresh', message), await answer('reused', message)];
      if (fresh !== reused) throw new Error(`${name}: the answers differ:\n${fresh}\n${reused}`);
    }
  }
  console.log('[server-reuse] both Workers answered every warm-up call with the same bytes');
  for (const [name, message] of Object.entries(messages)) {
    const figures: Record<Target, number[]> = { fresh: [], reused: [] };
    for (let round = 0; round < rounds; round++)
      for (const target of ['fresh', 'reused'] as const)
        figures[target].push(
          await isolateCpuMsPerCall(hosts[target].pids, calls, () => answer(target, message)),
        );
    const [fresh, reused] = [median(figures.fresh), median(figures.reused)];
    console.log(
      `[server-reuse] ${name}: fresh server ${fresh.toFixed(3)} ms, reused ${reused.toFixed(3)} ms per call (median of ${rounds} profiles of ${calls}); reuse saves ${(fresh - reused).toFixed(3)} ms = ${(((fresh - reused) / fresh) * 100).toFixed(0)} %; load average ${load()}`,
    );
  }
} finally {
  for (const host of Object.values(hosts)) await host.close();
}
