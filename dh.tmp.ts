import { bundleBenchWorker, startDirectWorker } from './bench/direct-host.ts';
import { execFileSync } from 'node:child_process';
const dir = '/tmp/praxis-bench/n10000';
const script = await bundleBenchWorker(`${dir}/wrangler.bench.toml`, '/tmp/wd/bundle');
const host = await startDirectWorker(script, `${dir}/state`, `${dir}/bench.env`);
console.log(host.url.href, host.pids, (host.rss() / 2 ** 20).toFixed(0), 'MiB');
const ports = execFileSync('ss', ['-ltnpH'], { encoding: 'utf8' }).split('\n').filter((l) => host.pids.some((p) => l.includes(`pid=${p},`)));
console.log(ports.join('\n'));
for (const l of ports) { const port = /127\.0\.0\.1:(\d+)\s/.exec(l)?.[1]; if (!port) continue; const r = await fetch(`http://127.0.0.1:${port}/json/list`).then((x) => x.text(), (e) => String(e)); console.log(port, r.slice(0, 600)); }
console.log(await (await fetch(new URL('/healthz', host.url))).text());
await host.close();
