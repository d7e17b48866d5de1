// What a cold search's term shards hold, from a built bundle: `node bench/commands/shard-lists.ts
// BUNDLE_DIR [--kind processes] [--long CHARS] [QUERY…]`. Over every shard of the kind: how many
// lists are longer than a few sizes and what share of the postings they are. Per query: the shards
// it reads (shardsOfQuery), their size, the size of the query's own lists in them, and what it
// would read if lists longer than --long characters were objects of their own (the shards without
// them, plus the query's own long lists), and — ranking the query over those shards as the Worker
// does (51 hits, a caller who sees everything) — how many blocks of its long lists the pruning
// decodes, and what it would read if a long list's blocks were stored in segments of 8, 32 or 128
// blocks read only when one of their blocks is decoded (its skip data kept in the shard). Reads
// files only: sizes, never time.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readVarint } from '../../src/bundle/search/codec.ts';
import { unpackShardHashes } from '../../src/bundle/search/shard-list.ts';
import type { ShardedIndex } from '../../src/bundle/search/shards.ts';
import { storedTermTable } from '../../src/bundle/search/term-table.ts';
import { PostingCursor } from '../../src/worker/content/search/posting-cursor.ts';
import { analyseQuery } from '../../src/worker/content/search/query-terms.ts';
import { shardsOfQuery } from '../../src/worker/content/search/query-shards.ts';
import { searcherOf } from '../../src/worker/content/search/searcher.ts';
import { DEFAULT_QUERIES } from './cold-chain.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { kind: { type: 'string' }, long: { type: 'string' } },
});
const [dir, ...asked] = positionals;
if (!dir)
  throw new Error(
    'usage: node bench/commands/shard-lists.ts BUNDLE_DIR [--kind KIND] [--long CHARS] [QUERY…]',
  );
const kind = values.kind ?? 'processes';
const long = Number(values.long ?? 16 * 1024);
const queries = asked.length ? asked : DEFAULT_QUERIES;
const KiB = (chars: number) => `${(chars / 1024).toFixed(0)} KiB`;

const pointer = JSON.parse(readFileSync(join(dir, 'pointer.json'), 'utf8'));
const shards = unpackShardHashes(pointer.shards?.[kind]);
if (!shards) throw new Error(`${dir} has no sharded index of ${kind}`);
const shardText = (shard: number) => readFileSync(join(dir, 'objects', shards[shard]!), 'utf8');

/** Each term of a stored shard with the length of its postings list (characters). */
function listLengths(text: string): { termsChars: number; lists: Map<string, number> } {
  const table = storedTermTable(text);
  const records = table.terms.split(';').map((record) => {
    const colon = record.lastIndexOf(':');
    return [record.slice(0, colon), readVarint({ text: record, pos: colon + 1 })] as const;
  });
  const lists = new Map<string, number>();
  records.forEach(([term, start], i) =>
    lists.set(term, (records[i + 1]?.[1] ?? table.postings.length) - start),
  );
  return { termsChars: table.terms.length, lists };
}

const manifest = JSON.parse(readFileSync(join(dir, 'objects', pointer.manifest), 'utf8'));
const head = JSON.parse(
  readFileSync(join(dir, 'objects', manifest.kinds[kind].index), 'utf8'),
) as ShardedIndex;
/** The kind's searcher as the Worker makes it, its shards read from the build's files. */
const searcher = searcherOf(head, async (hash) =>
  storedTermTable(readFileSync(join(dir, 'objects', hash), 'utf8')),
);

/** Blocks decoded per cursor while ranking: a bench-only hook on the cursor's block decoder. */
const decoded = new Map<PostingCursor, Set<number>>();
type Decoder = (this: PostingCursor, block: number, previous: number) => void;
const cursorMethods = PostingCursor.prototype as unknown as Record<'decode', Decoder>;
const decode = cursorMethods.decode;
cursorMethods.decode = function (this: PostingCursor, block: number, previous: number) {
  let blocks = decoded.get(this);
  if (!blocks) decoded.set(this, (blocks = new Set()));
  blocks.add(block);
  decode.call(this, block, previous);
};
const SEGMENTS = [8, 32, 128];

/**
 * Searches `query` as the Worker does; per long list of its own (more than one block): its blocks'
 * starts, how many there are, and the blocks the ranking decoded.
 */
async function decodedBlocks(query: string) {
  decoded.clear();
  await searcher.search(analyseQuery(query), { limit: 51 });
  return [...decoded].flatMap(([cursor, blocks]) => {
    const { starts, blocks: count } = cursor as unknown as { starts: Int32Array; blocks: number };
    return count > 1 ? [{ starts, blocks: blocks.size, count, touched: blocks }] : [];
  });
}

const lengths = shards.flatMap((_, shard) => [...listLengths(shardText(shard)).lists.values()]);
const postings = lengths.reduce((sum, length) => sum + length, 0);
console.log(
  `[shard-lists] ${kind}: ${shards.length} shards, ${lengths.length} lists, ${(postings / 1024 ** 2).toFixed(1)} MiB of postings`,
);
for (const size of [4096, 16384, 65536]) {
  const longer = lengths.filter((length) => length > size);
  const share = longer.reduce((sum, length) => sum + length, 0) / postings;
  console.log(
    `[shard-lists]   lists over ${size} characters: ${longer.length}, ${(share * 100).toFixed(1)} % of the postings`,
  );
}
for (const query of queries) {
  const analysed = analyseQuery(query);
  const wanted = new Set([...analysed.terms, ...analysed.bigrams, ...analysed.exact]);
  let read = 0;
  let own = 0;
  let ownLong = 0;
  let withoutLong = 0;
  const queryShards = shardsOfQuery(analysed, shards.length);
  for (const shard of queryShards) {
    const text = shardText(shard);
    const { termsChars, lists } = listLengths(text);
    read += text.length;
    withoutLong += termsChars + 1;
    for (const [term, length] of lists) {
      if (length <= long) withoutLong += length;
      if (!wanted.has(term)) continue;
      own += length;
      if (length > long) ownLong += length;
    }
  }
  console.log(
    `[shard-lists] "${query}": ${queryShards.length} shards, ${KiB(read)}; its own lists ${KiB(own)}; with lists over ${long} characters apart: ${KiB(withoutLong)} of shards + ${KiB(ownLong)} of its long lists = ${KiB(withoutLong + ownLong)}`,
  );
  // A list's end is where its last block ends: its last start plus that block's characters, which
  // the next block's start would give; approximated by the mean block length (sizes, not offsets).
  const lists = await decodedBlocks(query);
  const blocks = lists.reduce((sum, list) => sum + list.blocks, 0);
  const total = lists.reduce((sum, list) => sum + list.count, 0);
  const segmentsRead = SEGMENTS.map((size) => {
    let chars = 0;
    for (const { starts, count, touched } of lists) {
      const meanBlock = (starts[count - 1]! - starts[0]!) / Math.max(1, count - 1);
      const end = (block: number) =>
        block < count ? starts[block]! : starts[count - 1]! + meanBlock;
      const segments = new Set([...touched].map((block) => Math.floor(block / size)));
      for (const segment of segments)
        chars += end(Math.min(count, (segment + 1) * size)) - starts[segment * size]!;
    }
    return `${size} blocks: ${KiB(chars)}`;
  });
  console.log(
    `[shard-lists]   ranked (51 hits): ${blocks} of ${total} blocks of its ${lists.length} long lists decoded; their segments read, by segment size: ${segmentsRead.join(', ')}`,
  );
}
