// The node project's folder for one test run, made before the run and removed after it: what the
// run's files share and build once (the installed Praxis, git fixture templates) lives in it, so
// nothing is left in the system's temporary folder when test processes end without their exit
// handlers running.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    runFolder: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'praxis-test-run-'));
  project.provide('runFolder', folder);
  return () => rm(folder, { recursive: true, force: true });
}
