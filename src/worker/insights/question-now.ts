// What an author's own search finds for a recorded question now: the same search the search tools
// run (the query analysed the same way, ranked by the same searcher over the documents this view may
// see, with those documents' statistics alone), over every document kind. Nothing the stored event
// says about its result — counted under the asker's access — is used.
import { documentKinds } from '../../bundle/kinds.ts';
import { analyseQuery } from '../content/search/query-terms.ts';
import { MAX_SEARCH_RESULTS } from '../mcp/document-tools.ts';
import { roundScore } from '../mcp/document-results.ts';
import type { KnowledgeView } from '../mcp/knowledge-view.ts';

/**
 * Below this top relevance score a question counts as unanswered even when something matched: a
 * score is the IDF-weighted share of the question a document answers, title matches weighing more,
 * so under a quarter means no document covers most of what was asked.
 */
export const WEAK_SCORE = 0.25;

export interface AnswerNow {
  /** Results the author's search returns, all kinds together (each kind's first page at most). */
  results: number;
  /** The best relevance score among them, as the search tools round it; null when none. */
  topScore: number | null;
}

export async function answerNow(view: KnowledgeView, query: string): Promise<AnswerNow> {
  const terms = analyseQuery(query);
  let results = 0;
  let topScore: number | null = null;
  for (const kind of documentKinds) {
    if (!view.visibleCount(kind)) continue;
    const searcher = await view.bundle.searcher(kind);
    const hits = await searcher.search(terms, { limit: MAX_SEARCH_RESULTS, canSee: view.canSee });
    results += hits.length;
    const best = hits[0] && roundScore(hits[0].score);
    if (best !== undefined && (topScore === null || best > topScore)) topScore = best;
  }
  return { results, topScore };
}

/** Whether that is an answer: something found, and the best of it not weak. */
export const isAnswered = (now: AnswerNow): boolean =>
  now.results > 0 && now.topScore !== null && now.topScore >= WEAK_SCORE;
