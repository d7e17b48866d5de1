// Each published version's archive in R2 (local R2 in workerd, through wrangler's platform proxy):
// publish writes it whole; versions, diff A B and rollback work from it once gc pruned KV; a rollback
// to a version whose archive is missing or damaged fails naming the problem and changes nothing; a
// publish interrupted at any archive step never lists a version without a complete archive.
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { objectKey } from '../../../src/bundle/bundle.ts';
import type { Bundle } from '../../../scripts/compile/assemble.ts';
import {
  headKey,
  HISTORY_KEY,
  readArchive,
  readHistory,
  writeArchive,
  type ArchiveHead,
} from '../../../scripts/publish/archive.ts';
import { collectGarbage } from '../../../scripts/publish/gc.ts';
import { publishBundle } from '../../../scripts/publish/publish.ts';
import { rollback } from '../../../scripts/publish/rollback.ts';
import { readState } from '../../../scripts/publish/versions.ts';
import {
  archiveKeys,
  build,
  clearStore,
  entryHashes,
  expectServedIntact,
  failingStore,
  processes,
  restoreStore,
  snapshotStore,
  tempDir,
  writeContent,
  publishOptions,
  storePerFile,
} from '../../helpers/node/publish-helpers.ts';
import { praxisInProcess } from '../../helpers/cli-run.ts';

const local = storePerFile();
const options = publishOptions('2026-03-01T00:00:00Z');

/** Three versions of one content folder: A; B edits p1 and adds a checklist; C removes p2. */
async function threeBundles(): Promise<{ a: Bundle; b: Bundle; c: Bundle; dir: string }> {
  const dir = await writeContent(await tempDir('praxis-archive-content-'), processes(3));
  const a = await build(dir);
  await writeContent(dir, {
    'processes/p1.md': '# Process 1\n\nRevised in B.',
    'checklists/ship.md': '# Ship\n\n- [ ] ship it',
  });
  const b = await build(dir);
  await rm(`${dir}/processes/p2.md`);
  return { a, b, c: await build(dir), dir };
}

describe('publish archives each version', () => {
  it('whole: its archive alone gives back every object the publish wrote, byte for byte, and the history lists it', async () => {
    const { a, b } = await threeBundles();
    const first = await publishBundle(a, local.store, options);
    expect(first.archive).toMatchObject({ written: true, parts: 1 });
    await publishBundle(b, local.store, options);
    const history = await readHistory(local.store.archive);
    expect(history.map((record) => record.version)).toEqual([a.pointer.version, b.pointer.version]);
    expect(history[1]).toEqual((await readState(local.store)).versions[1]);

    for (const bundle of [a, b]) {
      const record = history.find((entry) => entry.version === bundle.pointer.version)!;
      const archived = await readArchive(local.store.archive, record);
      expect(new Set(archived.keys())).toEqual(entryHashes(bundle));
      for (const [hash, text] of bundle.objects) expect(archived.get(hash)).toBe(text);
    }
    expect(await archiveKeys(local.r2)).toEqual(
      [
        ...[a, b]
          .map((bundle) => bundle.pointer.version)
          .sort()
          .flatMap((version) => [
            headKey(version),
            `praxis/archive/${version}/part-0001.ndjson.gz`,
          ]),
        HISTORY_KEY,
      ].sort(),
    );
    // Publishing the served version again writes nothing.
    expect(await publishBundle(b, local.store, options)).toMatchObject({ outcome: 'unchanged' });
  });

  it('in several parts when it is larger than a part, read back whole', async () => {
    const { a } = await threeBundles();
    await publishBundle(a, local.store, options);
    const [record] = await readHistory(local.store.archive);
    const objects = await readArchive(local.store.archive, record!);
    await clearStore(local.store, local.r2);
    const written = await writeArchive(local.store.archive, record!, objects, 600);
    expect(written.parts).toBeGreaterThan(3);
    expect(await readArchive(local.store.archive, record!)).toEqual(objects);
  });

  it('before the pointer flips: a publish stopped at any archive step never lists a version whose archive is incomplete', async () => {
    const { a, b } = await threeBundles();
    await publishBundle(a, local.store, options);
    const onlyA = await snapshotStore(local.store, local.r2);
    const steps: string[] = [];
    await publishBundle(b, failingStore(local.store, Infinity, steps), options);
    const archiveSteps = steps.flatMap((step, at) => (step.startsWith('archive.') ? [at] : []));
    expect(archiveSteps.length).toBeGreaterThanOrEqual(4);
    for (const failAt of archiveSteps) {
      await restoreStore(local.store, onlyA, local.r2);
      await expect(
        publishBundle(b, failingStore(local.store, failAt), options),
        steps[failAt],
      ).rejects.toThrow(/injected failure/);
      await expectServedIntact(local.kv, a.pointer);
      for (const record of await readHistory(local.store.archive))
        await readArchive(local.store.archive, record);
      expect((await readHistory(local.store.archive)).map((record) => record.version)).toEqual([
        a.pointer.version,
      ]);
      await publishBundle(b, local.store, options);
      await expectServedIntact(local.kv, b.pointer);
      expect((await readHistory(local.store.archive)).map((record) => record.version)).toEqual([
        a.pointer.version,
        b.pointer.version,
      ]);
    }
  });
});

describe('versions, diff and rollback from the archive', () => {
  it('work once gc pruned the old versions from KV: listed, compared, and restored into KV on rollback', async () => {
    const { a, b, c, dir } = await threeBundles();
    const target = ['--local', '--persist-to', local.persistTo];
    for (const bundle of [a, b, c]) await publishBundle(bundle, local.store, options);
    expect((await praxisInProcess('gc', '--keep', '0', ...target)).stdout).toContain(
      `deleted 2 version record(s): ${a.pointer.version}, ${b.pointer.version} (still archived in local R2 (`,
    );
    expect((await readState(local.store)).versions.map((record) => record.version)).toEqual([
      c.pointer.version,
    ]);
    const onlyInA = [...entryHashes(a)].filter((hash) => !entryHashes(c).has(hash));
    expect(await local.store.getMany(onlyInA.map(objectKey))).toEqual(
      new Map(onlyInA.map((hash) => [objectKey(hash), null])),
    );

    const table = (await praxisInProcess('versions', ...target)).stdout.split('\n');
    expect(table[0]).toMatch(/^\s+VERSION\s+PUBLISHED\s+COMMIT\s+DOCS\s+OBJECTS\s+KV\s+AUTHOR$/);
    expect(table[1]).toMatch(
      new RegExp(`^\\*\\s+${c.pointer.version}\\s.*\\skept\\s+Ada <ada@example.com>$`),
    );
    expect(table[2]).toMatch(new RegExp(`^\\s+${b.pointer.version}\\s.*\\spruned\\s+Ada`));
    expect(table[3]).toMatch(new RegExp(`^\\s+${a.pointer.version}\\s.*\\spruned\\s+Ada`));

    const ab = await praxisInProcess(
      'diff',
      a.pointer.version,
      b.pointer.version.slice(0, 6),
      ...target,
    );
    expect(ab.stdout).toContain(`version ${b.pointer.version} vs ${a.pointer.version}`);
    expect(ab.stdout).toContain(
      'documents: 1 added, 1 changed, 0 removed\n  + checklists/ship.md\n  ~ processes/p1.md',
    );
    const againstServed = await praxisInProcess('diff', b.pointer.version, ...target);
    expect(againstServed.stdout).toContain(`version ${c.pointer.version} vs ${b.pointer.version}`);
    expect(againstServed.stdout).toContain(
      'documents: 0 added, 0 changed, 1 removed\n  - processes/p2.md',
    );
    // The built-content diff is unchanged: no version ids, compare the folder with what is served.
    expect((await praxisInProcess('diff', '--content', dir, ...target)).stdout).toContain(
      'documents: no changes',
    );

    const back = await praxisInProcess('rollback', a.pointer.version, ...target);
    expect(back.stderr).toBe('');
    expect(back.stdout).toContain(`restored ${onlyInA.length} object(s)`);
    expect(back.stdout).toContain(`rolled back to ${a.pointer.version}`);
    await expectServedIntact(local.kv, a.pointer);
    // gc now keeps the rolled-back version: KV records it again.
    await collectGarbage(local.store, { keep: 0 });
    await expectServedIntact(local.kv, a.pointer);
  });

  it('refuses a rollback whose archive is missing or damaged, naming the problem, and changes nothing', async () => {
    const { a, b } = await threeBundles();
    await publishBundle(a, local.store, options);
    await publishBundle(b, local.store, options);
    await collectGarbage(local.store, { keep: 0 });
    const pristine = await snapshotStore(local.store, local.r2);
    const version = a.pointer.version;
    const part = `praxis/archive/${version}/part-0001.ndjson.gz`;
    const bytesOf = async (key: string) =>
      new Uint8Array(await (await local.r2.get(key))!.arrayBuffer());
    const head = JSON.parse(
      new TextDecoder().decode(await bytesOf(headKey(version))),
    ) as ArchiveHead;
    const lines = gunzipSync(await bytesOf(part))
      .toString('utf8')
      .split('\n')
      .filter(Boolean);

    const damages: Array<[string, () => Promise<unknown>, RegExp]> = [
      [
        'no head',
        () => local.r2.delete(headKey(version)),
        new RegExp(
          `archive of version ${version} in test local R2 is missing \\(no ${headKey(version)}\\)`,
        ),
      ],
      [
        'a head that is not one',
        () => local.r2.put(headKey(version), '{"format":'),
        /is damaged: .*head\.json is not an archive head written by praxis publish/,
      ],
      [
        'no part',
        () => local.r2.delete(part),
        /is incomplete: part 1 of 1 \(.*part-0001\.ndjson\.gz\) is missing/,
      ],
      [
        'a changed part',
        async () => {
          const bytes = await bytesOf(part);
          bytes[bytes.length - 9] ^= 0xff;
          await local.r2.put(part, bytes);
        },
        /is damaged: part 1 of 1 .* does not match the SHA-256 its head records/,
      ],
      [
        'an object changed, its part and head rewritten to match',
        async () => {
          const changed = lines.map((line, i) =>
            i === 0 ? JSON.stringify([JSON.parse(line)[0], 'tampered']) : line,
          );
          const bytes = gzipSync(`${changed.join('\n')}\n`);
          await local.r2.put(part, bytes);
          await local.r2.put(
            headKey(version),
            JSON.stringify({
              ...head,
              parts: [{ ...head.parts[0], sha256: sha256Bytes(bytes), bytes: bytes.length }],
            }),
          );
        },
        /is damaged: object [0-9a-f]{64} does not hash to its name/,
      ],
      [
        'an object left out, its part and head rewritten to match',
        async () => {
          const body = lines.findIndex((line) =>
            (JSON.parse(line) as [string, string])[1].startsWith('# Process'),
          );
          const bytes = gzipSync(`${lines.filter((_, i) => i !== body).join('\n')}\n`);
          await local.r2.put(part, bytes);
          await local.r2.put(
            headKey(version),
            JSON.stringify({
              ...head,
              objects: head.objects - 1,
              parts: [
                {
                  ...head.parts[0],
                  sha256: sha256Bytes(bytes),
                  bytes: bytes.length,
                  objects: head.objects - 1,
                },
              ],
            }),
          );
        },
        /is incomplete: 1 of the \d+ objects the version needs are not in it/,
      ],
    ];
    for (const [what, damage, message] of damages) {
      await restoreStore(local.store, pristine, local.r2);
      await damage();
      const damaged = await snapshotStore(local.store, local.r2);
      await expect(rollback(local.store, version), what).rejects.toThrow(message);
      expect(await snapshotStore(local.store, local.r2), what).toEqual(damaged);
      await expectServedIntact(local.kv, b.pointer);
    }
    await restoreStore(local.store, pristine, local.r2);
    const cli = await praxisInProcess(
      'rollback',
      version,
      '--local',
      '--persist-to',
      local.persistTo,
    );
    expect(cli.code).toBe(0);
    await local.r2.delete(headKey(b.pointer.version));
    const refused = await praxisInProcess(
      'rollback',
      b.pointer.version,
      '--local',
      '--persist-to',
      local.persistTo,
    );
    expect(refused).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(
        new RegExp(
          `^praxis rollback: the archive of version ${b.pointer.version} in local R2 \\(.*\\) is missing`,
        ),
      ),
    });
    await expectServedIntact(local.kv, a.pointer);
  });
});

describe('gc', () => {
  it('refuses, deleting nothing, to prune a version the archive does not hold', async () => {
    const { a, b } = await threeBundles();
    await publishBundle(a, local.store, options);
    // As if A had been published before versions were archived.
    await local.r2.delete(HISTORY_KEY);
    await publishBundle(b, local.store, options);
    const before = await snapshotStore(local.store, local.r2);
    await expect(collectGarbage(local.store, { keep: 0 })).rejects.toThrow(
      new RegExp(
        `1 version\\(s\\) gc would prune are not archived in test local R2 \\(${a.pointer.version}\\).*Nothing was deleted`,
      ),
    );
    expect(await snapshotStore(local.store, local.r2)).toEqual(before);
  });
});

const sha256Bytes = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
