// Cloudflare's limits that a bundle and the Worker's reads must stay within, in one place, so the
// build can refuse a bundle that would break one and the store never asks for more than a call
// allows. Figures from Cloudflare's limits pages (Workers KV, R2, Workers), December 2026.

/** Workers KV (every plan). */
export const KV = {
  /** Largest value a key may hold. */
  valueBytes: 25 * 1024 * 1024,
  /** Longest key, in UTF-8 bytes. */
  keyBytes: 512,
  /** Largest metadata object attached to a key (serialised JSON). */
  metadataBytes: 1024,
  /** Keys one bulk read (`get([…])`) may name; a bulk read counts as one operation. */
  bulkGetKeys: 100,
  /** KV (and other binding) operations one Worker invocation may make. */
  operationsPerInvocation: 1000,
  /** Smallest `cacheTtl` a read may ask for, in seconds. */
  minCacheTtlSeconds: 30,
  /** Pairs one bulk write through the API may carry, and its body size. */
  bulkPutPairs: 10_000,
  bulkPutBytes: 100 * 1000 * 1000,
} as const;

/** R2 (every plan). */
export const R2 = {
  /** Longest object key, in bytes. */
  keyBytes: 1024,
  /** Custom and HTTP metadata per object. */
  metadataBytes: 8192,
  /** Largest single-part upload (5 GiB less 5 MiB); larger objects need a multipart upload. */
  singleUploadBytes: 5 * 1024 * 1024 * 1024 - 5 * 1024 * 1024,
  /** Largest file `wrangler r2 object put` uploads (its own cap, below the API's): how the publisher writes remotely. */
  wranglerUploadBytes: 300 * 1024 * 1024,
  /** R2 operations one Worker invocation may make (binding calls count like KV's). */
  operationsPerInvocation: 1000,
} as const;

/**
 * Uncompressed bytes per part of a version's archive in R2 (`scripts/publish/archive.ts`). Objects are
 * at most KV's 25 MiB, so a part stays below 64 + 25 MiB before gzip: far inside what wrangler uploads
 * in one file, and a 1 000 000-document version is a few dozen parts, not millions of R2 writes.
 */
export const ARCHIVE_PART_BYTES = 64 * 1024 * 1024;

/** The Worker script. */
export const WORKER = {
  /** Compressed (gzip) script size on the Free plan; the Paid plan allows 10 MB. */
  freeScriptGzipBytes: 3 * 1000 * 1000,
  /** What Praxis holds itself to, well inside the Free plan: cold starts load the whole script. */
  targetScriptGzipBytes: 1024 * 1024,
  /** Subrequests per request on the Free plan (KV reads go through the binding, not subrequests). */
  freeSubrequests: 50,
} as const;

/**
 * What the build aims at for one stored object: a fifth of KV's value limit. Objects that grow with
 * the corpus are cut into parts below this (see `object-parts.ts`), so a corpus ten times larger than
 * planned still fits, and an isolate never has to hold a 25 MiB string to read one part.
 */
export const OBJECT_TARGET_BYTES = 5 * 1024 * 1024;

/** Seconds an edge location may keep a versioned object: they never change under their hash. */
export const IMMUTABLE_CACHE_TTL_SECONDS = 30 * 24 * 60 * 60;
