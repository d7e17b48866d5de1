// The node project's folder for this test run's installed Praxis (installed-praxis.ts installs into
// it when a test first needs it): made before the run, removed after it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    installedPraxisFolder: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'praxis-installed-'));
  project.provide('installedPraxisFolder', folder);
  return () => rm(folder, { recursive: true, force: true });
}
