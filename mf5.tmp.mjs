import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { readFileSync } from 'node:fs';
const dir = '/tmp/praxis-bench/n10000';
const { workerOptions } = unstable_getMiniflareWorkerOptions(`${dir}/wrangler.bench.toml`);
const env = Object.fromEntries(readFileSync(`${dir}/bench.env`, 'utf8').trim().split('\n').map((l) => l.split('=')));
const mf = new Miniflare(convertV4MiniflareOptions({
  workers: [{ ...Object.fromEntries(Object.entries(workerOptions).filter(([k, v]) => k !== 'modulesRules' && k !== 'rootPath' && !(v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0) && !(Array.isArray(v) && v.length === 0))), name: 'praxis-bench', modules: true, modulesRoot: '/tmp/wd/out', scriptPath: '/tmp/wd/out/worker.js', bindings: env }],
  resourcePersistencePath: `${dir}/state/v3`, host: '127.0.0.1', port: 0,
}));
const url = await mf.ready;
console.log('ready', url.href);
const { issueLocalToken } = await import('/work/main/src/auth/local-token.ts');
const token = await issueLocalToken(env.PRAXIS_LOCAL_SECRET, 'mf');
const p = (xs, q) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(q * (s.length - 1))].toFixed(2); };
const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` };
const body = (method, params) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) });
const cases = [
  ['GET floor', () => fetch(new URL('/bench/floor', url)).then((r) => r.text())],
  ['POST ping (legacy)', () => fetch(new URL('/mcp', url), { method: 'POST', headers, body: body('ping') }).then((r) => r.text())],
  ['POST search (legacy)', () => fetch(new URL('/mcp', url), { method: 'POST', headers, body: body('tools/call', { name: 'search_processes', arguments: { query: 'how do we roll back a deployment' } }) }).then((r) => r.text())],
];
for (let round = 0; round < 2; round++) for (const [label, call] of cases) {
  for (let i = 0; i < 20; i++) await call();
  const t = [];
  for (let i = 0; i < 150; i++) { const s = performance.now(); await call(); t.push(performance.now() - s); }
  console.log(label.padEnd(22), 'p50', p(t, 0.5), 'p10', p(t, 0.1));
}
console.log((await fetch(new URL('/mcp', url), { method: 'POST', headers, body: body('tools/call', { name: 'search_processes', arguments: { query: 'deployment' } }) }).then((r) => r.text())).slice(0, 200));
await mf.dispose();
