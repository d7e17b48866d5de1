// Per-document evidence for each term: how strongly the document is "about" it, in [0, 1].
// Fields combine as a noisy-OR of capped BM25 saturations, so more fields agreeing means more
// evidence, and no number of body repetitions outweighs a title match.
import { FIELDS, fieldLength, type FieldTerms } from './fields.ts';

/** BM25's term-frequency saturation in [0, 1). */
export function saturation(
  tf: number,
  length: number,
  averageLength: number,
  k1: number,
  b: number,
): number {
  const norm = 1 - b + (b * length) / Math.max(averageLength, 1);
  return tf / (tf + k1 * norm);
}

/** Occurrences of each unigram (and, where the field wants them, bigram) in a field, alternates included. */
export function countTerms(runs: FieldTerms, withBigrams: boolean): Map<string, number> {
  const counts = new Map<string, number>();
  for (const run of runs) {
    for (let i = 0; i < run.length; i++) {
      const term = run[i] as string;
      counts.set(term, (counts.get(term) ?? 0) + 1);
      const next = run[i + 1];
      if (withBigrams && next !== undefined && next !== term) {
        const bigram = `${term} ${next}`;
        counts.set(bigram, (counts.get(bigram) ?? 0) + 1);
      }
    }
  }
  for (const { terms, before, after } of runs.alternates ?? []) {
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    if (!withBigrams) continue;
    const phrase = [...(before === undefined ? [] : [before]), ...terms];
    if (after !== undefined) phrase.push(after);
    for (let i = 0; i + 1 < phrase.length; i++) {
      const [term, next] = [phrase[i] as string, phrase[i + 1] as string];
      if (next === term) continue;
      const bigram = `${term} ${next}`;
      counts.set(bigram, (counts.get(bigram) ?? 0) + 1);
    }
  }
  return counts;
}

/**
 * Average length of each field over all documents, in FIELDS order, rounded to two significant
 * digits: every posting's weight depends on these, and an exact average would move with any edit,
 * re-weighting postings all over the index — so a one-document re-publish would rewrite every
 * index shard. Rounded, an edit almost never changes them; ranking cannot tell the difference.
 */
export function averageFieldLengths(docs: readonly FieldTerms[][]): number[] {
  return averagesOf(fieldLengthTotals(docs), docs.length);
}

/** Each field's summed length over `docs`, in FIELDS order (integers, so any summing order agrees). */
export function fieldLengthTotals(docs: readonly FieldTerms[][]): number[] {
  return FIELDS.map((_, f) => {
    let total = 0;
    for (const fields of docs) total += fieldLength(fields[f] as FieldTerms);
    return total;
  });
}

/**
 * The rounded averages `averageFieldLengths` gives for documents whose field lengths sum to `totals`.
 * The query side computes a caller's averages from per-audience totals with this same function, so
 * they equal, bit for bit, what a build of only that caller's documents would have used.
 */
export function averagesOf(totals: readonly number[], documents: number): number[] {
  return totals.map((total) => (documents === 0 ? 0 : roundToTwoDigits(total / documents)));
}

function roundToTwoDigits(value: number): number {
  if (value === 0) return 0;
  const step = 10 ** (Math.floor(Math.log10(value)) - 1);
  return Math.round(value / step) * step;
}

/** Term → evidence in (0, 1) for one document. */
export function termEvidence(
  fields: readonly FieldTerms[],
  averageLengths: readonly number[],
): Map<string, number> {
  const missing = new Map<string, number>(); // term → Π (1 - cap·saturation) over fields
  FIELDS.forEach((field, f) => {
    const runs = fields[f] as FieldTerms;
    const length = fieldLength(runs);
    for (const [term, tf] of countTerms(runs, field.bigramMinCount > 0)) {
      if (tf < field.bigramMinCount && term.includes(' ')) continue;
      const proof =
        field.cap * saturation(tf, length, averageLengths[f] as number, field.k1, field.b);
      missing.set(term, (missing.get(term) ?? 1) * (1 - proof));
    }
  });
  const evidence = new Map<string, number>();
  for (const [term, rest] of missing) evidence.set(term, 1 - rest);
  return evidence;
}
