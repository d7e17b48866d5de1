// A streamed index stored as the in-memory build stores one: sharded with a head (a kind's index,
// as storeSearchIndex) or whole as one JSON object (the graph's search index, as
// put(JSON.stringify(buildSearchIndex(…)))), the long strings passing through disk.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ShardedIndex } from '../../../src/bundle/search/shards.ts';
import { termTableText } from '../../../src/bundle/search/term-table.ts';
import type { DiskObjects, ObjectLabel } from './disk-objects.ts';
import type { StreamedIndex } from './streamed-index.ts';
import { ShardedTableSink, WholeTableSink } from './table-sinks.ts';
import { readTextPieces } from './text-file.ts';

export interface StoredHead {
  hash: string;
  /** The head's text: the pointer's shard lists are read from it. */
  text: string;
}

/** Stores `index` sharded; `idOf` gives each position's rank in name order. */
export function storeShardedIndex(
  index: StreamedIndex,
  idOf: Int32Array,
  objects: DiskObjects,
  dir: string,
  what: string,
  bucketChars?: number,
): StoredHead {
  const plan = index.plan(idOf);
  const sinks = [plan.averages, ...plan.variants].map((_, t) => {
    const tableDir = join(dir, `table-${t}`);
    mkdirSync(tableDir, { recursive: true });
    return new ShardedTableSink(tableDir, bucketChars);
  });
  index.merge(idOf, plan, sinks);
  // Each shard stored as it is made, so only one shard's table is held at a time (at 1 000 000
  // documents a kind's shards are about 150 MB of postings).
  const shardsOf = (sink: ShardedTableSink): string[] => {
    const hashes: string[] = [];
    for (const shard of sink.shards())
      hashes.push(objects.put(termTableText(shard), { what: `a search index shard of ${what}` }));
    return hashes;
  };
  const head: ShardedIndex = {
    format: 'praxis-search/7',
    documents: plan.documents,
    shards: shardsOf(sinks[0]!),
  };
  if (plan.access) head.access = plan.access;
  if (plan.variants.length)
    head.variants = plan.variants.map((averages, i) => ({
      averages,
      shards: shardsOf(sinks[i + 1]!),
    }));
  const text = JSON.stringify(head);
  return { hash: objects.put(text, { what: `search index head of ${what}` }), text };
}

/** Stores `index` as one SearchIndex object, written in pieces; its hash. */
export function storeWholeIndex(
  index: StreamedIndex,
  idOf: Int32Array,
  objects: DiskObjects,
  dir: string,
  label: ObjectLabel,
): string {
  const plan = index.plan(idOf);
  mkdirSync(dir, { recursive: true });
  const sinks = [plan.averages, ...plan.variants].map(
    (_, t) => new WholeTableSink(dir, `table-${t}`),
  );
  index.merge(idOf, plan, sinks);
  for (const sink of sinks) sink.close();
  const out = objects.streamed(label);
  const table = (sink: WholeTableSink): void => {
    out.append('"terms":"');
    readTextPieces(sink.terms.path, (piece) => out.append(piece));
    out.append('","postings":"');
    readTextPieces(sink.postings.path, (piece) => out.append(piece));
    out.append('"');
  };
  // Key order as buildSearchIndex makes it: format, documents, terms, postings, access, variants
  // (no order: documents are given in name order, so internal ids are their positions).
  out.append(`{"format":"praxis-search/5","documents":${plan.documents},`);
  table(sinks[0]!);
  if (plan.access) out.append(`,"access":${JSON.stringify(plan.access)}`);
  if (plan.variants.length) {
    out.append(',"variants":[');
    plan.variants.forEach((averages, i) => {
      out.append(`${i ? ',' : ''}{"averages":${JSON.stringify(averages)},`);
      table(sinks[i + 1]!);
      out.append('}');
    });
    out.append(']');
  }
  out.append('}');
  return out.end();
}
