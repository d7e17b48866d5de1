// `praxis dev --watch` under wrangler dev: an edit is served without a restart, a broken file is
// reported as file:line while the last good version keeps serving, and /healthz says when the
// served content has uncommitted changes. Content lives in a temp git repository.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../helpers/eventually.ts';
import { spawnPraxisDev, type RunningDev } from '../../../scripts/dev/spawn-praxis-dev.ts';

const FIXTURE = new URL('../../fixtures/content', import.meta.url).pathname;
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
    cwd,
    stdio: 'ignore',
  });

interface Health {
  status: string;
  version: string;
  dirty?: boolean;
}

describe('praxis dev --watch', () => {
  let repo: string;
  let content: string;
  let dev: RunningDev;
  const health = async () =>
    (await (await fetch(`http://127.0.0.1:${dev.port}/healthz`)).json()) as Health;

  beforeAll(async () => {
    repo = mkdtempSync(join(tmpdir(), 'praxis-watch-'));
    content = join(repo, 'content');
    cpSync(FIXTURE, content, { recursive: true });
    git(repo, 'init', '-q');
    git(repo, 'add', '.');
    git(repo, 'commit', '-qm', 'content');
    dev = await spawnPraxisDev(['--content', content, '--watch', '--insights', 'off']);
  }, 120_000);
  afterAll(async () => {
    await dev?.stop();
    rmSync(repo, { recursive: true, force: true });
  });

  it('serves edits, keeps the last good version on errors (reported at file:line), and flags uncommitted content', async () => {
    const first = await health();
    expect(first.status).toBe('ok');
    expect(first.dirty).toBeUndefined();

    const file = join(content, 'processes/deployment.md');
    writeFileSync(
      file,
      '---\ntitle: Deployment Process\ndescription: Shipping with a canary.\n---\n# Deployment Process\n\nA canary takes 10% of traffic.\n',
    );
    const edited = await eventually(health, (body) => body.version !== first.version);
    expect(edited).toMatchObject({ status: 'ok', dirty: true });
    expect(edited.version).not.toBe(first.version);

    writeFileSync(
      file,
      '---\ntitle: Deployment Process\ndescription: ok\nowner: team: platform\n---\n# Deployment\n',
    );
    const output = await eventually(
      () => dev.output(),
      (text) => text.includes('still serving version'),
    );
    expect(output).toMatch(/processes\/deployment\.md:4: invalid YAML front matter/);
    expect(output).toContain(`still serving version ${edited.version}`);
    expect((await health()).version).toBe(edited.version);

    git(repo, 'checkout', '--', '.');
    const restored = await eventually(health, (body) => body.version === first.version);
    expect(restored.version).toBe(first.version);
    expect(restored.dirty).toBeUndefined();
  }, 180_000);
});
