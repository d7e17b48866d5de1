// Setup file of the worker project. One workerd runs several test files in turn (isolate: false:
// starting a runtime per file cost more CPU than most files' tests). Each file still starts as it
// would in a runtime of its own: with empty KV namespaces and R2 bucket, and with every module
// evaluated afresh (they are all forgotten after each file), so the Worker's isolate-level caches
// start empty.
import { reset } from 'cloudflare:test';
import { afterAll, vi } from 'vitest';

await reset();

afterAll(() => {
  vi.resetModules();
});
