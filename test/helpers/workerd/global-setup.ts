// Runs in Node before the workerd tests: builds the fixture content with the real build and hands
// the bundle to the tests (workerd has no file system), together with the process-query contract's JSON Schemas.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildContent } from '../../../scripts/compile/build.ts';
import { formatBuildError } from '../../../scripts/compile/errors.ts';
import { nonInterferenceCases } from './restricted-corpus.ts';

export default async function setup(project: TestProject): Promise<void> {
  const built = await buildContent(new URL('../../fixtures/content', import.meta.url).pathname);
  if (!built.ok)
    throw new Error(
      `fixture content does not build:\n${built.errors.map(formatBuildError).join('\n')}`,
    );
  project.provide('fixtureBundle', {
    pointer: built.bundle.pointer,
    objects: [...built.bundle.objects],
  });
  // The shipped content/ (no career-context document: the notice must be served instead).
  const shipped = await buildContent(new URL('../../../content', import.meta.url).pathname);
  if (!shipped.ok)
    throw new Error(`content/ does not build:\n${shipped.errors.map(formatBuildError).join('\n')}`);
  project.provide('shippedBundle', {
    pointer: shipped.bundle.pointer,
    objects: [...shipped.bundle.objects],
  });
  project.provide('chunkedBundle', await chunkedBundle());
  // Generated corpora with restricted entries of every kind, built whole and per caller without what it may not see.
  project.provide('nonInterference', await nonInterferenceCases(NON_INTERFERENCE_SEEDS));
  // The same fixture with every object over 512 characters stored in parts (parted-objects.test.ts).
  const parted = await buildContent(
    new URL('../../fixtures/content', import.meta.url).pathname,
    () => undefined,
    { partChars: 512 },
  );
  if (!parted.ok)
    throw new Error(
      `fixture content does not build in parts:\n${parted.errors.map(formatBuildError).join('\n')}`,
    );
  project.provide('partedBundle', {
    pointer: parted.bundle.pointer,
    objects: [...parted.bundle.objects],
  });
  project.provide(
    'processToolSchemas',
    JSON.parse(
      await readFile(new URL('../../fixtures/process-tool-schemas.json', import.meta.url), 'utf8'),
    ),
  );
}

/** Seeds of the generated corpora (NON_INTERFERENCE_SEEDS=4,5,6 to try others). */
const NON_INTERFERENCE_SEEDS = (process.env.NON_INTERFERENCE_SEEDS ?? '1,2,3')
  .split(',')
  .map(Number);

/** Processes across several document chunks, every 7th restricted to security-team (document-chunks.test.ts). */
export const CHUNKED_PROCESSES = 700;

async function chunkedBundle() {
  const dir = await mkdtemp(join(tmpdir(), 'praxis-chunked-'));
  try {
    await mkdir(join(dir, 'processes'));
    await Promise.all(
      Array.from({ length: CHUNKED_PROCESSES }, (_, i) => {
        const id = String(i).padStart(4, '0');
        const access = i % 7 === 3 ? 'access: [security-team]\n' : '';
        const topic = i % 2 ? 'rollout canary' : 'retention backups';
        return writeFile(
          join(dir, 'processes', `p-${id}.md`),
          `---\nname: p-${id}\ndescription: Process ${id} about ${topic}.\n${access}---\n# Process ${id}\n\nSteps for ${topic} number ${id}.\n`,
        );
      }),
    );
    const built = await buildContent(dir);
    if (!built.ok)
      throw new Error(
        `the chunked fixture does not build:\n${built.errors.map(formatBuildError).join('\n')}`,
      );
    return { pointer: built.bundle.pointer, objects: [...built.bundle.objects] };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    fixtureBundle: {
      pointer: import('../../../src/bundle/bundle.ts').Pointer;
      objects: Array<[string, string]>;
    };
    chunkedBundle: {
      pointer: import('../../../src/bundle/bundle.ts').Pointer;
      objects: Array<[string, string]>;
    };
    partedBundle: {
      pointer: import('../../../src/bundle/bundle.ts').Pointer;
      objects: Array<[string, string]>;
    };
    shippedBundle: {
      pointer: import('../../../src/bundle/bundle.ts').Pointer;
      objects: Array<[string, string]>;
    };
    nonInterference: import('./restricted-corpus.ts').NonInterferenceCase[];
    processToolSchemas: {
      tools: Array<{
        name: string;
        description: string;
        inputSchema: object;
        outputSchema: object;
      }>;
    };
  }
}
