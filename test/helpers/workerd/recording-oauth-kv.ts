// The real OAUTH_KV namespace (miniflare's local KV) with every operation written down, so a test can
// count what a request costs against Cloudflare's daily quotas (1 000 writes, 1 000 deletes, 1 000 lists
// and 100 000 reads a day on the free plan). Miniflare enforces no quota, so counting is the check.
import { env as testEnv } from 'cloudflare:test';

export type KvOperation = 'read' | 'write' | 'delete' | 'list';

export interface RecordingKv {
  binding: KVNamespace;
  /** Every operation in order, with its key (or list prefix). */
  log: { operation: KvOperation; key: string }[];
  count: (operation: KvOperation) => number;
  reset: () => void;
}

export function recordingOAuthKv(): RecordingKv {
  const kv = (testEnv as unknown as { OAUTH_KV: KVNamespace }).OAUTH_KV;
  const log: RecordingKv['log'] = [];
  const note = (operation: KvOperation, key: string) => log.push({ operation, key });
  const binding = {
    get: (key: string, options?: unknown) => (note('read', key), kv.get(key, options as never)),
    getWithMetadata: (key: string, options?: unknown) => (
      note('read', key),
      kv.getWithMetadata(key, options as never)
    ),
    list: (options?: KVNamespaceListOptions) => (
      note('list', options?.prefix ?? ''),
      kv.list(options)
    ),
    put: (key: string, value: string, options?: KVNamespacePutOptions) => (
      note('write', key),
      kv.put(key, value, options)
    ),
    delete: (key: string) => (note('delete', key), kv.delete(key)),
  };
  return {
    binding: binding as unknown as KVNamespace,
    log,
    count: (operation) => log.filter((entry) => entry.operation === operation).length,
    reset: () => log.splice(0),
  };
}
