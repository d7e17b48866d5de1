// The store used for remote publishing — wrangler's `kv key list` / `kv bulk get|put|delete`, and
// `r2 object get|put` for the archive bucket — proven against wrangler's local state (no network): same
// arguments and output parsing as with --remote, only the location flag differs. What it writes is
// read back through a separately opened local store.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWranglerStore } from '../../../scripts/publish/wrangler-store.ts';
import type { ContentStore } from '../../../scripts/publish/store.ts';
import {
  openTestStore,
  removeTempDirs,
  tempDir,
  type TestStore,
} from '../../helpers/node/publish-helpers.ts';
import { nodeSqlite } from '../../helpers/node/local-d1-rows.ts';

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

// Each wrangler command is a process that starts wrangler and workerd (3–4 s of CPU): on a loaded
// 2-core machine a test of four commands took over the 60 s default.
describe('the wrangler CLI store', { timeout: 180_000 }, () => {
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

    expect((await wrangler.list('praxis:obj:')).sort()).toEqual([
      'praxis:obj:aaaa',
      'praxis:obj:bbbb',
    ]);
    const values = await wrangler.getMany(['praxis:obj:aaaa', 'praxis:obj:bbbb', 'praxis:missing']);
    expect(Object.fromEntries(values)).toEqual({
      'praxis:obj:aaaa': entries[0]!.value,
      'praxis:obj:bbbb': entries[1]!.value,
      'praxis:missing': null,
    });

    await wrangler.deleteMany(['praxis:obj:aaaa', 'praxis:pointer']);
    expect(await local.store.list('praxis:')).toEqual(['praxis:obj:bbbb']);
  });

  it('puts and gets archive objects byte for byte in the bucket wrangler.toml binds as ARCHIVE, and a missing key is null', async () => {
    const bytes = new Uint8Array([0, 1, 2, 255, 0x1f, 0x8b, 10, 13]);
    await wrangler.archive.put('praxis/archive/test/part-0001.ndjson.gz', bytes);
    expect(await local.store.archive.get('praxis/archive/test/part-0001.ndjson.gz')).toEqual(bytes);
    await local.store.archive.put(
      'praxis/versions.json',
      new TextEncoder().encode('{"versions":[] } ✓'),
    );
    expect(new TextDecoder().decode((await wrangler.archive.get('praxis/versions.json'))!)).toBe(
      '{"versions":[] } ✓',
    );
    expect(await wrangler.archive.get('praxis/archive/none/head.json')).toBeNull();
    expect(wrangler.archive.description).toBe('local R2 bucket praxis-archive');
  });

  it('waits out a local database another process holds (SQLITE_BUSY), as a running `praxis dev` may, instead of failing', async () => {
    const sqlite = await nodeSqlite();
    const persistTo = await tempDir('praxis-busy-state-');
    const store = openWranglerStore({ mode: 'local', persistTo });
    try {
      await store.archive.put('praxis/archive/busy.bin', new Uint8Array([7, 8, 9]));
      // An exclusive lock in WAL mode blocks readers too: workerd's first statement then fails with SQLITE_BUSY.
      // It is held longer than wrangler takes to start (about 2 s here), so the first attempt meets it.
      const holders = sqliteFiles(join(persistTo, 'v3', 'r2')).map(
        (file) => new sqlite.DatabaseSync(file),
      );
      for (const holder of holders)
        holder.exec('PRAGMA locking_mode=EXCLUSIVE; BEGIN EXCLUSIVE; COMMIT;');
      const release = setTimeout(() => holders.forEach((holder) => holder.close()), 4000);
      try {
        expect(await store.archive.get('praxis/archive/busy.bin')).toEqual(
          new Uint8Array([7, 8, 9]),
        );
      } finally {
        clearTimeout(release);
        holders.forEach((holder) => holder.isOpen && holder.close());
      }
    } finally {
      await store.close();
    }
  });
});

function sqliteFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sqliteFiles(join(dir, entry.name))
      : entry.name.endsWith('.sqlite')
        ? [join(dir, entry.name)]
        : [],
  );
}
