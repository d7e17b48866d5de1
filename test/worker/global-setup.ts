// Runs in Node before the workerd tests: builds the fixture content with the real build and hands
// the bundle to the tests (workerd has no file system), together with spec 000's JSON Schemas.
import { readFile } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { buildContent } from '../../scripts/build/build.ts';
import { formatBuildError } from '../../scripts/build/errors.ts';

export default async function setup(project: TestProject): Promise<void> {
  const built = await buildContent(new URL('../fixtures/content', import.meta.url).pathname);
  if (!built.ok) throw new Error(`fixture content does not build:\n${built.errors.map(formatBuildError).join('\n')}`);
  project.provide('fixtureBundle', { pointer: built.bundle.pointer, objects: [...built.bundle.objects] });
  // The shipped content/ (no career-context document: the notice must be served instead).
  const shipped = await buildContent(new URL('../../content', import.meta.url).pathname);
  if (!shipped.ok) throw new Error(`content/ does not build:\n${shipped.errors.map(formatBuildError).join('\n')}`);
  project.provide('shippedBundle', { pointer: shipped.bundle.pointer, objects: [...shipped.bundle.objects] });
  project.provide('spec000', JSON.parse(await readFile(new URL('../fixtures/spec-000-process-tools.json', import.meta.url), 'utf8')));
}

declare module 'vitest' {
  export interface ProvidedContext {
    fixtureBundle: { pointer: import('../../src/content/bundle.ts').Pointer; objects: Array<[string, string]> };
    shippedBundle: { pointer: import('../../src/content/bundle.ts').Pointer; objects: Array<[string, string]> };
    spec000: { tools: Array<{ name: string; description: string; inputSchema: object; outputSchema: object }> };
  }
}
