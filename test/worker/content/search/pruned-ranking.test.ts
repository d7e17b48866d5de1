// The pruned ranking answers exactly as the exhaustive one: same documents, same scores (the same
// doubles), same order, for every caller. Generated corpora vary in size (one block to many), in
// how skewed their word use is (from a few words in most documents to a flat vocabulary), and in
// how their documents are restricted (none; a few groups, whose audiences the long lists count;
// enough groups in enough orders that they do not, so frequencies are read from the lists).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { audienceOf } from '../../../../src/bundle/search/audiences.ts';
import { buildSearchIndex, type IndexableDoc } from '../../../../src/bundle/search/index.ts';
import {
  INTERVAL,
  intervalBoundsOfBlocks,
  MAX_COUNTED_AUDIENCES,
} from '../../../../src/bundle/search/postings.ts';
import { findPostings, type TermTable } from '../../../../src/bundle/search/term-table.ts';
import type { SearchIndex, SearchOptions } from '../../../../src/bundle/search/types.ts';
import { isVisible } from '../../../../src/worker/content/access.ts';
import { rankExhaustive } from '../../../../src/worker/content/search/exhaustive-ranking.ts';
import { analyseQuery } from '../../../../src/worker/content/search/query-terms.ts';
import { rankPruned } from '../../../../src/worker/content/search/pruned-ranking.ts';
import {
  rankQuery,
  scoredListsOf,
  searchIndex,
  weightedFor,
  type PostingsLookup,
} from '../../../../src/worker/content/search/search.ts';
import { fuzzRuns } from '../../../helpers/fuzz-runs.ts';
import { seededRandom } from '../../../helpers/seeded-random.ts';

const SYLLABLES = ['ka', 'lo', 'mi', 'ru', 'sen', 'tav', 'dor', 'pel', 'qui', 'zan', 'bre', 'fol'];

interface CorpusShape {
  seed: number;
  documents: number;
  vocabulary: number;
  /** 1: words used evenly; higher: a few words in most documents. */
  skew: number;
  /** Access groups documents are restricted to (0: none restricted). */
  groups: number;
  /** Whether a restricted document's groups come in any order (more audiences than are counted). */
  shuffledGroups: boolean;
}

/** Documents of `shape`, and the words they draw on (for queries). */
function corpusOf(shape: CorpusShape): { docs: IndexableDoc[]; words: string[] } {
  const rng = seededRandom(shape.seed);
  const words = Array.from({ length: shape.vocabulary }, (_, i) => {
    let word = '';
    for (let rest = i + SYLLABLES.length; rest > 0; rest = Math.floor(rest / SYLLABLES.length))
      word += SYLLABLES[rest % SYLLABLES.length];
    return word;
  });
  const word = (): string => words[Math.floor(words.length * rng.next() ** shape.skew)]!;
  const text = (count: number): string => Array.from({ length: count }, word).join(' ');
  const groups = Array.from({ length: shape.groups }, (_, g) => `group-${g}`);
  const docs = Array.from({ length: shape.documents }, (_, i): IndexableDoc => {
    const phrase = text(2);
    const paragraphs = Array.from({ length: rng.int(1, 4) }, () => text(rng.int(3, 30)));
    if (rng.next() < 0.3) paragraphs.push(`${phrase}, again ${phrase}`);
    let access: string[] | undefined;
    if (groups.length > 0 && rng.next() < 0.5) {
      access = groups.filter(() => rng.next() < 0.4);
      if (access.length === 0) access = [groups[rng.int(0, groups.length - 1)]!];
      if (shape.shuffledGroups) access.sort(() => rng.next() - 0.5);
    }
    return {
      // Names share their first word in runs, as real names share a topic.
      name: `${words[Math.floor(i / 7) % words.length]}-${text(1)}-${i}`,
      title: text(rng.int(1, 4)).replace(/^\w/, (c) => c.toUpperCase()),
      description: rng.next() < 0.7 ? text(rng.int(2, 10)) : '',
      body: paragraphs.join('\n\n'),
      ...(access ? { access } : {}),
    };
  });
  return { docs, words };
}

/** A query of `shape`'s words: common and rare ones, repeats, unknown and stop words, typed forms. */
function queryOf(words: readonly string[], skew: number, seed: number): string {
  const rng = seededRandom(seed);
  return Array.from({ length: rng.int(1, 7) }, () => {
    const roll = rng.next();
    if (roll < 0.08) return 'qqvorpal';
    if (roll < 0.14) return 'the';
    const word = words[Math.floor(words.length * rng.next() ** skew)]!;
    if (roll < 0.3) return `${word} ${word}`;
    if (roll < 0.4) return `${word}s`;
    return word;
  }).join(' ');
}

/** The caller's lookup, as searchIndex builds it (null for a caller who sees nothing: no search). */
function lookupFor(index: SearchIndex, options: SearchOptions) {
  const audience = audienceOf(index.access, options.canSee);
  if (audience !== null && audience.documents === 0) return null;
  const table: TermTable = weightedFor(index.access, audience, index.variants) ?? index;
  const lookup: PostingsLookup = (term) => {
    const start = findPostings(table, term);
    return start < 0 ? null : { table, start };
  };
  return { audience, lookup };
}

const shapes = fc.record({
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  documents: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 60, max: 500 })),
  vocabulary: fc.integer({ min: 5, max: 400 }),
  skew: fc.constantFrom(1, 1.5, 2.5, 4),
  groups: fc.constantFrom(0, 0, 2, 3, 5),
  shuffledGroups: fc.boolean(),
});

const RUNS = fuzzRuns(30);

describe('pruned ranking', () => {
  // A run builds an index of up to 500 documents and up to 31 weighted tables: about 0.3 s here.
  it(
    'equals the exhaustive ranking hit for hit, for any corpus, query, limit and caller',
    { timeout: 60_000 + RUNS * 2_000 },
    () => {
      let longLists = 0;
      let uncounted = 0;
      fc.assert(
        fc.property(
          shapes,
          fc.array(
            fc.tuple(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 60 })),
            {
              minLength: 4,
              maxLength: 8,
            },
          ),
          (shape, queries) => {
            const { docs, words } = corpusOf(shape);
            const index = buildSearchIndex(docs);
            if (index.postings.length > 0 && docs.length > 64) longLists += 1;
            if ((index.access?.audiences.length ?? 0) > MAX_COUNTED_AUDIENCES) uncounted += 1;
            const groups = [...new Set(docs.flatMap((doc) => doc.access ?? []))].sort();
            const callers: SearchOptions[] = [
              {},
              ...[[], groups.slice(0, 1), groups.slice(1, 3), groups].map((held) => ({
                canSee: (entry: { access?: readonly string[] }) => isVisible(entry, held),
              })),
            ];
            for (const [querySeed, limit] of queries) {
              const query = analyseQuery(queryOf(words, shape.skew, querySeed));
              for (const canSee of callers) {
                const options = { ...canSee, limit };
                const caller = lookupFor(index, options);
                if (caller === null) continue;
                const { audience, lookup } = caller;
                const expected = rankExhaustive(index, lookup, query, options, audience);
                expect(rankQuery(index, lookup, query, options, audience)).toEqual(expected);
                expect(searchIndex(index, query, options)).toEqual(expected);
                // Without the best intervals scored first, the skips in id order do all the pruning.
                const { lists } = scoredListsOf(index, lookup, query, audience);
                const visible = audience?.visible ?? null;
                const pruned = rankPruned(lists, limit, visible);
                expect(rankPruned(lists, limit, visible, 0)).toEqual(pruned);
                // Corpora this small store every long list's interval bounds: a larger corpus's
                // sparse lists derive theirs from their blocks (looser), which must rank alike.
                const fromBlocks = lists.map((list) =>
                  list.skip === null
                    ? list
                    : {
                        ...list,
                        skip: {
                          ...list.skip,
                          intervalMax: intervalBoundsOfBlocks(list.skip.last, list.skip.blockMax),
                        },
                      },
                );
                expect(rankPruned(fromBlocks, limit, visible)).toEqual(pruned);
              }
            }
          },
        ),
        // Random shapes reach audiences too many to count in about one run of sixteen, so one
        // shape that reaches both rare cases is always tried first: a run never depends on luck.
        {
          numRuns: RUNS,
          examples: [
            [
              {
                seed: 7,
                documents: 300,
                vocabulary: 60,
                skew: 1.5,
                groups: 5,
                shuffledGroups: true,
              },
              [
                [11, 1],
                [12, 10],
                [13, 33],
                [14, 60],
              ],
            ],
          ],
        },
      );
      // The cases that matter were reached: long lists, and audiences too many to count.
      expect(longLists).toBeGreaterThan(0);
      expect(uncounted).toBeGreaterThan(0);
    },
  );

  it('answers with the hits the exhaustive ranking gives on a hand-made tie at the k-th place', () => {
    const docs = Array.from({ length: 200 }, (_, i) => ({
      name: `doc-${String(i).padStart(3, '0')}`,
      title: i % 3 === 0 ? 'Rollback' : 'Deploy',
      description: 'deploy rollback',
      body: 'deploy rollback',
    }));
    const index = buildSearchIndex(docs);
    for (const limit of [1, 2, 10, 50, 60]) {
      const query = analyseQuery('rollback deploy');
      const { audience, lookup } = lookupFor(index, { limit })!;
      const expected = rankExhaustive(index, lookup, query, { limit }, audience);
      expect(expected.length).toBe(limit);
      expect(searchIndex(index, query, { limit })).toEqual(expected);
    }
  });

  it('keeps the lower ids of a tie at the k-th place found in an interval ranked after a better one', () => {
    // Interval 3 holds the best document and enough of the tied ones to fill the top k first; the
    // tied documents of interval 0, whose bound only equals the k-th score, have the lower ids.
    const tied = (i: number): boolean =>
      (i >= 10 && i < 30) || (i >= 3 * INTERVAL + 10 && i < 3 * INTERVAL + 40);
    const docs = Array.from({ length: 5 * INTERVAL }, (_, i) => ({
      name: `doc-${String(i).padStart(4, '0')}`,
      title: i === 3 * INTERVAL + 5 ? 'Rollback Deploy' : tied(i) ? 'Rollback' : 'Other',
      description: 'a page',
      body: 'nothing to see here',
    }));
    const index = buildSearchIndex(docs);
    const query = analyseQuery('rollback deploy');
    for (const limit of [5, 10, 25]) {
      const { audience, lookup } = lookupFor(index, { limit })!;
      const expected = rankExhaustive(index, lookup, query, { limit }, audience);
      expect(expected.slice(1, 21).every((hit) => hit.doc < INTERVAL)).toBe(true);
      expect(searchIndex(index, query, { limit })).toEqual(expected);
    }
  });
});
