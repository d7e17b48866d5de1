import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { fuzzRuns } from '../../../helpers/fuzz-runs.ts';
import { describe, expect, it } from 'vitest';
import {
  buildSearchIndex,
  tokenize,
  type IndexableDoc,
} from '../../../../src/bundle/search/index.ts';
import { searchIndex } from '../../../../src/worker/content/search/search.ts';
import { snippet } from '../../../../src/worker/content/search/snippet.ts';
import { matchedSnippet } from '../../../../src/worker/content/search/snippet.ts';
import { plainInline, stripInline } from '../../../../src/bundle/search/markdown.ts';
import { termOf, wordsOf, wordsWithTermsIn } from '../../../../src/bundle/search/tokenize.ts';
import { analyseQuery } from '../../../../src/worker/content/search/query-terms.ts';
import {
  indexOf,
  loadPlaybook,
  playbookDir,
  readQueries,
  recallAt,
  runQueries,
  sharedQueriesFile,
} from '../../../../bench/commands/search.ts';

const FILLER = 'Teams agree on conventions early and revisit them when the project changes shape.';

function doc(name: string, fields: Partial<IndexableDoc> = {}): IndexableDoc {
  return { name, title: name, description: '', body: `${FILLER}\n\n${FILLER}`, ...fields };
}

/** Names of the hits for `query`, best first. */
function ranked(docs: IndexableDoc[], query: string, limit?: number): string[] {
  return searchIndex(buildSearchIndex(docs), analyseQuery(query), { limit }).map(
    (hit) => (docs[hit.doc] as IndexableDoc).name,
  );
}

describe('tokenize', () => {
  it('lowercases, splits on punctuation and stems with Porter', () => {
    expect(tokenize('Code-Reviews, CODE reviewing!')).toEqual(['code', 'review', 'code', 'review']);
    expect(tokenize('testing tests tested')).toEqual(['test', 'test', 'test']);
  });

  it('drops the stop words of natural-language questions', () => {
    expect(tokenize('How do I write a good commit message?')).toEqual([
      'write',
      'good',
      'commit',
      'messag',
    ]);
    expect(tokenize('what is the')).toEqual([]);
  });

  it('keeps language names and identifiers whole', () => {
    expect(tokenize('C# and C++ e2e tests')).toEqual(['c#', 'c++', 'e2e', 'test']);
  });

  it('joins apostrophes instead of splitting words and ignores accents', () => {
    expect(tokenize("team's café")).toEqual(tokenize('teams cafe'));
  });
});

describe('searchIndex ranking', () => {
  it('ranks a title match above a body-only match, however often the body repeats the word', () => {
    const docs = [
      doc('body-only', {
        title: 'Guide',
        body: `${'Kubernetes clusters need Kubernetes care. '.repeat(20)}\n${FILLER}`,
      }),
      doc('in-title', { title: 'Kubernetes' }),
    ];
    expect(ranked(docs, 'kubernetes')).toEqual(['in-title', 'body-only']);
  });

  it('ranks description above headings above body', () => {
    // Every document has a description and headings, as real ones do, so lengths are comparable.
    const docs = [
      doc('body', {
        title: 'One',
        description: 'How we work.',
        body: `## Practice\n${FILLER}\nWe rotate secrets monthly.`,
      }),
      doc('heading', {
        title: 'Two',
        description: 'How we work.',
        body: `## Secrets\n${FILLER}\nWe rotate them monthly.`,
      }),
      doc('description', {
        title: 'Three',
        description: 'How we keep secrets.',
        body: `## Practice\n${FILLER}\nWe rotate them monthly.`,
      }),
    ];
    const hits = searchIndex(buildSearchIndex(docs), analyseQuery('secrets'));
    expect(hits.map((hit) => (docs[hit.doc] as IndexableDoc).name)).toEqual([
      'description',
      'heading',
      'body',
    ]);
    expect(new Set(hits.map((hit) => hit.score)).size).toBe(3); // ordered by score, not by a tie-break
  });

  it('orders a small handbook sensibly', () => {
    const docs = [
      doc('observability-logging', {
        title: 'Logging',
        description: 'Structured logs with correlation ids.',
      }),
      doc('design-decision-log', {
        title: 'Design Decision Log',
        body: 'Record each decision in the log with its context.',
      }),
      doc('code-reviews', {
        title: 'Code Reviews',
        body: 'Every pull request gets a code review before merge.',
      }),
      doc('code-reviews-recipes-go', {
        title: 'Go Code Reviews',
        body: 'Run gofmt and go vet before asking for review.',
      }),
      doc('source-control-naming-branches', {
        title: 'Naming Branches',
        body: 'Use feature/ and bugfix/ prefixes for branches.',
      }),
    ];
    expect(ranked(docs, 'go code review').slice(0, 2)).toEqual([
      'code-reviews-recipes-go',
      'code-reviews',
    ]);
    expect(ranked(docs, 'logging')[0]).toBe('observability-logging');
    expect(ranked(docs, 'how should we name our branches?')[0]).toBe(
      'source-control-naming-branches',
    );
  });

  it('breaks ties by name, whatever the input order', () => {
    const twin = { title: 'Identical', description: 'Identical words', body: 'Identical body' };
    expect(ranked([doc('b-twin', twin), doc('a-twin', twin)], 'identical')).toEqual([
      'a-twin',
      'b-twin',
    ]);
  });
});

describe("an index's order of documents", () => {
  const docs = ['delta', 'alpha', 'charlie', 'bravo'].map((name) => ({
    name,
    title: `${name} rollout`,
    description: '',
    body: `How ${name} rolls out.`,
  }));
  const sorted = [...docs].sort((a, b) => (a.name < b.name ? -1 : 1));

  it('is stored only when it is not the name order: the same hits either way', () => {
    const given = buildSearchIndex(docs);
    const named = buildSearchIndex(sorted);
    expect(given.order).toBeDefined();
    expect(named.order).toBeUndefined();
    const query = analyseQuery('charlie rollout');
    const names = (index: typeof given, list: typeof docs) =>
      searchIndex(index, query).map((hit) => [list[hit.doc]!.name, hit.score]);
    expect(names(given, docs)).toEqual(names(named, sorted));
    expect(names(named, sorted)[0]![0]).toBe('charlie');
  });
});

describe('searchIndex scores and limits', () => {
  const docs = Array.from({ length: 60 }, (_, i) =>
    doc(`doc-${String(i).padStart(2, '0')}`, {
      title: `Deployment ${i}`,
      body: `${FILLER}\nDeployment notes ${'rollback '.repeat(i % 5)}\n`,
    }),
  );
  const index = buildSearchIndex(docs);

  it('keeps scores in (0, 1], sorted best first', () => {
    const hits = searchIndex(index, analyseQuery('deployment rollback'));
    for (const hit of hits) expect(hit.score).toBeGreaterThan(0);
    for (const hit of hits) expect(hit.score).toBeLessThanOrEqual(1);
    const scores = hits.map((hit) => hit.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('scores a partial answer lower than a full one, so scores compare across queries', () => {
    const small = buildSearchIndex([
      doc('kubernetes', { title: 'Kubernetes' }),
      doc('other', { title: 'Helm charts' }),
    ]);
    const full = searchIndex(small, analyseQuery('kubernetes'))[0]?.score ?? 0;
    const partial = searchIndex(small, analyseQuery('kubernetes terraform'))[0]?.score ?? 1;
    expect(full).toBeGreaterThan(0.5);
    expect(partial).toBeLessThan(full);
    expect(searchIndex(small, analyseQuery('kubernetes helm'))[0]?.score).toBeLessThan(1);
  });

  it('returns at most 50 hits by default, and honours a smaller limit', () => {
    expect(searchIndex(index, analyseQuery('deployment'))).toHaveLength(50);
    expect(searchIndex(index, analyseQuery('deployment'), { limit: 3 })).toHaveLength(3);
    expect(searchIndex(index, analyseQuery('deployment'), { limit: 3 })).toEqual(
      searchIndex(index, analyseQuery('deployment')).slice(0, 3),
    );
  });

  it('returns nothing for an empty, stop-word-only or unknown query', () => {
    expect(searchIndex(index, analyseQuery(''))).toEqual([]);
    expect(searchIndex(index, analyseQuery('how do I do it?'))).toEqual([]);
    expect(searchIndex(index, analyseQuery('zanzibar'))).toEqual([]);
  });

  it('builds the same JSON for the same input and survives a JSON round trip', () => {
    expect(JSON.stringify(buildSearchIndex(docs))).toBe(JSON.stringify(index));
    const parsed = JSON.parse(JSON.stringify(index)) as typeof index;
    expect(searchIndex(parsed, analyseQuery('deployment rollback'))).toEqual(
      searchIndex(index, analyseQuery('deployment rollback')),
    );
  });

  it('maps hits back to input positions, whatever the input order', () => {
    const reversed = [...docs].reverse();
    const names = (list: IndexableDoc[]) =>
      searchIndex(buildSearchIndex(list), analyseQuery('rollback')).map(
        (h) => (list[h.doc] as IndexableDoc).name,
      );
    expect(names(reversed)).toEqual(names(docs));
  });
});

describe('words matching a query, for snippets', () => {
  const exhaustive = (text: string, wanted: ReadonlySet<string>) =>
    wordsOf(text)
      .map((word) => ({ ...word, term: termOf(word.word) }))
      .filter(
        (word): word is typeof word & { term: string } =>
          word.term !== null && wanted.has(word.term),
      );

  it('finds exactly the words that stemming every word finds, whatever the text', () => {
    const root = fc.constantFrom(
      'sens',
      'poss',
      'organ',
      'relat',
      'condit',
      'deploy',
      'roll',
      'back',
      'happ',
      'hop',
      'agre',
      'pon',
      'c',
      'e2',
      'x',
      'ai',
      'the',
      'run',
      'tabl',
    );
    const suffix = fc.constantFrom(
      '',
      's',
      'es',
      'ies',
      'ed',
      'ing',
      'ly',
      'y',
      'ibility',
      'ability',
      'ational',
      'ization',
      'iveness',
      'fulness',
      'ness',
      'ment',
      'er',
      'ers',
      'e',
      '#',
      '++',
      "'s",
      '’s',
      '2',
    );
    const word = fc.oneof(
      {
        weight: 9,
        arbitrary: fc
          .tuple(root, suffix, fc.constantFrom('lower', 'Title', 'UPPER'))
          .map(([r, x, casing]) =>
            casing === 'UPPER'
              ? (r + x).toUpperCase()
              : casing === 'Title'
                ? r[0]!.toUpperCase() + r.slice(1) + x
                : r + x,
          ),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          'café',
          'Élan',
          'naïve',
          '²nd',
          'ﬁle',
          'Straße',
          'KELVIN',
          'ſtand',
        ),
      },
    );
    const separator = fc.constantFrom(' ', '\n', ', ', '. ', '-', '/', '…', '“', '”', '(', ')', '');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(word, separator), { minLength: 1, maxLength: 40 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        // Terms of words that may not be in the text, outside ASCII too: a query's terms are not
        // all on the page, and a non-ASCII one makes the candidate regex the Unicode one.
        fc.subarray(['straße', 'ærø', 'café', 'ſtand', 'kelvin', 'stand']),
        (pieces, picks, others) => {
          const text = pieces.map(([w, sep]) => w + sep).join('');
          const terms = wordsOf(text)
            .map((w) => termOf(w.word))
            .filter((term): term is string => term !== null);
          const wanted = new Set([
            ...picks
              .map((pick) => terms[pick % Math.max(1, terms.length)])
              .filter((term): term is string => term !== undefined),
            ...others,
          ]);
          expect(wordsWithTermsIn(text, wanted)).toEqual(exhaustive(text, wanted));
        },
      ),
      { numRuns: fuzzRuns(5000) },
    );
    // 3.5 s on an idle 2-core machine, over a minute when it is shared: a time limit, not a speed check.
  }, 180_000);

  it.skipIf(!existsSync(playbookDir))(
    'agrees on every handbook page for every benchmark question (needs ../shared)',
    async () => {
      const documents = await loadPlaybook();
      const queries = await readQueries(sharedQueriesFile);
      for (const { query } of queries) {
        const wanted = new Set(analyseQuery(query).terms);
        for (const document of documents)
          expect(wordsWithTermsIn(document.content, wanted), `${document.path}: ${query}`).toEqual(
            exhaustive(document.content, wanted),
          );
      }
    },
  );
});

describe('plainInline', () => {
  it('gives what the full set of rewrites gives, with or without its shortcut', () => {
    const piece = fc.constantFrom(
      'word',
      'Deploy',
      ' ',
      '  ',
      '\t',
      '\n',
      '[',
      ']',
      '(',
      ')',
      '!',
      '<',
      '>',
      '*',
      '_',
      '`',
      '~',
      '|',
      '-',
      '+',
      '1',
      '2.',
      '3)',
      ':',
      '/',
      'http',
      'https://x.example/a',
      'www',
      '#',
      '\u00a0',
      'é',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 24 }).map((pieces) => pieces.join('')),
        (text) => {
          expect(plainInline(text)).toBe(stripInline(text));
        },
      ),
      { numRuns: 20000 },
    );
  });
});

describe('snippet', () => {
  const before =
    'Teams write documentation so that newcomers can find their way around quickly. '.repeat(6);
  const after =
    'Everything else in this guide covers tooling, templates and review habits. '.repeat(6);
  const body = `# Guide\n\n${before}A correlation ID ties every log line of one request together across services. ${after}`;

  it('centres on the match, within the length, cut on word boundaries with ellipses', () => {
    const text = snippet(body, analyseQuery('what is a correlation id'));
    expect(text.length).toBeLessThanOrEqual(200);
    expect(text).toContain('correlation ID');
    expect(text.startsWith('…')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
    const words = new Set(body.split(/\s+/));
    for (const word of text.replace(/…/g, '').trim().split(/\s+/)) expect(words).toContain(word);
  });

  it('honours a custom length', () => {
    const text = snippet(body, analyseQuery('correlation'), 80);
    expect(text.length).toBeLessThanOrEqual(80);
    expect(text).toContain('correlation');
  });

  it('falls back to the first prose line when nothing matches', () => {
    expect(
      snippet('# Title\n\n## Why\n\nShort first paragraph.\n\nMore.', analyseQuery('kubernetes')),
    ).toBe('Short first paragraph.');
    expect(snippet(`# Title\n\n${before}`, analyseQuery('kubernetes')).length).toBeLessThanOrEqual(
      200,
    );
  });

  it('returns a short body whole, without ellipses, and strips Markdown noise', () => {
    expect(
      snippet('Use **[git lfs](https://git-lfs.com)** for large files.', analyseQuery('git lfs')),
    ).toBe('Use git lfs for large files.');
  });

  it('takes its shortcut for short one-line bodies only where matching would give the same excerpt', () => {
    const word = fc.constantFrom(
      'deploy',
      'deployment',
      'rollback',
      'review',
      'Code',
      'the',
      'a',
      '**bold**',
      '`npm ci`',
      '[link](https://x.example)',
      '#',
      '-',
      '>',
      '1.',
      '…',
      '  ',
      '\n',
      '\n\n',
      '## Heading',
      '```',
      'x'.repeat(40),
    );
    const text = fc.array(word, { maxLength: 30 }).map((words) => words.join(' '));
    const query = fc
      .array(fc.constantFrom('deploy', 'rollback', 'review', 'code', 'kubernetes', 'npm'), {
        minLength: 1,
        maxLength: 3,
      })
      .map((words) => words.join(' '));
    fc.assert(
      fc.property(text, query, fc.constantFrom(200, 80, 40), (body, q, maxLength) => {
        expect(snippet(body, analyseQuery(q), maxLength)).toBe(
          matchedSnippet(body, analyseQuery(q), maxLength),
        );
      }),
      { numRuns: 3000 },
    );
  });
});

describe.skipIf(!existsSync(playbookDir))('playbook benchmark (needs ../shared)', () => {
  it("finds every shared question's expected file in the top 5", async () => {
    const documents = await loadPlaybook();
    const outcomes = runQueries(
      indexOf(documents),
      documents,
      await readQueries(sharedQueriesFile),
    );
    expect(outcomes.filter((o) => o.rank === null || o.rank > 5).map((o) => o.query)).toEqual([]);
    expect(recallAt(outcomes, 5)).toBe(1);
  });
});

describe('query bounds', () => {
  it('uses at most 32 terms from the first 1000 characters of a query', async () => {
    const { analyseQuery, MAX_QUERY_TERMS } =
      await import('../../../../src/worker/content/search/query-terms.ts');
    const words = Array.from({ length: 100_000 }, (_, i) => `word${i}`).join(' ');
    const { terms, exact } = analyseQuery(words);
    expect(terms.length).toBeLessThanOrEqual(MAX_QUERY_TERMS);
    expect(exact.length).toBeLessThanOrEqual(MAX_QUERY_TERMS);
    expect(terms[0]).toBe('word0');
  });
});
