// What a version's pointer and manifest tell a Worker before it reads anything else: the load list
// sorted by what needs it (a search reads the manifest and its kind's index head, never the
// knowledge sections or the names objects), and each kind's document count per `access` list, from
// which a caller's visible count is summed without the names object.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectText, type Bundle } from '../../../scripts/compile/assemble.ts';
import { buildContent } from '../../../scripts/compile/build.ts';
import { platformProblems } from '../../../scripts/compile/platform-check.ts';
import type { DocumentEntry, Manifest } from '../../../src/bundle/bundle.ts';
import { entriesFromObjects } from '../../../src/bundle/document-chunks.ts';
import { isPartsList, partsOf } from '../../../src/bundle/object-parts.ts';
import { isVisible } from '../../../src/worker/content/access.ts';
import { writeCorpus } from '../../helpers/node/generated-corpus.ts';

let dir: string;
let parted: Bundle;
let restricted: Bundle;

/** Access lists of the restricted corpus, cycled over its processes: the same groups in two orders are two lists. */
const ACCESS_LISTS: Array<string[] | undefined> = [
  undefined,
  ['red'],
  ['blue'],
  ['red', 'blue'],
  ['blue', 'red'],
  undefined,
  ['green'],
];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'praxis-load-lists-'));
  await writeCorpus(join(dir, 'generated'), 1500);
  const built = await buildContent(join(dir, 'generated'), () => undefined, { partChars: 4096 });
  if (!built.ok) throw new Error('the generated corpus does not build');
  parted = built.bundle;
  await mkdir(join(dir, 'restricted', 'processes'), { recursive: true });
  await Promise.all(
    Array.from({ length: 300 }, (_, i) => {
      const access = ACCESS_LISTS[i % ACCESS_LISTS.length];
      const id = String(i).padStart(3, '0');
      return writeFile(
        join(dir, 'restricted', 'processes', `p-${id}.md`),
        `---\nname: p-${id}\ndescription: Process ${id}.\n${access ? `access: [${access.join(', ')}]\n` : ''}---\n# Process ${id}\n\nSteps for rollout ${id}.\n`,
      );
    }),
  );
  const built2 = await buildContent(join(dir, 'restricted'), () => undefined);
  if (!built2.ok) throw new Error('the restricted corpus does not build');
  restricted = built2.bundle;
}, 180_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const withParts = (bundle: Bundle, hash: string): string[] => {
  const stored = bundle.objects.get(hash)!;
  return isPartsList(stored) ? [hash, ...partsOf(stored)] : [hash];
};

describe("the pointer's load lists", () => {
  it('sort the load list by what needs it: each object followed by its parts, nothing left out or added', () => {
    const manifest = JSON.parse(objectText(parted.objects, parted.pointer.manifest)!) as Manifest;
    const lists = parted.pointer.loadBy!;
    expect(lists.manifest).toEqual(withParts(parted, parted.pointer.manifest));
    expect(lists.knowledge).toEqual(withParts(parted, manifest.knowledge!));
    // Objects in parts are listed with their parts.
    expect(lists.names.processes!.length).toBeGreaterThan(1);
    for (const kind of ['processes', 'checklists'] as const) {
      expect(lists.names[kind]).toEqual(withParts(parted, manifest.kinds[kind].names));
      expect(lists.index[kind]).toEqual(withParts(parted, manifest.kinds[kind].index));
      expect(lists.chunkList[kind]).toEqual(withParts(parted, manifest.kinds[kind].chunkList));
    }
    expect(lists.recordChunkList).toEqual(withParts(parted, manifest.records!.chunkList));
    const sorted = [
      ...lists.manifest,
      ...lists.knowledge,
      ...Object.values(lists.names).flat(),
      ...Object.values(lists.index).flat(),
      ...Object.values(lists.chunkList).flat(),
      ...lists.recordChunkList,
    ];
    expect(new Set(sorted)).toEqual(new Set(parted.pointer.load));
    expect(sorted.length).toBe(parted.pointer.load.length);
    expect(platformProblems(parted)).toEqual([]);
  });
});

describe("the manifest's per-access counts", () => {
  const entries = (): DocumentEntry[] =>
    entriesFromObjects(
      JSON.parse(objectText(restricted.objects, restricted.pointer.manifest)!),
      'processes',
      (hash) => objectText(restricted.objects, hash),
    );

  it('count each distinct access list once, in the order the groups are written, and add up to the document count', () => {
    const section = (
      JSON.parse(objectText(restricted.objects, restricted.pointer.manifest)!) as Manifest
    ).kinds.processes;
    expect(section.count).toBe(300);
    expect(section.audiences!.map((audience) => audience.access ?? null)).toEqual([
      null,
      ['red'],
      ['blue'],
      ['red', 'blue'],
      ['blue', 'red'],
      ['green'],
    ]);
    expect(section.audiences!.reduce((sum, audience) => sum + audience.count, 0)).toBe(300);
    // An empty kind has no audiences to count.
    expect(
      (JSON.parse(objectText(restricted.objects, restricted.pointer.manifest)!) as Manifest).kinds
        .checklists.audiences,
    ).toEqual([]);
  });

  it('give every caller exactly the count of the documents it may see', () => {
    const section = (
      JSON.parse(objectText(restricted.objects, restricted.pointer.manifest)!) as Manifest
    ).kinds.processes;
    const all = entries();
    for (const groups of [
      [],
      ['red'],
      ['blue'],
      ['green'],
      ['red', 'blue'],
      ['red', 'green'],
      ['purple'],
    ]) {
      const summed = section
        .audiences!.filter((audience) => isVisible(audience, groups))
        .reduce((sum, audience) => sum + audience.count, 0);
      expect(summed, `caller holding [${groups.join(', ')}]`).toBe(
        all.filter((entry) => isVisible(entry, groups)).length,
      );
    }
  });
});
