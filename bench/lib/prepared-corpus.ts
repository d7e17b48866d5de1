// The bench's generated corpus, built and published once per size under a work folder and reused by
// later runs (bench/commands/cpu.ts, bench/commands/hostile.ts): `dir/n<documents>/` holds the content, the built
// objects (bundle.jsonl) and the local KV state a Worker serves them from. A kept bundle of another
// bundle schema (built by an older checkout) is built and published again: the Worker would refuse it.
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { join, resolve } from 'node:path';
import { publishBundle } from '../../scripts/publish/publish.ts';
import { BUNDLE_SCHEMA, type Pointer } from '../../src/bundle/bundle.ts';
import { buildOnce, generateCorpus, readBundle, setGraphAside } from './corpus.ts';
import { openBenchStore, writeBenchConfig } from '../hosts/worker-host.ts';

export interface PreparedCorpus {
  dir: string;
  config: string;
  objectsFile: string;
  kvDir: string;
}

export async function preparedCorpus(
  documents: number,
  workDir: string,
  log: (line: string) => void,
): Promise<PreparedCorpus> {
  const dir = resolve(workDir, `n${documents}`);
  await mkdir(dir, { recursive: true });
  const content = join(dir, 'content');
  const objectsFile = join(dir, 'bundle.jsonl');
  const kvDir = join(dir, 'state');
  const config = await writeBenchConfig(dir);
  if (existsSync(objectsFile) && (await keptSchema(objectsFile)) !== BUNDLE_SCHEMA) {
    log(`the kept bundle in ${dir} is of another bundle schema: building it again`);
    await rm(objectsFile);
    await rm(kvDir, { recursive: true, force: true });
  }
  if (!existsSync(objectsFile)) {
    await generateCorpus(documents, content);
    let run = await buildOnce(content, objectsFile);
    if (!run.ok && run.errors?.every((error) => error.file.includes('/graph/'))) {
      await setGraphAside(content);
      run = await buildOnce(content, objectsFile);
    }
    if (!run.ok) throw new Error(`build failed: ${JSON.stringify(run.errors?.slice(0, 3))}`);
    log(`built ${documents} documents in ${Math.round(run.ms)} ms`);
    const store = await openBenchStore(config, kvDir);
    await publishBundle(await readBundle(objectsFile), store, { author: 'bench' });
    await store.close();
  }
  return { dir, config, objectsFile, kvDir };
}

/** The bundle schema of a kept bundle file (its first line is the pointer). */
async function keptSchema(objectsFile: string): Promise<unknown> {
  const lines = createInterface({ input: createReadStream(objectsFile), crlfDelay: Infinity });
  for await (const line of lines) {
    lines.close();
    try {
      return (JSON.parse(line) as Pointer).schema;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
