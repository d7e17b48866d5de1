// The one seam between the publisher and the R2 bucket that keeps every published version's archive:
// wrangler's local state (an R2 binding through getPlatformProxy, real R2 semantics in workerd) or the
// deployed bucket (through `wrangler r2 object get/put`, which owns authentication). Small on purpose,
// like ContentStore, so each archive step can be made to fail in tests.

export interface ArchiveStore {
  /** Where the archive lives, for messages: "local R2 bucket praxis-archive", "remote R2 bucket praxis-archive". */
  readonly description: string;
  /** The object's bytes, or null when the bucket has no such key. */
  get(key: string): Promise<Uint8Array | null>;
  put(key: string, bytes: Uint8Array): Promise<void>;
}

/** An ArchiveStore over an R2Bucket binding (here: Miniflare's, through the platform proxy). */
export function r2Archive(bucket: R2Bucket, description: string): ArchiveStore {
  return {
    description,
    async get(key) {
      const object = await bucket.get(key);
      return object ? new Uint8Array(await object.arrayBuffer()) : null;
    },
    async put(key, bytes) {
      await bucket.put(key, bytes);
    },
  };
}
