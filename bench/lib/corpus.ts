// Corpora and builds for the benchmark: the shared generator's documents, built in a child process
// (wall time and peak RSS of the build alone), loaded back as a Bundle for publishing.
import { execFile } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { appendFile, readdir, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { objectText, type Bundle } from '../../scripts/compile/assemble.ts';
import type { Manifest, Pointer } from '../../src/bundle/bundle.ts';
import { entriesFromObjects } from '../../src/bundle/document-chunks.ts';

const run = promisify(execFile);
const repoRoot = resolve(import.meta.dirname, '../..');
export const generator = resolve(repoRoot, '../shared/corpora/make-scale-corpus.mjs');

export interface BuildRun {
  ok: boolean;
  ms: number;
  maxRssBytes: number;
  errorCount?: number;
  errors?: { file: string; line: number; message: string }[];
}

export async function generateCorpus(count: number, dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await run(process.execPath, [generator, String(count), dir], { maxBuffer: 1 << 20 });
}

export async function buildOnce(contentDir: string, objectsFile: string): Promise<BuildRun> {
  const { stdout } = await run(
    process.execPath,
    [
      '--max-old-space-size=4096',
      join(repoRoot, 'bench/lib/build-child.ts'),
      contentDir,
      objectsFile,
    ],
    { maxBuffer: 16 << 20 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as BuildRun;
}

/**
 * The generator's graph third cannot be built while the graph compiler reads the citations
 * `[[1]](#resources)` in its paragraphs as links to record ids; the benchmark then measures the
 * processes and checklists without it, and says so.
 */
export async function setGraphAside(contentDir: string): Promise<boolean> {
  const graph = join(contentDir, 'graph');
  if (!existsSync(graph)) return false;
  await rename(graph, `${contentDir}-graph-excluded`);
  return true;
}

export async function readBundle(objectsFile: string): Promise<Bundle> {
  const lines = createInterface({ input: createReadStream(objectsFile), crlfDelay: Infinity });
  let pointer: Pointer | undefined;
  const objects = new Map<string, string>();
  for await (const line of lines) {
    if (pointer === undefined) pointer = JSON.parse(line) as Pointer;
    else {
      const [hash, text] = JSON.parse(line) as [string, string];
      objects.set(hash, text);
    }
  }
  if (!pointer) throw new Error(`${objectsFile} holds no bundle`);
  return { pointer, objects };
}

/** The bundle's process entries, as the processes' chunk list names them. */
export function bundleProcesses(bundle: Bundle): ReturnType<typeof entriesFromObjects> {
  const text = (hash: string) => objectText(bundle.objects, hash);
  return entriesFromObjects(
    JSON.parse(text(bundle.pointer.manifest)!) as Manifest,
    'processes',
    text,
  );
}

/** Appends a sentence to one process document: the "one-document edit" of the re-publish row. */
export async function editOneProcess(contentDir: string): Promise<string> {
  const files = (await readdir(join(contentDir, 'processes')))
    .filter((name) => name.endsWith('.md'))
    .sort();
  const file = join(contentDir, 'processes', files[Math.floor(files.length / 2)]!);
  await appendFile(
    file,
    '\nEdited for the benchmark: the owner now reviews this step before every release.\n',
  );
  return file;
}
