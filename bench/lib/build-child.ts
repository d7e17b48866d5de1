// One timed build in its own process, so its wall time and peak memory are the build's alone:
// `node bench/lib/build-child.ts CONTENT_DIR OBJECTS_FILE` → prints one JSON line with the outcome and
// writes the bundle (pointer line, then one [hash, text] line per object) to OBJECTS_FILE.
import { createWriteStream } from 'node:fs';
import { buildBundle } from '../../scripts/compile/stream/build-bundle.ts';

const [contentDir, objectsFile] = process.argv.slice(2);
if (!contentDir || !objectsFile) throw new Error('usage: build-child.ts CONTENT_DIR OBJECTS_FILE');

const started = performance.now();
const result = await buildBundle(contentDir);
const ms = performance.now() - started;
const maxRssBytes = process.resourceUsage().maxRSS * 1024;
if (!result.ok) {
  console.log(
    JSON.stringify({
      ok: false,
      ms,
      maxRssBytes,
      errors: result.errors.slice(0, 20),
      errorCount: result.errors.length,
    }),
  );
} else {
  const out = createWriteStream(objectsFile);
  out.write(`${JSON.stringify(result.bundle.pointer)}\n`);
  for (const entry of result.bundle.objects) {
    if (!out.write(`${JSON.stringify(entry)}\n`))
      await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
  console.log(JSON.stringify({ ok: true, ms, maxRssBytes, objects: result.bundle.objects.size }));
}
