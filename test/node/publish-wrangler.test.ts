// The store used for remote publishing — wrangler's `kv key list` / `kv bulk get|put|delete`, and
// `r2 object get|put` for the archive bucket — proven against wrangler's local state (no network): same
// arguments and output parsing as with --remote, only the location flag differs. What it writes is
// read back through a separately opened local store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWranglerStore } from '../../scripts/publish/wrangler-store.ts';
import type { ContentStore } from '../../scripts/publish/store.ts';
import { openTestStore, removeTempDirs, type TestStore } from './publish-helpers.ts';

let local: TestStore;
let wrangler: ContentStore;

beforeAll(async () => {
  local = await openTestStore();
  wrangler = openWranglerStore({ mode: 'local', persistTo: local.persistTo });
});
afterAll(async () => {
  await wrangler?.close();
  await local?.dispose();
  await removeTempDirs();
});

describe('the wrangler CLI store', () => {
  it('puts, lists, gets and deletes keys exactly, values with newlines and unicode intact', async () => {
    const entries = [
      { key: 'praxis:obj:aaaa', value: '# Title\n\nBody ending in a newline\n' },
      { key: 'praxis:obj:bbbb', value: '{"json":"värde ✓"}' },
      { key: 'praxis:pointer', value: '{"version":"x"}' },
    ];
    const progress: number[] = [];
    await wrangler.putMany(entries, (done) => progress.push(done));
    expect(progress).toEqual([3]);
    expect(await local.store.get('praxis:obj:aaaa')).toBe(entries[0]!.value);

    expect((await wrangler.list('praxis:obj:')).sort()).toEqual(['praxis:obj:aaaa', 'praxis:obj:bbbb']);
    const values = await wrangler.getMany(['praxis:obj:aaaa', 'praxis:obj:bbbb', 'praxis:missing']);
    expect(Object.fromEntries(values)).toEqual({ 'praxis:obj:aaaa': entries[0]!.value, 'praxis:obj:bbbb': entries[1]!.value, 'praxis:missing': null });

    await wrangler.deleteMany(['praxis:obj:aaaa', 'praxis:pointer']);
    expect(await local.store.list('praxis:')).toEqual(['praxis:obj:bbbb']);
  });

  it('puts and gets archive objects byte for byte in the bucket wrangler.toml binds as ARCHIVE, and a missing key is null', async () => {
    const bytes = new Uint8Array([0, 1, 2, 255, 0x1f, 0x8b, 10, 13]);
    await wrangler.archive.put('praxis/archive/test/part-0001.ndjson.gz', bytes);
    expect(await local.store.archive.get('praxis/archive/test/part-0001.ndjson.gz')).toEqual(bytes);
    await local.store.archive.put('praxis/versions.json', new TextEncoder().encode('{"versions":[] } ✓'));
    expect(new TextDecoder().decode((await wrangler.archive.get('praxis/versions.json'))!)).toBe('{"versions":[] } ✓');
    expect(await wrangler.archive.get('praxis/archive/none/head.json')).toBeNull();
    expect(wrangler.archive.description).toBe('local R2 bucket praxis-archive');
  });
});
