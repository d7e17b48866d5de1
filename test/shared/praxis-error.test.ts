// Errors of one family: every error class Praxis defines extends PraxisError with a code of its own,
// and the command line maps the family at its one boundary (a stack trace is only ever a bug's).
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitStatusOf } from '../../scripts/cli/exit-status.ts';
import { UsageError } from '../../scripts/cli/command.ts';
import { WranglerFailed } from '../../scripts/dev/wrangler.ts';
import { PraxisError } from '../../src/shared/praxis-error.ts';

const root = join(import.meta.dirname, '../..');

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(join(root, dir), { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(ts|mjs)$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

describe('the error family', () => {
  it('is the only way Praxis defines an error: each class extends PraxisError with its own code', async () => {
    const files = [
      ...(await sourceFiles('src')),
      ...(await sourceFiles('scripts')),
      ...(await sourceFiles('bin')),
    ];
    const outsideFamily: string[] = [];
    const codes = new Map<string, string>();
    for (const file of files) {
      const text = await readFile(join(root, file), 'utf8');
      for (const match of text.matchAll(/class (\w+) extends (?!PraxisError\b)(\w*Error)\b/g))
        if (file !== 'src/shared/praxis-error.ts') outsideFamily.push(`${file}: ${match[0]}`);
      for (const match of text.matchAll(
        /class (\w+) extends PraxisError \{\s*(?:\/\*\*[^]*?\*\/\s*)?static override code = '([A-Z_]+)'/g,
      )) {
        expect(codes.get(match[2]!), `${match[1]} reuses ${match[2]}`).toBeUndefined();
        codes.set(match[2]!, match[1]!);
      }
      const members = [...text.matchAll(/class (\w+) extends PraxisError/g)].length;
      const coded = [
        ...text.matchAll(/class \w+ extends PraxisError \{\s*static override code = '[A-Z_]+'/g),
      ].length;
      expect(coded, `${file}: a PraxisError class without a static code of its own`).toBe(members);
    }
    expect(outsideFamily).toEqual([]);
    expect(codes.size).toBeGreaterThanOrEqual(17);
  });

  it('gives each error its class’s code and name', () => {
    const error = new WranglerFailed(['kv', 'key', 'get'], 'no such key', 1);
    expect(error).toBeInstanceOf(PraxisError);
    expect(error.code).toBe(WranglerFailed.code);
    expect(error.code).toBe('ERR_WRANGLER_FAILED');
    expect(error.name).toBe('WranglerFailed');
  });
});

describe('the command line’s boundary', () => {
  it('prints a usage error with the usage and exits 2', () => {
    expect(
      exitStatusOf(new UsageError('unknown option --x'), 'build', 'usage: praxis build'),
    ).toEqual({ message: 'praxis build: unknown option --x\n\nusage: praxis build', status: 2 });
  });

  it('prints any other error of the family as one message and exits 1', () => {
    const failed = new WranglerFailed(['deploy'], 'Authentication error', 1);
    expect(exitStatusOf(failed, 'deploy', 'usage')).toEqual({
      message: `praxis deploy: ${failed.message}`,
      status: 1,
    });
  });

  it('leaves anything else to Node, stack and all: it is a bug', () => {
    expect(exitStatusOf(new TypeError('x is undefined'), 'build', 'usage')).toBeUndefined();
    expect(exitStatusOf('thrown text', 'build', 'usage')).toBeUndefined();
  });
});
