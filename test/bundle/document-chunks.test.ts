// Bundle schema 2's document chunks: content-defined boundaries (an edit or an added document touches
// one chunk, not every chunk after it), position lookup, and what a real build writes.
import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentEntry, Manifest } from '../../src/bundle/bundle.ts';
import { chunkListOf, chunkListText } from '../../src/bundle/chunk-list.ts';
import { chunkEntries, chunkRefsOf, entriesFromObjects } from '../../src/bundle/document-chunks.ts';
import {
  build,
  processes,
  removeTempDirs,
  tempDir,
  writeContent,
} from '../helpers/node/publish-helpers.ts';

afterAll(removeTempDirs);

const entry = (name: string, body = 'b'.repeat(64)): DocumentEntry => ({
  name,
  title: name,
  description: '',
  path: `processes/${name}.md`,
  body,
});
const named = (count: number) =>
  Array.from({ length: count }, (_, i) => entry(`doc-${String(i).padStart(5, '0')}`));
const texts = (chunks: DocumentEntry[][]) => chunks.map((chunk) => JSON.stringify(chunk));
const changed = (before: string[], after: string[]) =>
  after.filter((text) => !before.includes(text)).length;

describe('chunkEntries', () => {
  const entries = named(5000);
  const chunks = chunkEntries(entries);

  it('keeps every entry in order, in chunks of about a hundred and never more than 512', () => {
    expect(chunks.flat()).toEqual(entries);
    expect(chunks.length).toBeGreaterThan(5000 / 512);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThanOrEqual(512);
    expect(chunkEntries([])).toEqual([]);
  });

  it('an edited entry changes exactly one chunk', () => {
    const edited = entries.map((item, i) =>
      i === 2345 ? { ...item, body: 'c'.repeat(64) } : item,
    );
    expect(changed(texts(chunks), texts(chunkEntries(edited)))).toBe(1);
  });

  it('an added or removed entry changes the chunk it falls in (two when it starts one), not the chunks after it', () => {
    const added = [...entries.slice(0, 1200), entry('doc-01199-extra'), ...entries.slice(1200)];
    expect(changed(texts(chunks), texts(chunkEntries(added)))).toBeLessThanOrEqual(2);
    const removed = entries.filter((_, i) => i !== 3000);
    expect(changed(texts(chunks), texts(chunkEntries(removed)))).toBeLessThanOrEqual(2);
  });

  it('a chunk list finds the chunk of every position, stored as text or as JSON', () => {
    const refs = chunks.map((chunk, i) => ({
      count: chunk.length,
      hash: i.toString(16).padStart(64, '0'),
    }));
    for (const stored of [chunkListText(refs), JSON.stringify(refs)]) {
      const list = chunkListOf(stored);
      expect(list.entries).toBe(entries.length);
      entries.forEach((item, position) => {
        const index = list.chunkAt(position);
        expect(chunks[index]![position - list.startOf(index)]).toBe(item);
        expect(list.hashAt(index)).toBe(refs[index]!.hash);
      });
    }
  });
});

describe('a built bundle', () => {
  it('names a chunk list and a names object in a manifest whose size does not grow with the corpus; a body edit changes one chunk and leaves the names alone', async () => {
    const dir = await writeContent(await tempDir('praxis-chunks-'), processes(600));
    const before = await build(dir);
    await writeContent(dir, { 'processes/p300.md': '# Process 300\n\nRevised.' });
    const after = await build(dir);
    const manifestOf = (bundle: typeof before) =>
      JSON.parse(bundle.objects.get(bundle.pointer.manifest)!) as Manifest;
    const [a, b] = [manifestOf(before).kinds.processes, manifestOf(after).kinds.processes];
    const [aChunks, bChunks] = [
      chunkRefsOf(a, (hash) => before.objects.get(hash)),
      chunkRefsOf(b, (hash) => after.objects.get(hash)),
    ];
    expect(a.count).toBe(600);
    expect(aChunks.length).toBeGreaterThan(1);
    // The manifest names a fixed set of objects per kind (names, chunk list, index head) and the knowledge object.
    const manifest = manifestOf(before);
    expect(before.objects.get(before.pointer.manifest)!.match(/[0-9a-f]{64}/g)).toHaveLength(
      3 * Object.keys(manifest.kinds).length + (manifest.knowledge ? 1 : 0),
    );
    expect(b.names).toBe(a.names);
    expect(bChunks.filter((chunk, i) => chunk.hash !== aChunks[i]!.hash)).toHaveLength(1);
    const names = JSON.parse(after.objects.get(b.names)!) as { names: string[] };
    const entries = entriesFromObjects(manifestOf(after), 'processes', (hash) =>
      after.objects.get(hash),
    );
    expect(entries.map((item) => item.name)).toEqual(names.names);
    expect(after.objects.get(entries.find((item) => item.name === 'p300')!.body)).toContain(
      'Revised.',
    );
  });
});
