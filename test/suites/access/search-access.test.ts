// Search for a caller who may not see every document: hits and scores are those of an index built
// without the hidden documents — document frequencies, the document count and the field-length
// averages all come from the caller's documents alone, so a score cannot tell whether a hidden
// document has a word (the dictionary attack on restricted vocabulary).
import { analyseQuery } from '../../../src/worker/content/search/query-terms.ts';
import fc from 'fast-check';
import { storedTermTable } from '../../../src/bundle/search/term-table.ts';
import { describe, expect, it } from 'vitest';
import { isVisible } from '../../../src/worker/content/access.ts';
import { MAX_GROUPS_PER_INDEX } from '../../../src/bundle/search/audiences.ts';
import {
  buildSearchIndex,
  storeSearchIndex,
  type IndexableDoc,
  type SearchHit,
  type SearchIndex,
} from '../../../src/bundle/search/index.ts';
import { searchIndex } from '../../../src/worker/content/search/search.ts';
import { searcherOf, type StoredIndex } from '../../../src/worker/content/search/searcher.ts';

const canSeeAs = (groups: string[]) => (entry: { access?: readonly string[] }) =>
  isVisible(entry, groups);
const nobody = canSeeAs([]);

const PUBLIC: IndexableDoc[] = [
  {
    name: 'deployment',
    title: 'Deployment',
    description: 'Shipping a release to production.',
    body: 'Deploy with a canary, then roll forward or roll back.',
  },
  {
    name: 'rollback',
    title: 'Rollback',
    description: 'Undoing a bad deploy.',
    body: 'Roll back the deploy and open an incident.',
  },
  {
    name: 'review',
    title: 'Code review',
    description: 'Reviewing changes.',
    body: 'Two approvals before merge.',
  },
];
const HIDDEN: IndexableDoc = {
  name: 'breach',
  title: 'Breach playbook',
  access: ['security'],
  description: 'Handling a suspected breach.',
  body: `Deploy the quarantine image to every host. ${'Forensic capture of each zorblax volume before the deploy is rolled back. '.repeat(12)}`,
};

/** Each hit's name and score: what a caller reads. */
const named = (docs: readonly IndexableDoc[], hits: SearchHit[]) =>
  hits.map((hit) => [docs[hit.doc]!.name, hit.score]);

/** The caller's answer from the whole index, and from an index built without what it may not see. */
function both(docs: IndexableDoc[], groups: string[], query: string) {
  const canSee = canSeeAs(groups);
  const visible = docs.filter(canSee);
  return {
    whole: named(docs, searchIndex(buildSearchIndex(docs), analyseQuery(query), { canSee })),
    without: named(visible, searchIndex(buildSearchIndex(visible), analyseQuery(query))),
  };
}

describe('search statistics per caller', () => {
  it('scores a word only a hidden document has exactly like a word no document has', () => {
    const index = buildSearchIndex([...PUBLIC, HIDDEN]);
    const probe = named(
      [...PUBLIC, HIDDEN],
      searchIndex(index, analyseQuery('deploy zorblax'), { canSee: nobody }),
    );
    const nonsense = named(
      [...PUBLIC, HIDDEN],
      searchIndex(index, analyseQuery('deploy qqvorpal'), { canSee: nobody }),
    );
    expect(probe).toEqual(nonsense);
    expect(probe.length).toBeGreaterThan(0);
    // The holder of the group does find it, ranked first.
    expect(
      named(
        [...PUBLIC, HIDDEN],
        searchIndex(index, analyseQuery('deploy zorblax'), { canSee: canSeeAs(['security']) }),
      )[0]![0],
    ).toBe('breach');
  });

  it("weights public documents with the public documents' field lengths, not with the hidden one's", () => {
    // The hidden body is long: counted in the averages it would lift every public score of 'deploy'.
    const { whole, without } = both([...PUBLIC, HIDDEN], [], 'deploy');
    expect(whole).toEqual(without);
    expect(whole.map(([name]) => name)).not.toContain('breach');
  });

  it('learns no abbreviation from a hidden document: public scores stay those of an index without it', () => {
    // Only the hidden document spells "CQ" out; learned, it would give "canary" to the public page.
    const page: IndexableDoc = {
      name: 'cq-deploys',
      title: 'CQ deploys',
      description: 'How CQ ships.',
      body: 'Every CQ step is logged.',
    };
    const definer: IndexableDoc = {
      ...HIDDEN,
      body: `A canary quarantine (CQ) first. ${HIDDEN.body}`,
    };
    for (const query of ['canary quarantine', 'cq deploy', 'deploy']) {
      const { whole, without } = both([...PUBLIC, page, definer], [], query);
      expect(whole).toEqual(without);
    }
    const names = both([...PUBLIC, page, definer], [], 'canary quarantine').whole.map(([n]) => n);
    expect(names).not.toContain('cq-deploys');
  });

  it("treats no hidden page as a page of a public folder's index page", () => {
    // The hidden page extends the public 'deployment' name: counted, it would lower that page's
    // evidence for its words ("quarantine") for every caller.
    const readme: IndexableDoc = {
      ...PUBLIC[0]!,
      description: 'Quarantine, then ship a release.',
      body: 'Quarantine a host, then deploy.',
    };
    const hiddenPage: IndexableDoc = {
      ...HIDDEN,
      name: 'deployment-quarantine',
      title: 'Quarantine',
    };
    for (const query of ['quarantine', 'deploy quarantine']) {
      const { whole, without } = both([readme, ...PUBLIC.slice(1), hiddenPage], [], query);
      expect(whole).toEqual(without);
      expect(whole.map(([name]) => name)).toContain('deployment');
    }
  });

  it('answers as the stored index for a caller who sees every document', () => {
    const docs = [...PUBLIC, HIDDEN];
    const index = buildSearchIndex(docs);
    const withoutAccess = buildSearchIndex(docs.map(({ access: _access, ...doc }) => doc));
    for (const query of ['deploy', 'deploy zorblax', 'roll back the deploy']) {
      expect(searchIndex(index, analyseQuery(query), { canSee: canSeeAs(['security']) })).toEqual(
        searchIndex(withoutAccess, analyseQuery(query)),
      );
      expect(searchIndex(index, analyseQuery(query))).toEqual(
        searchIndex(withoutAccess, analyseQuery(query)),
      );
    }
  });

  it('leaves an index without restricted documents byte for byte as before (no statistics added)', () => {
    const index = buildSearchIndex(PUBLIC);
    expect(Object.keys(index).sort()).toEqual([
      'documents',
      'format',
      'order',
      'postings',
      'terms',
    ]);
  });

  it('matches an index built without the hidden documents, for any corpus, caller and query (single object and sharded)', async () => {
    const word = fc.constantFrom(
      'deploy',
      'rollback',
      'canary',
      'review',
      'merge',
      'incident',
      'zorblax',
      'quinvex',
      'thalmor',
      'backup',
      'release',
    );
    const text = fc.array(word, { minLength: 0, maxLength: 30 }).map((words) => words.join(' '));
    const access = fc.option(fc.subarray(['red', 'blue', 'green'], { minLength: 1 }), {
      nil: undefined,
    });
    const document = fc.record({
      title: fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(' ')),
      description: text,
      body: text,
      access,
    });
    const corpus = fc.array(document, { minLength: 1, maxLength: 12 }).map((docs) =>
      docs.map((doc, i): IndexableDoc => ({
        name: `d${i}`,
        ...doc,
        ...(doc.access ? { access: doc.access } : {}),
      })),
    );
    const groups = fc.subarray(['red', 'blue', 'green']);
    const query = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
    await fc.assert(
      fc.asyncProperty(corpus, groups, query, async (docs, held, q) => {
        const canSee = canSeeAs(held);
        const visible = docs.filter(canSee);
        const expected = visible.length
          ? named(visible, searchIndex(buildSearchIndex(visible), analyseQuery(q)))
          : [];
        const index = buildSearchIndex(docs);
        expect(named(docs, searchIndex(index, analyseQuery(q), { canSee }))).toEqual(expected);
        const sharded = await shardedSearcher(index);
        expect(named(docs, await sharded.search(analyseQuery(q), { canSee }))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses to build statistics for more groups in one index than it can enumerate', () => {
    const docs = Array.from({ length: MAX_GROUPS_PER_INDEX + 1 }, (_, i): IndexableDoc => ({
      name: `d${i}`,
      title: 'x',
      description: '',
      body: 'y',
      access: [`g${i}`],
    }));
    expect(() => buildSearchIndex(docs)).toThrow(`at most ${MAX_GROUPS_PER_INDEX} are supported`);
  });
});

/** The index stored as the build stores it (head + shards), read back through the Worker's searcher. */
async function shardedSearcher(index: SearchIndex) {
  const objects = new Map<string, string>();
  let next = 0;
  const head = storeSearchIndex(index, (text) => {
    const hash = `h${next++}`;
    objects.set(hash, text);
    return hash;
  });
  return searcherOf(JSON.parse(objects.get(head)!) as StoredIndex, async (hash) =>
    storedTermTable(objects.get(hash)!),
  );
}
