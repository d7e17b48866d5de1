// `praxis build` in memory that does not grow with the corpus: the same bundle buildContent +
// writeBundle make, byte for byte, but each document is compiled, its body written to
// DIR/objects and its terms spilled before the next is read. What stays in memory per document is
// its entry (name, title, description, path, body hash, …) and seven field lengths; postings go
// to disk in sorted runs and are merged term by term into the index shards.
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BUNDLE_SCHEMA,
  type Manifest,
  type Pointer,
  type RecordsSection,
} from '../../../src/bundle/bundle.ts';
import { recordsSectionOf } from '../../../src/bundle/record-chunks.ts';
import { buildGraphIndex } from '../../../src/bundle/graph/index-types.ts';
import { documentKinds } from '../../../src/bundle/kinds.ts';
import { AccessStatisticsLimitError } from '../../../src/bundle/search/audiences.ts';
import type { KnowledgeSections } from '../../../src/bundle/sections.ts';
import { entryOf, pointerOf, sectionOf, type Provenance } from '../assemble.ts';
import { datedFromGit, fileOf, printWarning } from '../build.ts';
import { buildClock } from '../build-clock.ts';
import { compileFile, duplicateError, isMarkdown, OPEN_FILES_AT_ONCE } from '../compile.ts';
import type { BuildError } from '../errors.ts';
import { codeUnitOrder, listFolderFiles } from '../folder-walk.ts';
import { currentCommit, hasUncommittedChanges } from '../git-commit.ts';
import { assembleKnowledge, graphRecordEntry } from '../knowledge/assemble.ts';
import { compileKnowledge } from '../knowledge/compile.ts';
import { finishGraph, graphRecordsOf, type CompiledRecord } from '../knowledge/graph.ts';
import type { CompiledDocument, KeptDocument } from '../parse-document.ts';
import { limitErrors, pointerProblems, type LimitProblem } from '../platform-check.ts';
import { staleWarnings } from '../stale-warnings.ts';
import { DiskObjects } from './disk-objects.ts';
import { inOrder } from './in-order.ts';
import { storeShardedIndex, storeWholeIndex } from './store-index.ts';
import { StreamedIndex } from './streamed-index.ts';

export interface StreamBuildOptions {
  /** The build's clock (ms since 1970); default PRAXIS_BUILD_NOW, else now. */
  nowMs?: number;
  /** As AssembleOptions.partChars. */
  partChars?: number;
  /** Term records held before a postings run is spilled (tests make it small to force many runs). */
  spillRecords?: number;
  /** Characters of merged index entries held before they go to per-shard files. */
  bucketChars?: number;
  /** Where runs and shard files go (a fresh folder inside it, removed afterwards); default the OS temp folder. */
  tempDir?: string;
}

export type StreamBuildResult =
  | {
      ok: true;
      pointer: Pointer;
      objects: number;
      bytes: number;
      warnings: BuildError[];
      /** Sorted postings runs spilled to disk and merged, over every index. */
      runs: number;
    }
  | { ok: false; errors: BuildError[] };

interface KindDocuments {
  metas: KeptDocument[];
  /** The documents' build warnings (active HTML, agent-directed text), in document order. */
  warnings: BuildError[];
  bodies: string[];
  index: StreamedIndex;
}

type GraphRecordMeta = Omit<CompiledRecord, 'source' | 'body'> & { body: string; position: number };

/** Builds `contentDir` into `outDir` (objects/<hash>, then pointer.json), as buildContent then writeBundle would. */
export async function buildToDirectory(
  contentDir: string,
  outDir: string,
  onWarning: (warning: BuildError) => void = printWarning,
  options: StreamBuildOptions = {},
): Promise<StreamBuildResult> {
  const clock = buildClock(options.nowMs);
  if (!clock.ok) return clock;
  const root = await stat(contentDir).catch(() => undefined);
  if (!root?.isDirectory())
    return {
      ok: false,
      errors: [
        {
          file: contentDir,
          line: 1,
          message: 'content folder does not exist (pass --content DIR)',
        },
      ],
    };
  const temp = mkdtempSync(join(options.tempDir ?? tmpdir(), 'praxis-build-'));
  try {
    return await buildInto(contentDir, outDir, temp, clock.nowMs, onWarning, options);
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

async function buildInto(
  contentDir: string,
  outDir: string,
  temp: string,
  nowMs: number,
  onWarning: (warning: BuildError) => void,
  options: StreamBuildOptions,
): Promise<StreamBuildResult> {
  const objects = new DiskObjects(outDir, options.partChars);
  const put = (text: string): string => objects.put(text);
  const errors: BuildError[] = [];
  const byKind = new Map<string, KindDocuments>();
  for (const kind of documentKinds)
    byKind.set(kind, await compileKind(contentDir, kind, objects, temp, errors, options));
  const graphErrors: BuildError[] = [];
  const graphIndex = new StreamedIndex(join(temp, 'graph'), options.spillRecords);
  const records = await compileGraphRecords(contentDir, objects, graphIndex, graphErrors);
  // Dropped once the checks that need every document are done (below): each kind's kept entries are
  // then held by that kind alone, and freed as soon as its section is stored.
  let documents: KeptDocument[] | undefined = [...byKind.values()].flatMap(({ metas }) => metas);
  const documentCount = documents.length;
  const { knowledge, errors: knowledgeErrors } = await compileKnowledge(
    contentDir,
    documents,
    records,
  );
  errors.push(...graphErrors, ...knowledgeErrors);
  if (errors.length) return { ok: false, errors };
  const warnings = [...byKind.values()].flatMap((kind) => kind.warnings);
  warnings.push(...(await datedFromGit(contentDir, documents, nowMs)));
  warnings.push(...staleWarnings(documents, nowMs, (document) => fileOf(contentDir, document)));
  documents = undefined;
  warnings.forEach(onWarning);
  const provenance: Provenance = {
    commit: await currentCommit(contentDir),
    dirty: await hasUncommittedChanges(contentDir),
    builtAt: new Date().toISOString(),
  };
  const heads = new Map<string, string>();
  let runs = 0;
  let manifest: Manifest;
  try {
    const kinds = {} as Manifest['kinds'];
    for (const kind of documentKinds) {
      const { metas, bodies, index } = byKind.get(kind)!;
      const positions = metas.map((_, position) => position);
      positions.sort((a, b) => codeUnitOrder(metas[a]!.name, metas[b]!.name) || a - b);
      const head = storeShardedIndex(
        index,
        idsOf(positions),
        objects,
        join(temp, kind, 'tables'),
        kind,
        options.bucketChars,
      );
      heads.set(head.hash, head.text);
      const entries = positions.map((position) =>
        entryOf(kind, metas[position]!, bodies[position]!),
      );
      kinds[kind] = sectionOf(entries, head.hash, put);
      // The kind's entries, body hashes and index are stored: the next kind's merge runs without them.
      runs += index.spilledRuns;
      byKind.delete(kind);
    }
    const graph = graphSection(records, graphIndex, objects, join(temp, 'graph', 'tables'));
    const assembled = assembleKnowledge(knowledge, put, graph);
    manifest = {
      schema: BUNDLE_SCHEMA,
      kinds,
      ...(assembled.records ? { records: assembled.records } : {}),
      knowledge: put(JSON.stringify(assembled.sections)),
    };
  } catch (error) {
    // Too many access groups to precompute every caller's search statistics: the author's to fix.
    if (error instanceof AccessStatisticsLimitError)
      return { ok: false, errors: [{ file: contentDir, line: 1, message: error.message }] };
    throw error;
  }
  const manifestHash = put(JSON.stringify(manifest));
  const pointer = pointerOf(manifestHash, manifest, {
    withParts: (hash) => objects.withParts(hash),
    headText: (hash) => heads.get(hash) as string,
    provenance,
    documentCount,
  });
  // A bundle Cloudflare would refuse fails here, not halfway through a publish; no pointer is written.
  const limits: LimitProblem[] = [...objects.problems, ...pointerProblems(pointer)];
  if (limits.length)
    return {
      ok: false,
      errors: limitErrors(contentDir, limits),
    };
  const pointerFile = join(outDir, 'pointer.json');
  writeFileSync(`${pointerFile}.tmp`, `${JSON.stringify(pointer, null, 2)}\n`);
  renameSync(`${pointerFile}.tmp`, pointerFile);
  return {
    ok: true,
    pointer,
    objects: objects.count,
    bytes: objects.bytes,
    warnings,
    runs: runs + graphIndex.spilledRuns,
  };
}

/** Each position's internal id, given the positions in name order. */
function idsOf(positionsInOrder: readonly number[]): Int32Array {
  const ids = new Int32Array(positionsInOrder.length);
  positionsInOrder.forEach((position, id) => {
    ids[position] = id;
  });
  return ids;
}

/** One kind folder, a document at a time: body stored, terms spilled, entry kept. */
async function compileKind(
  contentDir: string,
  kind: (typeof documentKinds)[number],
  objects: DiskObjects,
  temp: string,
  errors: BuildError[],
  options: StreamBuildOptions,
): Promise<KindDocuments> {
  const kindDir = join(contentDir, kind);
  const files = await listFolderFiles(
    kindDir,
    { root: contentDir, accepts: isMarkdown, subfolders: 'walk', hidden: 'folders' },
    errors,
  );
  const found: KindDocuments = {
    metas: [],
    warnings: [],
    bodies: [],
    index: new StreamedIndex(join(temp, kind), options.spillRecords),
  };
  const byName = new Map<string, KeptDocument>();
  const compiled = inOrder(files, OPEN_FILES_AT_ONCE, (path) => compileFile(kind, kindDir, path));
  for await (const result of compiled) {
    if (!result.ok) {
      errors.push(...result.errors);
      continue;
    }
    const { content } = result.document;
    const existing = byName.get(result.document.name);
    if (existing) {
      errors.push(duplicateError(kindDir, result.document, existing));
      continue;
    }
    const meta = keptOf(result.document);
    found.warnings.push(...result.document.warnings);
    byName.set(meta.name, meta);
    const path = `${kind}/${meta.path}`;
    found.bodies.push(objects.put(content, { what: `body of ${path}`, file: path }));
    found.index.add({
      name: meta.name,
      title: meta.title,
      description: meta.description,
      body: content,
      ...(meta.access ? { access: meta.access } : {}),
    });
    found.metas.push(meta);
  }
  return found;
}

/**
 * A copy of what the build keeps of a document: the parsed fields may be slices of the file's text,
 * which would keep every file in memory, and fields left unset take no room.
 */
function keptOf(document: CompiledDocument): KeptDocument {
  const { kind, name, title, description, path, access, flags } = document;
  const { owner, reviewed, reviewDays, lastChanged, freshnessLine } = document;
  const kept = structuredClone({
    name,
    title,
    description,
    path,
    ...(access !== undefined ? { access } : {}),
    ...(flags.length ? { flags } : {}),
    ...(owner !== undefined ? { owner } : {}),
    ...(reviewed !== undefined ? { reviewed } : {}),
    ...(reviewDays !== undefined ? { reviewDays } : {}),
    ...(lastChanged !== undefined ? { lastChanged } : {}),
    ...(freshnessLine !== undefined ? { freshnessLine } : {}),
  });
  return { kind, ...kept };
}

/** content/graph a record at a time: source stored, terms spilled, record kept without its text. */
async function compileGraphRecords(
  contentDir: string,
  objects: DiskObjects,
  index: StreamedIndex,
  errors: BuildError[],
): Promise<GraphRecordMeta[]> {
  const records: GraphRecordMeta[] = [];
  for await (const record of graphRecordsOf(contentDir, errors)) {
    const { source, body, ...meta } = record;
    const path = `graph/${record.path}`;
    const bodyHash = objects.put(source, { what: `body of ${path}`, file: path });
    index.add({
      name: record.id,
      title: record.title,
      description: [record.description, ...record.tags].join(' '),
      body,
      ...(record.access ? { access: record.access } : {}),
    });
    // A copy, as for documents: slices of the source would keep every record's text in memory.
    records.push(structuredClone({ ...meta, body: bodyHash, position: records.length }));
  }
  return finishGraph(records, errors);
}

/**
 * The graph as assembleKnowledge stores it from whole records: the records' chunks, written one at a
 * time from the kept records (no string of every entry), then the graph index and its search index.
 */
function graphSection(
  records: readonly GraphRecordMeta[],
  index: StreamedIndex,
  objects: DiskObjects,
  dir: string,
): { section: KnowledgeSections['graph']; records: RecordsSection | undefined } {
  if (!records.length) return { section: null, records: undefined };
  const ids = new Int32Array(records.length);
  records.forEach((record, id) => {
    ids[record.position] = id;
  });
  const section = recordsSectionOf(
    (function* () {
      for (const record of records) yield graphRecordEntry(record, record.body);
    })(),
    (text) => objects.put(text, { what: 'a chunk of graph record entries' }),
    (text) => objects.put(text, { what: "the graph records' chunk list" }),
  );
  return {
    section: {
      index: objects.put(JSON.stringify(buildGraphIndex(records)), {
        what: 'the knowledge graph index',
      }),
      search: storeWholeIndex(index, ids, objects, dir, {
        what: 'the knowledge graph search index',
      }),
    },
    records: section,
  };
}
