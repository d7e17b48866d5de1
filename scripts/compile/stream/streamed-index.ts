// buildSearchIndex for documents that arrive one at a time and are never all in memory. Two passes:
// as documents arrive, their text goes to a file on disk and what needs the whole corpus is gathered
// (the abbreviations public documents define, the names that make folder index pages); then the
// file is read back and each document's field term counts go to spilled runs (postings-runs.ts),
// its field lengths to a compact list. Once every document is in, the runs are merged term by term
// and each term's postings are weighted and encoded (encodePostings, the one encoder) into table
// sinks. The result equals buildSearchIndex over the same documents given in the same order.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { abbreviationMatcher } from '../../../src/bundle/search/abbreviation-terms.ts';
import {
  electedAbbreviations,
  voteAbbreviations,
  type AbbreviationVotes,
} from '../../../src/bundle/search/abbreviations.ts';
import { otherAveragesOf } from '../../../src/bundle/search/audiences.ts';
import { encodeVarints } from '../../../src/bundle/search/codec.ts';
import { averagesOf, countTerms, saturation } from '../../../src/bundle/search/evidence.ts';
import {
  definingTextOf,
  FIELDS,
  fieldLength,
  fieldTermsOf,
} from '../../../src/bundle/search/fields.ts';
import { MENTION_CAP, namingTerms } from '../../../src/bundle/search/folder-index.ts';
import { countedAudiences, encodePostingArrays } from '../../../src/bundle/search/postings.ts';
import { quantizeEvidence } from '../../../src/bundle/search/scoring.ts';
import type { AccessStatistics, IndexableDoc } from '../../../src/bundle/search/types.ts';
import { SliceReader } from './byte-file.ts';
import { DocumentFileWriter, readDocuments } from './document-file.ts';
import { folderPagesOf } from './folder-pages.ts';
import { IntList } from './int-list.ts';
import { mergeRuns } from './merge-runs.ts';
import { PostingsRuns } from './postings-runs.ts';
import type { TableSink } from './table-sinks.ts';

const FIELD_COUNT = FIELDS.length;

/** What the merge decides before any table is written: the index's statistics and its tables' averages. */
export interface IndexPlan {
  documents: number;
  averages: number[];
  access?: AccessStatistics;
  /** The averages of each variant table (SearchIndex.variants), in order. */
  variants: number[][];
  /** Audience counts each long list holds (countedAudiences), and each internal id's audience. */
  counted: number;
  audienceOf: Int32Array | null;
}

export class StreamedIndex {
  private readonly runs: PostingsRuns;
  private readonly lengths = new IntList();
  private readonly audienceKeys = new IntList();
  private readonly accessLists: (readonly string[] | undefined)[] = [];
  private readonly keyIds = new Map<string, number>();
  private restricted = false;
  /** First pass: the documents' text on disk, their names, the abbreviations public ones define. */
  private documentFile: DocumentFileWriter | null;
  private names: string[] = [];
  private votes: AbbreviationVotes = new Map();
  /** Second pass: each folder index page's topics (folder-index.ts), flagged by position. */
  private readonly topics = new Map<number, Set<string>>();
  private hasTopics = new Uint8Array(0);
  documents = 0;

  constructor(dir: string, spillRecords?: number) {
    mkdirSync(dir, { recursive: true });
    this.runs = new PostingsRuns(dir, spillRecords);
    this.documentFile = new DocumentFileWriter(join(dir, 'documents'));
  }

  /** Postings runs written to disk so far. */
  get spilledRuns(): number {
    return this.runs.runs.length;
  }

  /** Adds the next document (its position is the number added before it). */
  add(doc: IndexableDoc): void {
    if (this.documentFile === null)
      throw new Error('a document added after the index was compiled');
    this.documents++;
    this.documentFile.add(doc);
    this.names.push(doc.name);
    // Learned from public documents alone: a restricted one must not change what anyone else is told.
    if (!doc.access) voteAbbreviations(this.votes, definingTextOf(doc));
    if (doc.access) this.restricted = true;
    // JSON, not a join: no group name can make two different lists share a key (as audiences.ts).
    const key = JSON.stringify(doc.access ?? null);
    let id = this.keyIds.get(key);
    if (id === undefined) {
      this.keyIds.set(key, (id = this.accessLists.length));
      this.accessLists.push(doc.access);
    }
    this.audienceKeys.push(id);
  }

  /**
   * The second pass, once every document is in: each document's fields, with the learned
   * abbreviations, counted into runs; the folder index pages' topics gathered from their public pages.
   */
  private compile(): void {
    if (this.documentFile === null) return;
    this.documentFile.close();
    const path = this.documentFile.path;
    this.documentFile = null;
    const matcher = abbreviationMatcher(electedAbbreviations(this.votes));
    this.votes = new Map();
    const { isIndex, indexesOf } = folderPagesOf(this.names);
    this.names = [];
    const own = new Map<number, Set<string>>();
    const pageTerms = new Map<number, Set<string>>();
    let position = 0;
    readDocuments(path, (doc) => {
      const fields = fieldTermsOf(doc, matcher);
      if (isIndex[position]) own.set(position, namingTerms(fields));
      const indexes = doc.access ? undefined : indexesOf.get(position);
      if (indexes !== undefined) {
        const naming = namingTerms(fields);
        for (const index of indexes) {
          let terms = pageTerms.get(index);
          if (terms === undefined) pageTerms.set(index, (terms = new Set()));
          for (const term of naming) terms.add(term);
        }
      }
      FIELDS.forEach((field, f) => {
        const runs = fields[f]!;
        this.lengths.push(fieldLength(runs));
        for (const [term, tf] of countTerms(runs, field.bigramMinCount > 0)) {
          if (tf < field.bigramMinCount && term.includes(' ')) continue;
          this.runs.add(term, position, f, tf);
        }
      });
      this.runs.documentDone();
      position += 1;
    });
    rmSync(path, { force: true });
    this.hasTopics = new Uint8Array(this.documents);
    for (const [index, terms] of pageTerms) {
      const topics = new Set<string>();
      for (const term of terms) if (!own.get(index)!.has(term)) topics.add(term);
      if (topics.size === 0) continue;
      this.topics.set(index, topics);
      this.hasTopics[index] = 1;
    }
  }

  /**
   * The index's statistics, given each position's internal id (its rank in name order). Throws
   * AccessStatisticsLimitError as buildSearchIndex does.
   */
  plan(idOf: Int32Array): IndexPlan {
    this.compile();
    const n = this.documents;
    const positionOf = new Int32Array(n);
    for (let position = 0; position < n; position++) positionOf[idOf[position]!] = position;
    const totals = FIELDS.map(() => 0);
    for (let i = 0; i < n * FIELD_COUNT; i++) totals[i % FIELD_COUNT]! += this.lengths.at(i);
    const averages = averagesOf(totals, n);
    const plan: IndexPlan = {
      documents: n,
      averages,
      variants: [],
      counted: 0,
      audienceOf: null,
    };
    if (!this.restricted) return plan;
    const audiences: AccessStatistics['audiences'] = [];
    const audienceOfKey = new Map<number, number>();
    const audienceOfId = new Int32Array(n);
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
      audienceOfId[id] = audience;
    }
    plan.access = { averages, audiences, audienceOf: encodeVarints(Array.from(audienceOfId)) };
    plan.variants = otherAveragesOf(plan.access);
    plan.counted = countedAudiences(plan.access);
    if (plan.counted > 0) plan.audienceOf = audienceOfId;
    return plan;
  }

  /**
   * Merges the runs into `sinks`: sinks[0] gets the table weighted with plan.averages, sinks[i]
   * the one weighted with plan.variants[i - 1].
   */
  merge(idOf: Int32Array, plan: IndexPlan, sinks: readonly TableSink[]): void {
    this.compile();
    this.runs.spill();
    const tables = [plan.averages, ...plan.variants];
    const packed = tables.map(() => new IntList());
    const lengths = this.lengths;
    const fields = new Int32Array(FIELD_COUNT);
    const counts = new Int32Array(FIELD_COUNT);
    const { hasTopics, topics } = this;
    // A list holds at most one posting per document: one pair of arrays serves every term.
    const ids = new Int32Array(plan.documents);
    const weights = new Uint8Array(plan.documents);
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
            let evidence = 1 - missing;
            // A folder index page proves no more than a body mention for its pages' topics (asIndexPage).
            if (hasTopics[position] && evidence > MENTION_CAP && topics.get(position)!.has(term))
              evidence = MENTION_CAP;
            packed[t]!.push(id * 64 + quantizeEvidence(evidence));
          }
        }
      }
      packed.forEach((list, t) => {
        const sorted = list.values.subarray(0, list.length).sort();
        for (let i = 0; i < sorted.length; i++) {
          ids[i] = sorted[i]! >>> 6;
          weights[i] = sorted[i]! & 63;
        }
        const postings = encodePostingArrays(
          ids.subarray(0, sorted.length),
          weights.subarray(0, sorted.length),
          plan.counted,
          plan.audienceOf,
        );
        sinks[t]!.add(term, postings);
      });
    });
  }
}

/** Where a kind's streamed index keeps its runs. */
export const indexDir = (tempDir: string, name: string): string => join(tempDir, name);
