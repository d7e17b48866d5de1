// Benchmark: what a one-file edit in a 10 000-document corpus costs a publish. Builds the corpus,
// edits one file, builds again, and prints the objects and bytes the second publish uploads
// (objects the store lacks) against the whole bundle. Usage: node bench/commands/publish-incremental.ts [N]
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildBundle } from '../../scripts/compile/stream/build-bundle.ts';
import type { Bundle } from '../../scripts/compile/assemble.ts';
import { formatBytes } from '../../scripts/publish/progress.ts';
import { unnamedObjects } from '../../scripts/publish/reachability.ts';

const count = Number(process.argv[2] ?? 10_000);
const dir = await mkdtemp(join(tmpdir(), 'praxis-bench-publish-'));
const words =
  'review deploy incident rollback canary release checklist owner approve merge test alert page'.split(
    ' ',
  );
const doc = (i: number, extra = '') =>
  `# Process ${i}\n\n${Array.from({ length: 60 }, (_, w) => words[(i * 7 + w * 3) % words.length]).join(' ')}.${extra}\n`;

try {
  await mkdir(join(dir, 'processes'), { recursive: true });
  for (let i = 0; i < count; i += 500) {
    await Promise.all(
      Array.from({ length: Math.min(500, count - i) }, (_, k) =>
        writeFile(join(dir, 'processes', `p${i + k}.md`), doc(i + k)),
      ),
    );
  }
  const first = await timed(() => build(dir));
  await writeFile(join(dir, 'processes', 'p4242.md'), doc(4242, ' Edited.'));
  const second = await timed(() => build(dir));
  const stored = new Set(first.value.objects.keys());
  const uploads = [...second.value.objects].filter(([hash]) => !stored.has(hash));
  const uploadBytes = uploads.reduce((sum, [, text]) => sum + Buffer.byteLength(text), 0);
  const totalBytes = [...second.value.objects.values()].reduce(
    (sum, text) => sum + Buffer.byteLength(text),
    0,
  );
  const list = unnamedObjects(second.value);
  const kinds = (hash: string) => (hash === second.value.pointer.manifest ? 'manifest' : 'object');
  console.log(
    `uploaded: ${uploads.map(([hash, text]) => `${kinds(hash)} ${formatBytes(Buffer.byteLength(text))}`).join(', ')}`,
  );
  console.log(
    `corpus: ${count} documents, ${second.value.objects.size} objects, ${formatBytes(totalBytes)}; build ${first.ms.toFixed(0)} ms, rebuild ${second.ms.toFixed(0)} ms`,
  );
  console.log(
    `one-file edit uploads ${uploads.length} objects (${formatBytes(uploadBytes)}) + version record, index and pointer; ` +
      `${list.length ? `+ the unnamed-objects list (${list.length} hashes, ${formatBytes(JSON.stringify(list).length)}); ` : ''}` +
      `skips ${second.value.objects.size - uploads.length} (${(100 * (1 - uploadBytes / totalBytes)).toFixed(1)} % of bytes)`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}

async function build(contentDir: string): Promise<Bundle> {
  const result = await buildBundle(contentDir);
  if (!result.ok) throw new Error(`benchmark corpus does not build: ${result.errors[0]?.message}`);
  return result.bundle;
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}
