// Which bundled module a CPU profile's time was spent in. esbuild marks where each module starts in
// the bundle (`// node_modules/jose/dist/...`, `// src/worker/auth/authenticate.ts`); a sample belongs to the
// module of its innermost JavaScript frame, so native work (WebCrypto, a KV get) counts for the
// JavaScript that asked for it. Samples with no JavaScript on the stack (garbage collector,
// "(program)") belong to no module.
import { sampleIntervalMs } from './isolate-cpu.ts';
import type { CpuProfile } from './worker-inspector.ts';

/** Module path per line of a bundle (0-based line numbers, as in profiles). */
export function moduleLines(bundle: string): (line: number) => string | undefined {
  const starts: { line: number; module: string }[] = [];
  bundle.split('\n').forEach((text, line) => {
    const marker = /^\/\/ ((?:node_modules|src|bench|scripts)\/\S+)$/.exec(text.trim());
    if (marker) starts.push({ line, module: marker[1]! });
  });
  return (line) => {
    let low = 0,
      high = starts.length - 1,
      found: string | undefined;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (starts[middle]!.line <= line) {
        found = starts[middle]!.module;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    return found;
  };
}

/** The time (ms) of samples whose innermost JavaScript frame lies in a module `inModule` accepts. */
export function msInModules(
  profile: CpuProfile,
  moduleAt: (scriptId: string, line: number) => string | undefined,
  inModule: (module: string) => boolean,
): number {
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const counts = new Map<number, boolean>();
  const counted = (id: number): boolean => {
    const known = counts.get(id);
    if (known !== undefined) return known;
    let result = false;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (!frame.url) continue;
      const module = moduleAt(frame.scriptId, frame.lineNumber);
      result = module !== undefined && inModule(module);
      break;
    }
    counts.set(id, result);
    return result;
  };
  const intervalMs = sampleIntervalMs(profile);
  return profile.samples.filter(counted).length * intervalMs;
}
