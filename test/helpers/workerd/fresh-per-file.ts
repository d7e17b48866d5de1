// Setup file of the worker project. One workerd runs several test files in turn (isolate: false:
// starting a runtime per file cost more CPU than most files' tests). Each file still starts as it
// would in a runtime of its own: with empty KV namespaces and R2 bucket, the insights D1 database
// empty with migrations/ applied, and with every module of
// this repository evaluated afresh (they are forgotten after each file), so the Worker's
// isolate-level caches start empty. Libraries in node_modules stay evaluated: they keep no state the
// tests observe, and evaluating them again for every file was a tenth of the small files' CPU.
import { applyD1Migrations, env, reset } from 'cloudflare:test';
import { afterAll, vi } from 'vitest';

await reset();
{
  const { INSIGHTS, TEST_INSIGHTS_MIGRATIONS } = env as unknown as {
    INSIGHTS: D1Database;
    TEST_INSIGHTS_MIGRATIONS: Parameters<typeof applyD1Migrations>[1];
  };
  await applyD1Migrations(INSIGHTS, TEST_INSIGHTS_MIGRATIONS);
}

interface ModuleNode {
  promise?: unknown;
  exports?: unknown;
  evaluated: boolean;
  importers: Set<string>;
}

afterAll(() => {
  // vitest's own registry of evaluated modules (what vi.resetModules clears, libraries included).
  const modules = (
    globalThis as {
      __vitest_worker__?: { evaluatedModules?: { idToModuleMap?: Map<string, ModuleNode> } };
    }
  ).__vitest_worker__?.evaluatedModules?.idToModuleMap;
  if (!modules) {
    vi.resetModules();
    return;
  }
  for (const [id, node] of modules) {
    if (id.includes('/node_modules/')) continue;
    node.promise = undefined;
    node.exports = undefined;
    node.evaluated = false;
    node.importers.clear();
  }
});
