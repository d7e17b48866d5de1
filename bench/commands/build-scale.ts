// `npm run bench:build-scale [-- --sizes 10000,100000,1000000] [--dir DIR]`: `praxis build`'s
// streaming build of the shared generator's corpora, one child process per size. Prints, per size:
// peak RSS, wall and CPU time, objects per version, and the KV writes a first publish of it costs
// (every object is one key, plus the pointer, the version record, the versions index and the list
// of objects no manifest names) with the Cloudflare plan that covers them.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { generateCorpus } from '../lib/corpus.ts';

const run = promisify(execFile);
const repoRoot = resolve(import.meta.dirname, '../..');

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000' },
    dir: { type: 'string', default: join(repoRoot, 'bench/.corpora/build-scale') },
  },
});
const sizes = values.sizes!.split(',').map(Number);

/** Writes besides the objects: pointer, version record, versions index, extra-objects list. */
const PUBLISH_EXTRA_WRITES = 4;
const FREE_WRITES_A_DAY = 1000;
const PAID_WRITES_A_MONTH = 1_000_000;

function planFor(writes: number): string {
  if (writes <= FREE_WRITES_A_DAY) return 'Free (1 000 writes a day)';
  if (writes <= PAID_WRITES_A_MONTH)
    return `Paid: ${(writes / PAID_WRITES_A_MONTH).toFixed(2)} of the month's 1 000 000 included writes`;
  return `Paid, ${((writes - PAID_WRITES_A_MONTH) / 1e6).toFixed(2)} M writes beyond the month's included 1 000 000 (billed per million)`;
}

const MiB = 1024 * 1024;
console.log(
  '| documents generated | documents indexed | peak RSS | wall | CPU | runs spilled | objects per version | bytes | KV writes, first publish | plan |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const size of sizes) {
  const content = join(values.dir!, `corpus-${size}`);
  if (!existsSync(content)) await generateCorpus(size, content);
  const out = join(values.dir!, `out-${size}`);
  await rm(out, { recursive: true, force: true });
  const { stdout } = await run(
    process.execPath,
    [join(repoRoot, 'bench/lib/build-dir-child.ts'), content, out],
    { maxBuffer: 16 << 20 },
  );
  const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
    ok: boolean;
    ms: number;
    cpuMs: number;
    maxRssBytes: number;
    documents?: number;
    objects?: number;
    bytes?: number;
    runs?: number;
    errors?: unknown[];
  };
  const measured = `${(result.maxRssBytes / MiB).toFixed(0)} MiB | ${(result.ms / 1000).toFixed(1)} s | ${(result.cpuMs / 1000).toFixed(1)} s`;
  if (!result.ok) {
    console.log(`| ${size} | build failed: ${JSON.stringify(result.errors)} | ${measured} |`);
    continue;
  }
  const writes = result.objects! + PUBLISH_EXTRA_WRITES;
  console.log(
    `| ${size} | ${result.documents} | ${measured} | ${result.runs} | ${result.objects} | ${(result.bytes! / MiB).toFixed(0)} MiB | ${writes} | ${planFor(writes)} |`,
  );
  await rm(out, { recursive: true, force: true });
}
