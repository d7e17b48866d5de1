// Twelve-word sentences from one vocabulary of operations words, the same sequence for the same seed
// (a linear congruential generator), so documents built from them overlap and every run sees the
// same ones: the generated content folders (generated-corpus.ts) and the search-index documents.

export const WORDS = (
  'deploy rollback review commit branch release incident pager alert metric trace log secret token ' +
  'backlog sprint estimate retro design contract schema migration cache queue latency budget owner runbook'
).split(' ');

/** The next sentence of the sequence `seed` starts, each call. */
export function seededSentences(seed: number): () => string {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  return () => Array.from({ length: 12 }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' ');
}
