// One streaming build (`praxis build`'s) in its own process, so its wall time, CPU and peak memory
// are the build's alone: `node bench/lib/build-dir-child.ts CONTENT_DIR OUT_DIR` → one JSON line.
import { buildToDirectory } from '../../scripts/compile/stream/build.ts';

const [contentDir, outDir] = process.argv.slice(2);
if (!contentDir || !outDir) throw new Error('usage: build-dir-child.ts CONTENT_DIR OUT_DIR');

const started = performance.now();
const result = await buildToDirectory(contentDir, outDir, () => {});
const ms = performance.now() - started;
const usage = process.resourceUsage();
const measured = {
  ms,
  cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
  maxRssBytes: usage.maxRSS * 1024,
};
console.log(
  JSON.stringify(
    result.ok
      ? {
          ok: true,
          ...measured,
          documents: result.pointer.documentCount,
          objects: result.objects,
          bytes: result.bytes,
          runs: result.runs,
        }
      : { ok: false, ...measured, errors: result.errors.slice(0, 5) },
  ),
);
