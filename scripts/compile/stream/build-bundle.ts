// The bundle `praxis publish`, `diff`, `dev` and `deploy` publish, made by the streaming build (the
// one build path): written to a temporary folder, then its objects read back into the Bundle that
// publishing compares and uploads. buildContent, the in-memory build, is kept only as the reference
// the streaming build is held to (test/scripts/compile/stream/build.test.ts).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BuildResult } from '../build.ts';
import { printWarning } from '../build.ts';
import type { BuildError } from '../errors.ts';
import { buildToDirectory, type StreamBuildOptions } from './build.ts';

export async function buildBundle(
  contentDir: string,
  onWarning: (warning: BuildError) => void = printWarning,
  options: StreamBuildOptions = {},
): Promise<BuildResult> {
  const out = mkdtempSync(join(options.tempDir ?? tmpdir(), 'praxis-bundle-'));
  try {
    const built = await buildToDirectory(contentDir, out, onWarning, options);
    if (!built.ok) return built;
    const objects = new Map<string, string>();
    const dir = join(out, 'objects');
    for (const hash of readdirSync(dir).sort())
      objects.set(hash, readFileSync(join(dir, hash), 'utf8'));
    return { ok: true, bundle: { pointer: built.pointer, objects }, warnings: built.warnings };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
