// The build and the publisher keep a bounded number of files open: `praxis build --out` and a local
// `praxis publish` of three times as many documents as the limit both finish under `ulimit -n 256`
// (writing every object at once ran out of file descriptors, EMFILE, well before that).
import { spawnSync } from 'node:child_process';
import { readdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCorpus } from '../../helpers/node/generated-corpus.ts';

const PROJECT = resolve(import.meta.dirname, '../../..');
const CLI = join(PROJECT, 'bin/praxis.mjs');
const FILE_LIMIT = 256;
// Three times the limit: a build or publish that opened a file per document or object at once would
// need well over FILE_LIMIT descriptors, and fail with EMFILE.
const DOCUMENTS = 3 * FILE_LIMIT;
let dir: string;

/** Runs the CLI in a shell that lowers its open-files limit first. */
function underLowFileLimit(args: string[]) {
  const command = `ulimit -n ${FILE_LIMIT} && exec "$0" "$@"`;
  return spawnSync('bash', ['-c', command, process.execPath, CLI, ...args], {
    cwd: PROJECT,
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    timeout: 300_000,
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'praxis-fds-'));
  await writeCorpus(join(dir, 'content'), DOCUMENTS);
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('bounded I/O under ulimit -n 256', () => {
  it('praxis build --out writes every object', async () => {
    const result = underLowFileLimit([
      'build',
      '--content',
      join(dir, 'content'),
      '--out',
      join(dir, 'bundle'),
    ]);
    expect(result.stderr).not.toContain('EMFILE');
    expect(result.status, result.stderr).toBe(0);
    const objects = await readdir(join(dir, 'bundle', 'objects'));
    expect(objects.length).toBeGreaterThan(DOCUMENTS);
    expect(result.stdout).toContain(`${objects.length} objects`);
  }, 300_000);

  it('praxis publish --local uploads them all and flips the pointer', () => {
    const result = underLowFileLimit([
      'publish',
      '--content',
      join(dir, 'content'),
      '--local',
      '--persist-to',
      join(dir, 'state'),
    ]);
    expect(result.stderr).not.toContain('EMFILE');
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/version \w+ is now current/);
  }, 300_000);
});
