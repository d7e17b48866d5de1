// Questions an isolate has not been asked. A query's first search builds what a repeated query finds
// cached — its analysis, its snippet pattern, shards of words not read yet, the readable text of
// result bodies not snippeted yet — and real questions rarely repeat, so a figure over queries
// asked before leaves part of a search's cost out.

/** Words the scale corpus uses (make-scale-corpus.mjs), so fresh queries find results. */
const WORDS = [
  'deployment',
  'review',
  'incident',
  'security',
  'testing',
  'pipeline',
  'release',
  'rollback',
  'onboarding',
  'monitoring',
  'documentation',
  'architecture',
  'database',
  'migration',
  'retrospective',
];

/** `count` queries of two, then three, distinct words of WORDS, none in `asked`, always in the same order. */
export function freshQueries(count: number, asked: ReadonlySet<string> = new Set()): string[] {
  const made: string[] = [];
  const n = WORDS.length;
  for (const length of [2, 3])
    for (let i = 0; made.length < count && i < n ** length; i++) {
      const words = Array.from({ length }, (_, k) => WORDS[Math.floor(i / n ** k) % n]!);
      const query = words.join(' ');
      if (new Set(words).size === length && !asked.has(query)) made.push(query);
    }
  if (made.length < count) throw new Error(`only ${made.length} fresh queries can be made`);
  return made;
}
