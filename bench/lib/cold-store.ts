// A local KV holding only what some requests read of a built bundle (its pointer and the objects
// named), with the bench Worker bundled to serve it: a million documents' objects would take hours
// to load, the few a request reads take seconds. Used by the commands that start a new workerd per
// request (cold-isolate.ts, kv-read-cost.ts).
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { POINTER_KEY } from '../../src/bundle/bundle.ts';
import { bundleBenchWorker } from '../hosts/direct-host.ts';
import { openBenchStore, writeBenchConfig } from '../hosts/worker-host.ts';
import { bundleNamespace } from '../commands/cold-chain.ts';
import { localAuthEnv } from './local-auth-env.ts';

export interface ColdStore {
  /** The local KV's directory, for startDirectWorker. */
  kvDir: string;
  /** The bench Worker's script and its env file (local sign-in settings). */
  script: string;
  envFile: string;
  /** A bearer token the Worker accepts. */
  token: string;
  /** What was put: objects (the pointer included) and their characters. */
  objects: number;
  chars: number;
}

/** Fills `work` (emptied first) with the pointer and `keys` of the bundle in `dir`, and `more` entries. */
export async function openColdStore(
  dir: string,
  work: string,
  keys: readonly string[],
  label: string,
  more: ReadonlyArray<{ key: string; value: string }> = [],
): Promise<ColdStore> {
  await rm(work, { recursive: true, force: true });
  const kvDir = join(work, 'state');
  await mkdir(kvDir, { recursive: true });
  const config = await writeBenchConfig(work);
  const { kv } = await bundleNamespace(dir);
  const entries = await Promise.all(
    [...new Set([POINTER_KEY, ...keys])].map(async (key) => ({
      key,
      value: (await kv.get(key))!,
    })),
  );
  const store = await openBenchStore(config, kvDir);
  await store.putMany([...entries, ...more]);
  await store.close();
  const envFile = join(work, 'bench.env');
  const token = await localAuthEnv(envFile, label);
  const script = await bundleBenchWorker(config, join(work, 'bundle'));
  return {
    kvDir,
    script,
    envFile,
    token,
    objects: entries.length,
    chars: entries.reduce((sum, { value }) => sum + value.length, 0),
  };
}
