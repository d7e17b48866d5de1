// The publish algorithm. Objects are content-addressed, so a publish only adds keys: it uploads the
// objects the store lacks, then the version's complete archive to R2 (parts, head, history), then the
// version record, and flips the one mutable key, the pointer, last. Stopped at any point before the
// flip, the store still serves the previous version, untouched; run again, it uploads only what is
// still missing.
import { createHash } from 'node:crypto';
import {
  POINTER_KEY,
  knowledgeHashOf,
  objectKey,
  type Manifest,
  type Pointer,
  type VersionRecord,
} from '../../src/bundle/bundle.ts';
import { isPartsList, joinedText, partsOf } from '../../src/bundle/object-parts.ts';
import { objectText, type Bundle } from '../compile/assemble.ts';
import { formatLimitProblem, platformProblems } from '../compile/platform-check.ts';
import { KV } from '../../src/bundle/platform-limits.ts';
import { chunkHashesOf, chunkListHashesOf } from '../../src/bundle/document-chunks.ts';
import {
  historyWith,
  HISTORY_KEY,
  readHistory,
  writeArchive,
  type ArchiveWritten,
} from './archive.ts';
import { diffManifests, type ChunkText, type DocumentDiff } from './diff.ts';
import { unnamedObjects } from './reachability.ts';
import { entryBytes, type ContentStore, type Entry } from './store.ts';
import { readState, storedObjects, versionEntries } from './versions.ts';

export interface PublishOptions {
  /** Who wrote the content (the commit's author); recorded with the version. */
  author: string | null;
  /** Compute and report, write nothing. */
  dryRun?: boolean;
  now?: () => Date;
  /** Upload progress: objects and bytes done out of the totals. */
  onUpload?: (progress: { done: number; total: number; bytes: number; totalBytes: number }) => void;
}

export interface Amount {
  count: number;
  bytes: number;
}

export interface PublishReport {
  /** `unchanged`: the store already serves exactly this content. */
  outcome: 'published' | 'unchanged' | 'dry-run';
  version: string;
  previous: Pointer | null;
  diff: DocumentDiff;
  uploaded: Amount;
  skipped: Amount;
  record: VersionRecord;
  /** The version's archive in R2: written now, already there, or (dry run) still to write. */
  archive: ArchiveWritten | 'to write' | null;
  ms: number;
}

export async function publishBundle(
  bundle: Bundle,
  store: ContentStore,
  options: PublishOptions,
): Promise<PublishReport> {
  const started = performance.now();
  const problems = platformProblems(bundle);
  if (problems.length)
    throw new Error(
      `bundle ${bundle.pointer.version} breaks Cloudflare's limits; nothing was written:\n${problems.map(formatLimitProblem).join('\n')}`,
    );
  const [state, history] = await Promise.all([readState(store), readHistory(store.archive)]);
  const previous = state.pointer;
  const objects = withExtraObjectsList(bundle);
  // The packed shard lists stay out of the record: every record is kept in the versions index, and
  // a pointer without them (after a rollback) only costs a cold isolate's first search one read.
  const { shards: _shards, ...recorded } = bundle.pointer;
  const record: VersionRecord = {
    ...recorded,
    author: options.author,
    publishedAt: (options.now?.() ?? new Date()).toISOString(),
    objects: amountOf(bundle.objects.values()),
    ...(objects.extraObjects ? { extraObjects: objects.extraObjects } : {}),
  };
  const report = (
    outcome: PublishReport['outcome'],
    diff: DocumentDiff,
    uploaded: Entry[],
    archive: PublishReport['archive'] = null,
  ): PublishReport => {
    const all = amountOf(objects.entries.map((entry) => entry.value));
    const sent = amountOf(uploaded.map((entry) => entry.value));
    const skipped = { count: all.count - sent.count, bytes: all.bytes - sent.bytes };
    return {
      outcome,
      version: bundle.pointer.version,
      previous,
      diff,
      record,
      uploaded: sent,
      skipped,
      archive,
      ms: performance.now() - started,
    };
  };

  const known = (versions: VersionRecord[]) =>
    versions.some((recorded) => recorded.version === bundle.pointer.version);
  // Served, recorded and archived: a publish of the same content has nothing left to do.
  const alreadyServed =
    previous?.manifest === bundle.pointer.manifest && known(state.versions) && known(history);
  if (alreadyServed && !options.dryRun)
    return report('unchanged', { added: [], changed: [], removed: [] }, []);

  const [previousManifest, stored] = await Promise.all([
    previous ? store.get(objectKey(previous.manifest)) : Promise.resolve(null),
    storedObjects(store),
  ]);
  const diff = diffManifests(
    previousManifest,
    objectText(bundle.objects, bundle.pointer.manifest)!,
    await chunkTexts(store, bundle, previousManifest),
  );
  const missing = objects.entries.filter(
    (entry) => !stored.has(entry.key.slice(objectKey('').length)),
  );
  if (options.dryRun) return report('dry-run', diff, missing, known(history) ? null : 'to write');

  const recordEntries = versionEntries(record, state.versions).entries;
  // The versions index grows with every publish (the objects do not): refuse before uploading anything.
  for (const entry of recordEntries) {
    if (entryBytes(entry) > KV.valueBytes)
      throw new Error(
        `the store's ${entry.key} would be ${(entryBytes(entry) / 1024 ** 2).toFixed(1)} MiB; a Workers KV value holds at most 25 MiB: drop old versions with \`praxis gc --keep N\` first; nothing was written`,
      );
  }
  await uploadObjects(store, missing, options.onUpload);
  // The archive before anything names the version: a version in the history always has a complete archive.
  const archived = await writeArchive(
    store.archive,
    record,
    new Map(objects.entries.map((entry) => [entry.key.slice(objectKey('').length), entry.value])),
  );
  await store.archive.put(HISTORY_KEY, historyWith(record, history).bytes);
  await store.putMany(recordEntries);
  // The flip: the only write a reader can observe, and the last one.
  await store.putMany([
    { key: POINTER_KEY, value: JSON.stringify(bundle.pointer satisfies Pointer) },
  ]);
  return report('published', diff, missing, archived);
}

async function uploadObjects(
  store: ContentStore,
  missing: Entry[],
  onUpload: PublishOptions['onUpload'],
): Promise<void> {
  if (!missing.length) return;
  const totalBytes = missing.reduce((sum, entry) => sum + entryBytes(entry), 0);
  onUpload?.({ done: 0, total: missing.length, bytes: 0, totalBytes });
  await store.putMany(missing, (done, bytes) =>
    onUpload?.({ done, total: missing.length, bytes, totalBytes }),
  );
}

/**
 * Chunk texts for the diff: the bundle's own, plus the previous version's chunk lists, chunks and
 * knowledge object this bundle no longer has (two store reads: the lists, then their chunks).
 */
async function chunkTexts(
  store: ContentStore,
  bundle: Bundle,
  previousManifest: string | null,
): Promise<ChunkText> {
  const fetched = new Map<string, string | null>();
  const text: ChunkText = (hash) => objectText(bundle.objects, hash) ?? fetched.get(hash);
  const readGone = async (hashes: string[]) => {
    const gone = [...new Set(hashes)].filter((hash) => text(hash) === undefined);
    if (!gone.length) return;
    const values = await store.getMany(gone.map(objectKey));
    // An object stored in parts: fetch the parts and keep its joined text.
    const parted = gone.filter((hash) => {
      const value = values.get(objectKey(hash));
      return value != null && isPartsList(value);
    });
    const parts = parted.length
      ? await store.getMany(
          parted.flatMap((hash) => partsOf(values.get(objectKey(hash))!).map(objectKey)),
        )
      : new Map<string, string | null>();
    for (const hash of gone) {
      const value = values.get(objectKey(hash)) ?? null;
      fetched.set(
        hash,
        value !== null && isPartsList(value)
          ? joinedText(value, (part) => parts.get(objectKey(part)))
          : value,
      );
    }
  };
  if (previousManifest !== null) {
    const previous = JSON.parse(previousManifest) as Manifest;
    await readGone([...chunkListHashesOf(previous), ...knowledgeHashOf(previous)]);
    await readGone(chunkHashesOf(previous, text, true));
  }
  return text;
}

/** The bundle's objects as store entries, plus the list of objects its manifest does not name, if any. */
function withExtraObjectsList(bundle: Bundle): { entries: Entry[]; extraObjects?: string } {
  const entries = [...bundle.objects].map(([hash, value]) => ({ key: objectKey(hash), value }));
  const extra = unnamedObjects(bundle);
  if (!extra.length) return { entries };
  const value = JSON.stringify(extra);
  const hash = sha256(value);
  entries.push({ key: objectKey(hash), value });
  return { entries, extraObjects: hash };
}

function amountOf(values: Iterable<string>): Amount {
  let count = 0;
  let bytes = 0;
  for (const value of values) {
    count += 1;
    bytes += Buffer.byteLength(value, 'utf8');
  }
  return { count, bytes };
}

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
