// Who sees which documents of an index, and the statistics each caller's documents have. A caller
// who may not see every document must get the hits and scores an index built from only their
// documents would give, or a score would reveal the hidden ones' words (a dictionary attack on
// restricted vocabulary). Document frequencies and the document count are counted per caller at
// query time; the field-length averages that weight postings are fixed at build time, so the build
// adds a term table weighted with each other set of averages some caller's documents can have.
import { decodeVarints, encodeVarints } from './codec.ts';
import { averagesOf } from './evidence.ts';
import { FIELDS, fieldLength, type FieldTerms } from './fields.ts';
import type { AccessStatistics, IndexableDoc } from './types.ts';
import { PraxisError } from '../../shared/praxis-error.ts';

/**
 * Callers are told apart by which of the index's groups they hold: 2^groups combinations are
 * enumerated at build time. Beyond this many groups in one kind, the build refuses (fail closed)
 * rather than serve a caller statistics that include documents they may not see.
 */
export const MAX_GROUPS_PER_INDEX = 16;
/** Each differing set of averages costs a whole weighted term table; beyond this the build refuses. */
export const MAX_WEIGHTED_TABLES = 64;

/** The build cannot precompute statistics for every caller of an index: a content error, not a crash. */
export class AccessStatisticsLimitError extends PraxisError {
  static override code = 'ERR_ACCESS_STATISTICS_LIMIT';
  override readonly code = 'ERR_ACCESS_STATISTICS_LIMIT';
}

/** What one caller sees of an index: null when it sees every document (the index answers as stored). */
export interface Audience {
  /** Documents the caller sees. */
  documents: number;
  /** 1 for each internal id the caller sees. */
  visible: Uint8Array;
  /** Whether the caller sees each audience (AccessStatistics.audiences order). */
  seen: readonly boolean[];
  /** Field-length averages over the caller's documents. */
  averages: number[];
}

/** Build time: the audiences of `docs` (fields in the same order), and each internal id's audience. */
export function accessStatisticsOf(
  docs: readonly IndexableDoc[],
  fields: readonly FieldTerms[][],
  order: readonly number[],
  averages: number[],
): AccessStatistics {
  const audiences: AccessStatistics['audiences'] = [];
  const byKey = new Map<string, number>();
  const audienceOfPosition = docs.map((doc, position) => {
    const key = JSON.stringify(doc.access ?? null);
    let audience = byKey.get(key);
    if (audience === undefined) {
      byKey.set(key, (audience = audiences.length));
      audiences.push({
        ...(doc.access ? { access: [...doc.access] } : {}),
        documents: 0,
        lengths: FIELDS.map(() => 0),
      });
    }
    const entry = audiences[audience]!;
    entry.documents += 1;
    FIELDS.forEach((_, f) => {
      entry.lengths[f]! += fieldLength(fields[position]![f] as FieldTerms);
    });
    return audience;
  });
  return {
    averages,
    audiences,
    audienceOf: encodeVarints(order.map((position) => audienceOfPosition[position] as number)),
  };
}

/**
 * Build time: every set of field-length averages a caller's documents can have, other than the
 * stored ones, in a deterministic order. A caller holds some subset of the index's groups; each
 * subset is tried (callers who see nothing search nothing, so need no table).
 */
export function otherAveragesOf(stats: AccessStatistics): number[][] {
  const groups = [...new Set(stats.audiences.flatMap((audience) => audience.access ?? []))].sort();
  if (groups.length > MAX_GROUPS_PER_INDEX) {
    throw new AccessStatisticsLimitError(
      `documents of one kind use ${groups.length} access groups (${groups.join(', ')}); at most ${MAX_GROUPS_PER_INDEX} are supported, as search statistics are precomputed for every combination: merge groups`,
    );
  }
  const found = new Map<string, number[]>();
  const stored = JSON.stringify(stats.averages);
  for (let mask = 0; mask < 2 ** groups.length; mask++) {
    const held = groups.filter((_, g) => mask & (2 ** g));
    const averages = averagesFor(
      stats,
      (access) => !access || access.some((group) => held.includes(group)),
    );
    if (averages === null) continue;
    const key = JSON.stringify(averages);
    if (key !== stored) found.set(key, averages);
  }
  if (found.size > MAX_WEIGHTED_TABLES) {
    throw new AccessStatisticsLimitError(
      `the access groups of one kind's documents give ${found.size} different search statistics; at most ${MAX_WEIGHTED_TABLES} are supported: use fewer, broader groups`,
    );
  }
  return [...found.keys()].sort().map((key) => found.get(key)!);
}

/** The averages over the audiences `sees` admits, or null when it admits no document. */
function averagesFor(
  stats: AccessStatistics,
  sees: (access: readonly string[] | undefined) => boolean,
): number[] | null {
  const totals = FIELDS.map(() => 0);
  let documents = 0;
  for (const audience of stats.audiences) {
    if (!sees(audience.access)) continue;
    documents += audience.documents;
    audience.lengths.forEach((length, f) => {
      totals[f]! += length;
    });
  }
  return documents === 0 ? null : averagesOf(totals, documents);
}

type CanSee = (entry: { access?: readonly string[] }) => boolean;
const audiences = new WeakMap<AccessStatistics, WeakMap<CanSee, Audience | null>>();

/** Query time: what `canSee` admits of an index, computed once per statistics object and function. */
export function audienceOf(
  stats: AccessStatistics | undefined,
  canSee: CanSee | undefined,
): Audience | null {
  if (!stats || !canSee) return null;
  let byCaller = audiences.get(stats);
  if (!byCaller) audiences.set(stats, (byCaller = new WeakMap()));
  let audience = byCaller.get(canSee);
  if (audience === undefined) byCaller.set(canSee, (audience = computeAudience(stats, canSee)));
  return audience;
}

function computeAudience(stats: AccessStatistics, canSee: CanSee): Audience | null {
  const seen = stats.audiences.map((audience) =>
    canSee(audience.access ? { access: audience.access } : {}),
  );
  if (seen.every(Boolean)) return null;
  const ids = decodeVarints(stats.audienceOf);
  const visible = new Uint8Array(ids.length);
  let documents = 0;
  ids.forEach((audience, id) => {
    if (seen[audience]) {
      visible[id] = 1;
      documents += 1;
    }
  });
  const averages =
    averagesFor(stats, (access) => canSee(access ? { access } : {})) ??
    averagesOf(
      FIELDS.map(() => 0),
      0,
    );
  return { documents, visible, seen, averages };
}

/** Whether two sets of averages are the same numbers (the stored JSON keeps doubles exactly). */
export const sameAverages = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((value, i) => value === b[i]);
