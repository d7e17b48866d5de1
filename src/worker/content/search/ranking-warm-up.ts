// The ranking run over a made-up index when the Worker starts, so that V8 has optimised its loops
// before a real query needs them. A new isolate otherwise runs its first query's ranking in the
// interpreter — over long lists, at large corpora — where it costs several times what it costs
// optimised, and where every double it computes is a heap object for the collector: all of it
// inside the request's CPU limit. Start-up has its own, separate limit; nothing here touches storage.
import { encodePostingArrays } from '../../../bundle/search/postings.ts';
import { encodeTermTable } from '../../../bundle/search/term-table.ts';
import type { QueryTerms } from './query-terms.ts';
import { rankPruned } from './pruned-ranking.ts';
import {
  rankQuery,
  scoredListsOf,
  tableLookup,
  type IndexHead,
  type PostingsLookup,
} from './search.ts';

/** Documents of the made-up index: enough intervals and blocks that every loop runs many times. */
const DOCUMENTS = 1 << 13;
/** Each made-up term's share of the documents: dense lists store interval bounds, sparse ones derive them. */
const DENSITIES = [0.6, 0.2, 0.03, 0.004];
/** Queries ranked, each over two to four of the terms, with limits of 10 to 80. */
const QUERIES = 8;

/** The made-up index: one term per density, its documents and digits drawn from a fixed seed. */
export function madeUpIndex(): { head: IndexHead; lookup: PostingsLookup; terms: string[] } {
  let state = 1;
  const random = (): number => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
  const entries = DENSITIES.map((density, i): [string, string] => {
    const ids: number[] = [];
    const digits: number[] = [];
    for (let id = 0; id < DOCUMENTS; id++) {
      if (random() >= density) continue;
      ids.push(id);
      digits.push(1 + Math.floor(random() * random() * 63));
    }
    return [`t${i}`, encodePostingArrays(ids, digits, 0, null)];
  });
  return {
    head: { documents: DOCUMENTS },
    lookup: tableLookup(encodeTermTable(entries)),
    terms: entries.map(([term]) => term),
  };
}

/** The queries the warm-up ranks over the made-up index's `terms`. */
export function warmUpQueries(
  terms: readonly string[],
): Array<{ query: QueryTerms; limit: number }> {
  return Array.from({ length: QUERIES }, (_, i) => {
    const chosen = terms.slice(i % 2, 2 + (i % 3));
    return {
      query: { terms: chosen, termSet: new Set(chosen), bigrams: [], exact: [] },
      limit: 10 + i * 10,
    };
  });
}

/**
 * Ranks the warm-up queries over a made-up index, as a caller who sees every document and as one
 * who sees six in seven (a restricted caller's ranking drops hidden documents as blocks are
 * decoded); returns how many hits they found in all.
 */
export function warmUpRanking(): number {
  const { head, lookup, terms } = madeUpIndex();
  const visible = new Uint8Array(DOCUMENTS).map((_, id) => (id % 7 === 0 ? 0 : 1));
  let hits = 0;
  for (const { query, limit } of warmUpQueries(terms)) {
    hits += rankQuery(head, lookup, query, { limit }).length;
    hits += rankPruned(scoredListsOf(head, lookup, query, null).lists, limit, visible).length;
  }
  return hits;
}
