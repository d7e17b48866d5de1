// Puts a bundle into wrangler's local KV state (what `wrangler dev` serves): objects first, pointer last,
// so a server already running never sees a pointer to objects that are not there yet.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { POINTER_KEY, objectKey } from '../../src/content/bundle.ts';
import type { Bundle } from '../build/assemble.ts';
import { runWrangler } from './wrangler.ts';

export async function loadBundleLocally(bundle: Bundle, persistTo: string): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'praxis-load-'));
  try {
    const objects = [...bundle.objects].map(([hash, value]) => ({ key: objectKey(hash), value }));
    const pointer = [{ key: POINTER_KEY, value: JSON.stringify(bundle.pointer) }];
    await putAll(join(dir, 'objects.json'), objects, persistTo);
    await putAll(join(dir, 'pointer.json'), pointer, persistTo);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function putAll(file: string, entries: Array<{ key: string; value: string }>, persistTo: string): Promise<void> {
  await writeFile(file, JSON.stringify(entries));
  await runWrangler(['kv', 'bulk', 'put', file, '--binding', 'CONTENT', '--local', '--persist-to', persistTo]);
}
