import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
const opts = convertV4MiniflareOptions({ workers: [{ name: 'w', modules: true, scriptPath: '/tmp/wd/out/worker.js', modulesRoot: '/tmp/wd/out', compatibilityDate: '2026-11-01', compatibilityFlags: ['nodejs_compat'] }], host: '127.0.0.1', port: 0 });

const mf = new Miniflare(opts);
const url = await mf.ready; console.log(url.href, await (await fetch(new URL('/healthz', url))).text());
await mf.dispose();
