// The rule docs/testing.md gives for finding a source file's tests holds for every test file: a test
// of one module sits at the module's path under test/ (src/ dropped), a workerd test says so in its
// name, and everything else is a suite in a folder named for the boundary it defends.
import { readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const BOUNDARIES = [
  'mcp',
  'access',
  'auth',
  'insights',
  'content',
  'cli',
  'clients',
  'shim',
  'docs',
  'layers',
];

/** The source file a test of one module tests, by the rule; null for a suite. */
export function moduleOf(test: string): string | null {
  if (test.startsWith('test/suites/')) return null;
  const module = test.replace(/^test\//, '').replace(/(\.workerd)?\.test\.ts$/, '.ts');
  return module.startsWith('scripts/') || module.startsWith('bench/') ? module : `src/${module}`;
}

async function testFiles(): Promise<string[]> {
  const entries = await readdir(join(ROOT, 'test'), { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .sort();
}

describe('where tests are', () => {
  it('every test of one module sits at a module’s path, every suite in a boundary’s folder', async () => {
    const astray: string[] = [];
    for (const test of await testFiles()) {
      if (test.startsWith('test/fixtures/')) continue;
      const module = moduleOf(test);
      if (module === null) {
        const boundary = test.split('/')[2];
        if (!BOUNDARIES.includes(boundary!) || test.split('/').length !== 4)
          astray.push(`${test}: not in one of test/suites/{${BOUNDARIES.join(',')}}/`);
      } else if (!existsSync(join(ROOT, module))) {
        astray.push(`${test}: no ${module} to be the test of`);
      }
    }
    expect(astray).toEqual([]);
  });

  it('maps a test to its module, src/ dropped and the workerd suffix read', () => {
    expect(moduleOf('test/worker/content/lru-cache.test.ts')).toBe(
      'src/worker/content/lru-cache.ts',
    );
    expect(moduleOf('test/worker/http/request-caps.workerd.test.ts')).toBe(
      'src/worker/http/request-caps.ts',
    );
    expect(moduleOf('test/scripts/publish/archive.test.ts')).toBe('scripts/publish/archive.ts');
    expect(moduleOf('test/bench/profiling/isolate-cpu.test.ts')).toBe(
      'bench/profiling/isolate-cpu.ts',
    );
    expect(moduleOf('test/suites/mcp/paging.workerd.test.ts')).toBeNull();
  });
});
