// The build's check against Cloudflare's limits (src/bundle/platform-limits.ts): every key and
// value a publish would write, the pointer, and what loading a version asks of one invocation.
// A bundle breaking one is refused before anything is written, with the object, its size, the
// limit and what to do.
import { objectKey, POINTER_KEY, type Manifest, type Pointer } from '../../src/bundle/bundle.ts';
import { documentKinds } from '../../src/bundle/kinds.ts';
import { storedChunkRefs } from '../../src/bundle/chunk-list.ts';
import { isPartsList } from '../../src/bundle/object-parts.ts';
import { KV, OBJECT_TARGET_BYTES } from '../../src/bundle/platform-limits.ts';
import type { KnowledgeSections, RecordEntry } from '../../src/bundle/sections.ts';
import { join } from 'node:path';
import { objectText, type Bundle } from './assemble.ts';
import type { BuildError } from './errors.ts';

export interface LimitProblem {
  /** The KV key (object hash or pointer) that breaks the limit. */
  key: string;
  /** What the object is, e.g. "body of processes/deploy.md", "names of processes". */
  what: string;
  /** Source file when the object comes from one document. */
  file?: string;
  message: string;
}

const MiB = 1024 * 1024;
const size = (bytes: number): string =>
  bytes >= MiB ? `${(bytes / MiB).toFixed(1)} MiB` : `${bytes} bytes`;

/** Problems with `bundle` against the platform's limits; empty when it can be published. */
export function platformProblems(bundle: Bundle): LimitProblem[] {
  const problems: LimitProblem[] = [];
  const described = describeObjects(bundle);
  for (const [hash, stored] of bundle.objects)
    problems.push(
      ...objectProblems(hash, stored, described.get(hash) ?? { what: 'bundle object' }),
    );
  problems.push(...pointerProblems(bundle.pointer));
  return problems;
}

/** Problems with one stored object (its key and its value) against KV's limits and the build's target. */
export function objectProblems(
  hash: string,
  stored: string,
  { what, file }: { what: string; file?: string },
): LimitProblem[] {
  const problems: LimitProblem[] = [];
  const bytes = Buffer.byteLength(stored, 'utf8');
  const key = objectKey(hash);
  if (Buffer.byteLength(key) > KV.keyBytes) {
    problems.push({
      key,
      what,
      file,
      message: `its key is ${Buffer.byteLength(key)} bytes; Workers KV keys are at most ${KV.keyBytes} bytes: shorten the key prefix in src/bundle/bundle.ts`,
    });
  }
  if (bytes > KV.valueBytes) {
    problems.push({
      key,
      what,
      file,
      message: `${what} (${hash.slice(0, 12)}) is ${size(bytes)}; a Workers KV value holds at most ${size(KV.valueBytes)}: ${file ? 'split the document into smaller ones' : 'store it in parts (src/bundle/object-parts.ts) or split it by content'}`,
    });
  } else if (bytes > OBJECT_TARGET_BYTES && !isPartsList(stored)) {
    problems.push({
      key,
      what,
      file,
      message: `${what} (${hash.slice(0, 12)}) is ${size(bytes)}; the build keeps every object under ${size(OBJECT_TARGET_BYTES)} (a fifth of KV's ${size(KV.valueBytes)}) so the corpus can grow: ${file ? 'split the document into smaller ones' : 'store it in parts (src/bundle/object-parts.ts)'}`,
    });
  }
  return problems;
}

/** Problems with a version's pointer: its size, and the reads loading the version takes. */
export function pointerProblems(pointer: Pointer): LimitProblem[] {
  const problems: LimitProblem[] = [];
  // The pointer is re-read by every isolate every PRAXIS_POINTER_TTL_MS: it must stay small. Its
  // packed shard lists are bounded by the shard count (at most 1 024 a kind, 43 bytes a shard); the
  // rest, the load list above all, grows with the corpus and has its own bound.
  const { shards, ...rest } = pointer;
  const restBytes = Buffer.byteLength(JSON.stringify(rest));
  if (restBytes > POINTER_LOAD_BYTES) {
    problems.push({
      key: POINTER_KEY,
      what: 'the pointer',
      message: `the pointer is ${size(restBytes)} without its shard lists (${pointer.load.length} objects to load); it is re-read every few seconds and must stay under ${size(POINTER_LOAD_BYTES)}: raise PART_CHARS in src/bundle/object-parts.ts or split the loaded objects differently`,
    });
  }
  const pointerBytes = Buffer.byteLength(JSON.stringify(pointer));
  if (pointerBytes > POINTER_BYTES) {
    problems.push({
      key: POINTER_KEY,
      what: 'the pointer',
      message: `the pointer is ${size(pointerBytes)}, ${size(pointerBytes - restBytes)} of it the search shard lists of ${Object.keys(shards ?? {}).length} kinds; it is re-read every few seconds and must stay under ${size(POINTER_BYTES)}: lower MAX_SHARDS in src/bundle/search/shards.ts`,
    });
  }
  const loadReads = Math.ceil(pointer.load.length / KV.bulkGetKeys);
  if (loadReads > KV.operationsPerInvocation / 10) {
    problems.push({
      key: POINTER_KEY,
      what: "the version's load list",
      message: `loading this version takes ${loadReads} bulk reads; one invocation may make ${KV.operationsPerInvocation} KV operations in all, and loading must leave room for the request's own: store fewer, larger parts`,
    });
  }
  return problems;
}

/** The pointer's bound without its shard lists (the load list grows with the corpus). */
const POINTER_LOAD_BYTES = 64 * 1024;
/** The whole pointer's bound: the load list's plus two kinds' shard lists at the most shards a kind has. */
const POINTER_BYTES = 160 * 1024;

/** Limit problems as build errors: the source file under `contentDir` where there is one, else the object. */
export const limitErrors = (contentDir: string, problems: readonly LimitProblem[]): BuildError[] =>
  problems.map((problem) => ({
    file: problem.file ? join(contentDir, problem.file) : `bundle object ${problem.key}`,
    line: 1,
    message: problem.message,
  }));

export const formatLimitProblem = (problem: LimitProblem): string =>
  `${problem.file ?? `bundle ${problem.key}`}: ${problem.message}`;

/** What each object of a bundle is, for messages: walks the manifest, chunks and knowledge sections. */
function describeObjects(bundle: Bundle): Map<string, { what: string; file?: string }> {
  const described = new Map<string, { what: string; file?: string }>();
  const text = (hash: string) => objectText(bundle.objects, hash);
  const manifestText = text(bundle.pointer.manifest);
  described.set(bundle.pointer.manifest, { what: 'the manifest' });
  if (manifestText === undefined) return described;
  const manifest = JSON.parse(manifestText) as Manifest;
  const refsIn = (list: string) => storedChunkRefs(text(list) ?? '[]');
  for (const kind of documentKinds) {
    const section = manifest.kinds[kind];
    if (!section) continue;
    described.set(section.names, { what: `names of ${kind}` });
    described.set(section.index, { what: `search index head of ${kind}` });
    described.set(section.chunkList, { what: `the chunk list of ${kind}` });
    for (const chunk of refsIn(section.chunkList)) {
      described.set(chunk.hash, { what: `a chunk of ${kind} entries` });
      for (const entry of JSON.parse(text(chunk.hash) ?? '[]') as Array<{
        body: string;
        path: string;
      }>)
        described.set(entry.body, { what: `body of ${entry.path}`, file: entry.path });
    }
  }
  if (manifest.records) {
    described.set(manifest.records.chunkList, { what: "the graph records' chunk list" });
    for (const chunk of refsIn(manifest.records.chunkList)) {
      described.set(chunk.hash, { what: 'a chunk of graph record entries' });
      for (const entry of JSON.parse(text(chunk.hash) ?? '[]') as RecordEntry[])
        described.set(entry.body, { what: `body of ${entry.path}`, file: entry.path });
    }
  }
  if (manifest.knowledge) {
    described.set(manifest.knowledge, {
      what: 'the knowledge sections (templates, frameworks, graph indexes, context, wiki, prompts)',
    });
    const knowledge = JSON.parse(text(manifest.knowledge) ?? '{}') as Partial<KnowledgeSections>;
    if (knowledge.graph) {
      described.set(knowledge.graph.index, { what: 'the knowledge graph index' });
      described.set(knowledge.graph.search, { what: 'the knowledge graph search index' });
    }
    for (const list of [
      knowledge.templates,
      knowledge.frameworks,
      knowledge.wiki,
      knowledge.prompts,
      knowledge.context ? [knowledge.context] : [],
    ]) {
      for (const entry of (list ?? []) as Array<{ body: string; path: string }>)
        described.set(entry.body, { what: `body of ${entry.path}`, file: entry.path });
    }
  }
  for (const [hash, stored] of bundle.objects) {
    if (!isPartsList(stored)) continue;
    const whole = described.get(hash)?.what ?? 'an object';
    const parts = JSON.parse(stored.slice(stored.indexOf('\n') + 1)) as string[];
    parts.forEach((part, i) =>
      described.set(part, { what: `part ${i + 1} of ${parts.length} of ${whole}` }),
    );
  }
  return described;
}
