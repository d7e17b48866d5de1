// buildSearchIndex for documents that arrive one at a time and are never all in memory: each
// document's field term counts go to spilled runs (postings-runs.ts) and its field lengths to a
// compact list; once every document is in, the runs are merged term by term and each term's
// postings are weighted and encoded (encodePostings, the one encoder) into table sinks. The result
// equals buildSearchIndex over the same documents given in name order.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { otherAveragesOf } from '../../../src/bundle/search/audiences.ts';
import { encodePostings, type Posting } from '../../../src/bundle/search/build-index.ts';
import { encodeVarints } from '../../../src/bundle/search/codec.ts';
import { averagesOf, countTerms, saturation } from '../../../src/bundle/search/evidence.ts';
import { FIELDS, fieldLength, fieldTermsOf } from '../../../src/bundle/search/fields.ts';
import { quantizeEvidence } from '../../../src/bundle/search/scoring.ts';
import type { AccessStatistics, IndexableDoc } from '../../../src/bundle/search/types.ts';
import { SliceReader } from './byte-file.ts';
import { IntList } from './int-list.ts';
import { mergeRuns } from './merge-runs.ts';
import { PostingsRuns } from './postings-runs.ts';
import type { TableSink } from './table-sinks.ts';

const FIELD_COUNT = FIELDS.length;

/** What the merge decides before any table is written: the index's statistics and its tables' averages. */
export interface IndexPlan {
  documents: number;
  /** encodeVarints of each internal id's position in name order: the identity, as documents are named uniquely. */
  order: string;
  averages: number[];
  access?: AccessStatistics;
  /** The averages of each variant table (SearchIndex.variants), in order. */
  variants: number[][];
}

export class StreamedIndex {
  private readonly runs: PostingsRuns;
  private readonly lengths = new IntList();
  private readonly audienceKeys = new IntList();
  private readonly accessLists: (readonly string[] | undefined)[] = [];
  private readonly keyIds = new Map<string, number>();
  private restricted = false;
  documents = 0;

  constructor(dir: string, spillRecords?: number) {
    mkdirSync(dir, { recursive: true });
    this.runs = new PostingsRuns(dir, spillRecords);
  }

  /** Postings runs written to disk so far. */
  get spilledRuns(): number {
    return this.runs.runs.length;
  }

  /** Adds the next document (its position is the number added before it). */
  add(doc: IndexableDoc): void {
    const position = this.documents++;
    const fields = fieldTermsOf(doc);
    FIELDS.forEach((field, f) => {
      const runs = fields[f]!;
      this.lengths.push(fieldLength(runs));
      for (const [term, tf] of countTerms(runs, field.bigramMinCount > 0)) {
        if (tf < field.bigramMinCount && term.includes(' ')) continue;
        this.runs.add(term, position, f, tf);
      }
    });
    if (doc.access) this.restricted = true;
    // JSON, not a join: no group name can make two different lists share a key (as audiences.ts).
    const key = JSON.stringify(doc.access ?? null);
    let id = this.keyIds.get(key);
    if (id === undefined) {
      this.keyIds.set(key, (id = this.accessLists.length));
      this.accessLists.push(doc.access);
    }
    this.audienceKeys.push(id);
    this.runs.documentDone();
  }

  /**
   * The index's statistics, given each position's internal id (its rank in name order). Throws
   * AccessStatisticsLimitError as buildSearchIndex does.
   */
  plan(idOf: Int32Array): IndexPlan {
    const n = this.documents;
    const positionOf = new Int32Array(n);
    for (let position = 0; position < n; position++) positionOf[idOf[position]!] = position;
    const totals = FIELDS.map(() => 0);
    for (let i = 0; i < n * FIELD_COUNT; i++) totals[i % FIELD_COUNT]! += this.lengths.at(i);
    const averages = averagesOf(totals, n);
    const order: number[] = Array.from({ length: n }, (_, id) => id);
    const plan: IndexPlan = { documents: n, order: encodeVarints(order), averages, variants: [] };
    if (!this.restricted) return plan;
    const audiences: AccessStatistics['audiences'] = [];
    const audienceOfKey = new Map<number, number>();
    const audienceOfId: number[] = [];
    for (let id = 0; id < n; id++) {
      const position = positionOf[id]!;
      const key = this.audienceKeys.at(position);
      let audience = audienceOfKey.get(key);
      if (audience === undefined) {
        audienceOfKey.set(key, (audience = audiences.length));
        const access = this.accessLists[key];
        audiences.push({
          ...(access ? { access: [...access] } : {}),
          documents: 0,
          lengths: FIELDS.map(() => 0),
        });
      }
      const entry = audiences[audience]!;
      entry.documents += 1;
      for (let f = 0; f < FIELD_COUNT; f++)
        entry.lengths[f]! += this.lengths.at(position * FIELD_COUNT + f);
      audienceOfId.push(audience);
    }
    plan.access = { averages, audiences, audienceOf: encodeVarints(audienceOfId) };
    plan.variants = otherAveragesOf(plan.access);
    return plan;
  }

  /**
   * Merges the runs into `sinks`: sinks[0] gets the table weighted with plan.averages, sinks[i]
   * the one weighted with plan.variants[i - 1].
   */
  merge(idOf: Int32Array, plan: IndexPlan, sinks: readonly TableSink[]): void {
    this.runs.spill();
    const tables = [plan.averages, ...plan.variants];
    const packed = tables.map(() => new IntList());
    const lengths = this.lengths;
    const fields = new Int32Array(FIELD_COUNT);
    const counts = new Int32Array(FIELD_COUNT);
    mergeRuns(this.runs.runs, (term, blocks) => {
      for (const list of packed) list.clear();
      for (const block of blocks) {
        const reader = new SliceReader(block);
        let position = 0;
        while (!reader.done) {
          position += reader.uint();
          const mask = reader.uint();
          const id = idOf[position]!;
          let present = 0;
          for (let f = 0; f < FIELD_COUNT; f++)
            if (mask & (1 << f)) {
              fields[present] = f;
              counts[present++] = reader.uint();
            }
          for (let t = 0; t < tables.length; t++) {
            const averages = tables[t]!;
            // As termEvidence: the product over fields, in field order, of what each leaves unproven.
            let missing = 1;
            for (let i = 0; i < present; i++) {
              const f = fields[i]!;
              const field = FIELDS[f]!;
              const proof =
                field.cap *
                saturation(
                  counts[i]!,
                  lengths.at(position * FIELD_COUNT + f),
                  averages[f]!,
                  field.k1,
                  field.b,
                );
              missing *= 1 - proof;
            }
            packed[t]!.push(id * 64 + quantizeEvidence(1 - missing));
          }
        }
      }
      packed.forEach((list, t) => {
        const sorted = list.values.subarray(0, list.length).sort();
        const postings: Posting[] = Array.from(sorted, (value) => ({
          id: value >>> 6,
          weight: value & 63,
        }));
        sinks[t]!.add(term, encodePostings(postings));
      });
    });
  }
}

/** Where a kind's streamed index keeps its runs. */
export const indexDir = (tempDir: string, name: string): string => join(tempDir, name);
