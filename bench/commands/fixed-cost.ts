// Where a request's fixed cost goes: /healthz (the wrangler dev proxy floor) next to MCP ping,
// tools/list and one search over the legacy JSON path, sequential, p50 of 150 each.
// `node bench/commands/fixed-cost.ts [off|local]` — a diagnostic of the fixed cost of a request, not a benchmark of record.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../scripts/dev/paths.ts';
import { spawnPraxisDev } from '../../scripts/dev/spawn-praxis-dev.ts';

const mode = process.argv[2] === 'local' ? 'local' : 'off';
const dev = await spawnPraxisDev(['--auth', mode]);
const token =
  mode === 'local'
    ? execFileSync(process.execPath, [join(PROJECT_ROOT, 'bin/praxis.mjs'), 'token'])
        .toString()
        .trim()
    : '';
const headers: Record<string, string> = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
};
const post = (body: object) =>
  fetch(dev.url, { method: 'POST', headers, body: JSON.stringify(body) }).then((response) =>
    response.text(),
  );

async function median(label: string, call: () => Promise<unknown>, samples = 150): Promise<void> {
  for (let i = 0; i < 20; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(24)} p50 ${times[Math.floor(samples / 2)]!.toFixed(2)} ms`);
}

try {
  await median('healthz (floor)', () =>
    fetch(`http://127.0.0.1:${dev.port}/healthz`).then((response) => response.text()),
  );
  await median('ping', () => post({ jsonrpc: '2.0', id: 1, method: 'ping' }));
  await median('tools/list', () => post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
  await median('search_processes', () =>
    post({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'search_processes', arguments: { query: 'rollback a deploy' } },
    }),
  );
} finally {
  await dev.stop();
}
