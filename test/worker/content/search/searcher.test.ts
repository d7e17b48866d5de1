// The sharded search index: same rankings as the single-object index, only the shards a
// query needs are loaded, and a one-document edit rewrites a minority of shards.
import { analyseQuery } from '../../../../src/worker/content/search/query-terms.ts';
import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildSearchIndex,
  splitSearchIndex,
  storeSearchIndex,
  type IndexableDoc,
  type ShardedIndex,
} from '../../../../src/bundle/search/index.ts';
import { searchIndex } from '../../../../src/worker/content/search/search.ts';
import { searcherOf } from '../../../../src/worker/content/search/searcher.ts';
import { storedTermTable, termTableText } from '../../../../src/bundle/search/term-table.ts';
import {
  indexOf,
  loadPlaybook,
  playbookDir,
  readQueries,
  sharedQueriesFile,
  heldOutQueriesFile,
} from '../../../../bench/commands/search.ts';
import { seededSentences } from '../../../helpers/node/seeded-sentences.ts';

/** Deterministic documents with overlapping vocabularies, so queries hit many of them. */
function corpus(count: number): IndexableDoc[] {
  const sentence = seededSentences(7);
  return Array.from({ length: count }, (_, i) => ({
    name: `doc-${String(i).padStart(4, '0')}`,
    title: `${sentence().split(' ').slice(0, 3).join(' ')} ${i}`,
    description: sentence(),
    body: Array.from({ length: 6 }, sentence).join('\n\n'),
  }));
}

/** A stored sharded index in a Map, counting the shard loads a query makes. */
function stored(docs: IndexableDoc[]) {
  const objects = new Map<string, string>();
  const put = (text: string) => {
    const hash = createHash('sha256').update(text).digest('hex');
    objects.set(hash, text);
    return hash;
  };
  const headHash = storeSearchIndex(buildSearchIndex(docs), put);
  const head = JSON.parse(objects.get(headHash)!) as ShardedIndex;
  const loads: string[] = [];
  const searcher = searcherOf(head, async (hash) => {
    loads.push(hash);
    return storedTermTable(objects.get(hash)!);
  });
  return { head, objects, loads, searcher };
}

const QUERIES = [
  'deploy rollback',
  'incident pager alert',
  'schema migration',
  'cache',
  'latency budget owner',
  'zanzibar',
  'how do I',
];

describe('sharded search index', () => {
  const docs = corpus(600);
  const monolithic = buildSearchIndex(docs);
  const { head, loads, searcher } = stored(docs);

  it('splits into a power-of-two number of shards that together hold every term once', () => {
    expect(head.shards.length).toBeGreaterThan(1);
    expect(Math.log2(head.shards.length) % 1).toBe(0);
    const tables = splitSearchIndex(monolithic, head.shards.length);
    const terms = tables.flatMap((table) =>
      table.terms === '' ? [] : table.terms.split(';').map((r) => r.slice(0, r.lastIndexOf(':'))),
    );
    expect(terms.length).toBe(monolithic.terms.split(';').length);
    expect(new Set(terms).size).toBe(terms.length);
  });

  it('ranks exactly as the single-object index, for any limit', async () => {
    for (const query of QUERIES) {
      for (const limit of [1, 10, 50, docs.length]) {
        expect(await searcher.search(analyseQuery(query), { limit })).toEqual(
          searchIndex(monolithic, analyseQuery(query), { limit }),
        );
      }
    }
  });

  it('loads only the shards holding the query terms', async () => {
    loads.length = 0;
    await searcher.search(analyseQuery('deploy rollback'));
    // two terms, one bigram, two typed forms: at most five shards, far fewer than all of them.
    expect(loads.length).toBeGreaterThan(0);
    expect(loads.length).toBeLessThanOrEqual(5);
    expect(loads.length).toBeLessThan(head.shards.length);
  });

  it('rewrites a minority of shards when one document body changes', () => {
    const edited = docs.map((doc, i) =>
      i === 123
        ? { ...doc, body: `${doc.body}\n\nThe runbook now names an owner for every alert.` }
        : doc,
    );
    const after = stored(edited);
    const before = new Set(head.shards);
    const changed = after.head.shards.filter((hash) => !before.has(hash)).length;
    expect(changed).toBeGreaterThan(0);
    expect(changed / head.shards.length).toBeLessThan(0.5);
  });

  it('stores each shard as its two strings on two lines, not as JSON, and reads it back whole', () => {
    const { head: fresh, objects } = stored(corpus(50));
    expect(fresh.format).toBe('praxis-search/7');
    const tables = splitSearchIndex(buildSearchIndex(corpus(50)), fresh.shards.length);
    fresh.shards.forEach((hash, i) => {
      const text = objects.get(hash)!;
      expect(text.startsWith('{')).toBe(false);
      expect(storedTermTable(text)).toEqual(tables[i]);
    });
  });

  it("ranks an older build's index, whose shards are JSON (praxis-search/6), as the current one", async () => {
    const tables = splitSearchIndex(monolithic, head.shards.length);
    const older = searcherOf({ ...head, format: 'praxis-search/6' }, async (hash) =>
      storedTermTable(JSON.stringify(tables[head.shards.indexOf(hash)])),
    );
    for (const query of QUERIES)
      expect(await older.search(analyseQuery(query))).toEqual(
        searchIndex(monolithic, analyseQuery(query)),
      );
  });

  it('refuses to store a term holding a line break, and to read a text that is no table', () => {
    expect(() => termTableText({ terms: 'a\nb:A', postings: 'BAB' })).toThrow(/line break/);
    expect(() => storedTermTable('terms without postings')).toThrow(/not a stored term table/);
  });

  it('refuses an index format it does not know, naming it', () => {
    expect(() =>
      searcherOf({ format: 'praxis-search/9' } as never, async () => ({ terms: '', postings: '' })),
    ).toThrow(/praxis-search\/9/);
  });

  it('refuses the formats before interval bounds (3, sharded 4): their long lists hold none', () => {
    for (const format of ['praxis-search/3', 'praxis-search/4'])
      expect(() =>
        searcherOf({ format, shards: ['x'] } as never, async () => ({ terms: '', postings: '' })),
      ).toThrow(`search index format '${format}' is not one this Worker reads`);
  });
});

describe.skipIf(!existsSync(playbookDir))('sharded search on the playbook questions', () => {
  it('answers every shared and held-out question exactly as the single-object index', async () => {
    const documents = await loadPlaybook();
    const index = indexOf(documents);
    const { searcher } = stored(
      documents.map((d) => ({
        name: d.name,
        title: d.title,
        description: d.description,
        body: d.content,
      })),
    );
    const queries = [
      ...(await readQueries(sharedQueriesFile)),
      ...(existsSync(heldOutQueriesFile) ? await readQueries(heldOutQueriesFile) : []),
    ];
    expect(queries.length).toBeGreaterThan(10);
    for (const { query } of queries)
      expect(await searcher.search(analyseQuery(query), { limit: 10 })).toEqual(
        searchIndex(index, analyseQuery(query), { limit: 10 }),
      );
  });
});
