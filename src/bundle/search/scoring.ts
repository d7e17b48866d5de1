// Scoring constants and formulas shared by the build (which precomputes) and the query (which sums).

/**
 * A posting's evidence in (0, 1] is stored as an integer in [1, EVIDENCE_SCALE]: one character.
 * 64 levels rank the benchmark questions exactly as 4096 did, at two thirds of the index size.
 */
export const EVIDENCE_SCALE = 63;

/**
 * How much an adjacent query pair, found as a phrase in the document, counts relative to a single
 * term. Phrases matter ("commit message" ≠ "message … commit"), but single terms carry the ranking.
 */
export const BIGRAM_WEIGHT = 0.5;

/**
 * How much the typed form of a word, found in a name or title, counts relative to its stem: it
 * breaks the ties stemming creates ("logging" vs "Decision Log", "structured" vs "Structuring").
 */
export const EXACT_WEIGHT = 0.25;

/** BM25's (always positive) inverse document frequency. A term no document has gets the maximum. */
export function inverseDocumentFrequency(documentFrequency: number, documents: number): number {
  return Math.log(1 + (documents - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

export function quantizeEvidence(evidence: number): number {
  return Math.min(EVIDENCE_SCALE, Math.max(1, Math.round(evidence * EVIDENCE_SCALE)));
}
