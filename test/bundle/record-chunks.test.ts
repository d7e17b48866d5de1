// The graph records' chunks: every entry kept in order, chunks bounded and content-defined, each
// stored as it completes, their list, and the manifest's per-access summary of types and counts that
// tools/list reads instead of the records.
import { describe, expect, it } from 'vitest';
import { recordsSectionOf, visibleRecordTypes } from '../../src/bundle/record-chunks.ts';
import type { RecordEntry } from '../../src/bundle/sections.ts';

const record = (i: number, access?: string[]): RecordEntry => ({
  id: `rec-${String(i).padStart(6, '0')}`,
  type: ['skill', 'role', 'project'][i % 3]!,
  title: `Record ${i}`,
  description: '',
  tags: [],
  path: `graph/rec-${i}.md`,
  body: 'b'.repeat(64),
  ...(access ? { access } : {}),
});

/** `recordsSectionOf` with puts that keep what they store: the chunks in order, and their list. */
function stored(entries: Iterable<RecordEntry>) {
  const puts: string[] = [];
  const lists: string[] = [];
  const section = recordsSectionOf(
    entries,
    (text) => {
      puts.push(text);
      return `hash-${puts.length - 1}`;
    },
    (text) => {
      lists.push(text);
      return 'the-list';
    },
  );
  return { section, puts, lists };
}

describe('recordsSectionOf', () => {
  const entries = Array.from({ length: 20_000 }, (_, i) =>
    record(i, i % 7 === 0 ? ['staff'] : i % 11 === 0 ? ['hr', 'staff'] : undefined),
  );
  const { section, puts, lists } = stored(entries);

  it('keeps every entry in order, in several chunks of at most 1024, listed last, each with its first id', () => {
    const chunks = puts.map((text) => JSON.parse(text) as RecordEntry[]);
    expect(chunks.flat()).toEqual(entries);
    expect(chunks.length).toBeGreaterThan(20_000 / 1024);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThanOrEqual(1024);
    expect(section!.count).toBe(20_000);
    expect(section!.chunkList).toBe('the-list');
    expect(lists.map((list) => JSON.parse(list) as unknown)).toEqual([
      chunks.map((chunk, i) => ({ count: chunk.length, hash: `hash-${i}`, first: chunk[0]!.id })),
    ]);
  });

  it('stores each chunk as it completes: a generator of entries is never held whole', () => {
    let produced = 0;
    const counts: number[] = [];
    recordsSectionOf(
      (function* () {
        for (const entry of entries) {
          produced += 1;
          yield entry;
        }
      })(),
      (text) => {
        counts.push(produced);
        return String(text.length);
      },
    );
    // The first chunk was stored long before the last entry was made.
    expect(counts[0]).toBeLessThan(2048);
    expect(counts.length).toBeGreaterThan(1);
  });

  it('an added record changes at most the two chunks around it, not the chunks after it', () => {
    const extra = { ...record(8999), id: 'rec-008999-extra' };
    const added = [...entries.slice(0, 9000), extra, ...entries.slice(9000)];
    const after = stored(added).puts;
    expect(after.filter((text) => !puts.includes(text)).length).toBeLessThanOrEqual(2);
  });

  it('summarises counts and types per access list, which callers read without any chunk', () => {
    const everyone = (entry: { access?: readonly string[] }) => !entry.access;
    const staff = (entry: { access?: readonly string[] }) =>
      !entry.access || entry.access.includes('staff');
    const hrOnly = (entry: { access?: readonly string[] }) =>
      !entry.access || entry.access.includes('hr');
    for (const canSee of [everyone, staff, hrOnly]) {
      const visible = entries.filter(canSee);
      const counted = section!.audiences.filter(canSee).reduce((sum, { count }) => sum + count, 0);
      expect(counted).toBe(visible.length);
      expect(visibleRecordTypes(section, canSee)).toEqual(
        [...new Set(visible.map((entry) => entry.type))].sort(),
      );
    }
    const onlyHidden = [record(1, ['hr']), record(2, ['hr'])];
    const hidden = stored(onlyHidden).section;
    expect(visibleRecordTypes(hidden, everyone)).toEqual([]);
  });

  it('is undefined for no records', () => {
    expect(stored([]).section).toBeUndefined();
    expect(visibleRecordTypes(undefined, () => true)).toEqual([]);
  });
});
