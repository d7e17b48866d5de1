// Setup file of the worker project. One workerd runs several test files in turn (isolate: false:
// starting a runtime per file cost more CPU than most files' tests). Each file still starts as it
// would in a runtime of its own: with empty KV namespaces and R2 bucket, and with every module of
// this repository evaluated afresh (they are forgotten after each file), so the Worker's
// isolate-level caches start empty. Libraries in node_modules stay evaluated: they keep no state the
// tests observe, and evaluating them again for every file was a tenth of the small files' CPU.
// Files in a folder named insights/ run with insights on (PRAXIS_INSIGHTS, off for the others in
// vitest.config.ts) and the insights D1 database empty with migrations/ applied.
import { env, reset } from 'cloudflare:test';
import { afterAll, expect, vi } from 'vitest';
import { applyInsightsSchema } from './insights-schema.ts';

await reset();
const insightsEnv = env as unknown as { PRAXIS_INSIGHTS: string };
const insightsOff = insightsEnv.PRAXIS_INSIGHTS;
if (expect.getState().testPath?.includes('/insights/')) {
  await applyInsightsSchema();
  insightsEnv.PRAXIS_INSIGHTS = 'on';
}

interface ModuleNode {
  promise?: unknown;
  exports?: unknown;
  evaluated: boolean;
  importers: Set<string>;
}

afterAll(() => {
  insightsEnv.PRAXIS_INSIGHTS = insightsOff;
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
